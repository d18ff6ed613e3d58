#define F(a, b) a + b
int x = F(1);
#if 1 / 0
#endif
#define CAT(a, b) a##b
int y = CAT(+, -);
#error stop here
#include "missing.hlsli"
int never;
