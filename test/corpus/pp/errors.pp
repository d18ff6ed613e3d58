#line 1 "errors.hlsl"

int x =;



int y = +;
---- diagnostics
errors.hlsl:2:12: error: too few arguments provided to function-like macro invocation
int x = F(1);
           ^
errors.hlsl:1:9: note: macro 'F' defined here
#define F(a, b) a + b
        ^
errors.hlsl:3:7: error: division by zero in preprocessor expression
#if 1 / 0
      ^
errors.hlsl:6:9: error: pasting formed '+-', an invalid preprocessing token
int y = CAT(+, -);
        ^
errors.hlsl:5:20: note: expanded from macro 'CAT'
#define CAT(a, b) a##b
                   ^
errors.hlsl:7:2: error: stop here
#error stop here
 ^
errors.hlsl:8:10: fatal error: 'missing.hlsli' file not found
#include "missing.hlsli"
         ^~~~~~~~~~~~~~~
5 errors generated.
