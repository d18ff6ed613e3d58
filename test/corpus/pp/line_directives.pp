#line 1 "line_directives.hlsl"
float a;
#line 100 "generated.hlsl"
float b = 100;
#line 7 "generated.hlsl"
float c = 7;
const char *file = "generated.hlsl";
