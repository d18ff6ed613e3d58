float a;
#line 100 "generated.hlsl"
float b = __LINE__;
#line 7
float c = __LINE__; // still generated.hlsl
const char *file = __FILE__;
