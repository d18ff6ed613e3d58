// CONFIG: -T ps_6_1 -E main
// GetAttributeAtVertex cannot read a bool input (DXC says so without a
// location; the argument is pointed at).

bool3 main(nointerpolation bool3 c : COLOR1) : SV_Target {
  return GetAttributeAtVertex(c /* ERROR "attribute evaluation can only be done on values taken directly from inputs." */, 1);
}
