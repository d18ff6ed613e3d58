// CONFIG: -T as_6_5 -E main
// DispatchMesh's payload must be groupshared memory.

struct Payload { float4 pos; };
groupshared Payload shared;

[numthreads(8, 1, 1)]
void main(uint tid : SV_GroupIndex) {
  Payload local;
  local.pos = 0;
  if (tid == 0)
    DispatchMesh(1, 1, 1, shared);   // fine
  DispatchMesh(1, 1, 1, local /* ERROR "expected groupshared object as argument to DispatchMesh\(\)" */);
}
