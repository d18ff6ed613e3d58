#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#define VERSION 3
#define LOG(fmt, ...) printf(fmt, ##__VA_ARGS__)
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define UNROLL [unroll]
#define EMPTY

string s = XSTR(VERSION);      string t = STR(VERSION);
int XCAT(var, VERSION) = MAX(1, 2);
LOG("x"); LOG("%d", 1, 2);
UNROLL for (int i = 0; i < 4; ++i) { EMPTY }
float f = -EMPTY-1;
