// CONFIG: -T cs_6_0 -E main
// DXC's back end runs only on a file without front-end errors, and stops
// after the first declaration (or function) with an error: the second
// bad declaration and the bad call in main are not reported.

string untitled /* ERROR "Found uninitialized string variable." */;
string alsoUntitled;

static uint counter;

[numthreads(1, 1, 1)]
void main() {
  InterlockedAdd(counter, 1);
}
