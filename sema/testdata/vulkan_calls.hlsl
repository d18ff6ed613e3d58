// CONFIG: -T cs_6_6 -E main -fspv-target-env=vulkan1.3 -all-vulkan-errors
// Calls of user functions as DXC's back end lowers them: inline SPIR-V
// instructions take references and literals, unsized array parameters
// cannot be initialized, ext_decorate_id/string do not apply to functions.

static uint mode;
RWStructuredBuffer<uint> output;

[[vk::ext_instruction(/* OpGroupNonUniformBallotBitCount */ 342)]]
uint ballotCount(uint scope, [[vk::ext_literal]] uint operation, uint4 ballot);

[[vk::ext_instruction(/* OpStore */ 62)]]
void store([[vk::ext_reference]] uint pointer, uint value);

[[vk::ext_decorate_string(/* UserTypeGOOGLE */ 5636, "t")]]
uint decorated /* ERROR "vk::ext_decorate_string is not supported on functions" */ (uint x) { return x; }

void fill(uint values[]) { values[0] = 1; }

[numthreads(1, 1, 1)]
void main() {
  uint n = ballotCount(vk::SubgroupScope, 0, uint4(1, 0, 0, 0)); // a literal: fine
  uint m = ballotCount /* ERROR "vk::ext_literal may only be applied to parameters that can be evaluated to a literal value" */ (vk::SubgroupScope, mode, uint4(1, 0, 0, 0));
  uint target;
  store(target, 1);  // a reference: fine
  store(uint /* ERROR "argument for a parameter with vk::ext_reference attribute must be a reference" */ (0), 1);
  uint values[2];
  fill(values /* ERROR "initializer for type 'unsigned int \[\]' unimplemented" */);
  output[0] = n + m + decorated(values[0]) + decorated(values[1]);
}
