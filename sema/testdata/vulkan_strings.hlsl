// CONFIG: -T cs_6_0 -E main
// Global strings are not implicitly const (DXC's front end lets them be
// assigned), but SPIR-V has no string variables: the back end refuses.

string greeting = "hello";

[numthreads(1, 1, 1)]
void main() {
  greeting /* ERROR "string variables are immutable in SPIR-V." */ = "bye";
}
