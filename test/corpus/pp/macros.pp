#line 1 "macros.hlsl"
#line 11 "macros.hlsl"
string s = "3"; string t = "VERSION";
int var3 = ((1) > (2) ? (1) : (2));
printf("x"); printf("%d", 1, 2);
[unroll] for (int i = 0; i < 4; ++i) { }
float f = - -1;
