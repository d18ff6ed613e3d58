// CONFIG: -T ps_6_0 -E main
// An inline SPIR-V type's vk::Literal operand must wrap a
// vk::integral_constant (DXC checks this as it lowers a variable's type).

typedef vk::SpirvOpaqueType</* OpTypeArray */ 28, Texture2D, vk::Literal<bool> > BadArray;
typedef vk::SpirvOpaqueType</* OpTypeArray */ 28, Texture2D, vk::Literal<vk::integral_constant<uint, 4> > > GoodArray;

void main() {
  GoodArray fine;
  BadArray bad /* ERROR "The template argument to vk::Literal must be a vk::integral_constant" */;
}
