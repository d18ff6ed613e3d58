// CONFIG: -T ps_6_0 -E main -all-vulkan-errors
// GetDimensions writes its outputs through l-values (a back-end check).

Texture2D<float4> tex;

float4 main(float4 pos : SV_Position) : SV_Target {
  uint width, height, levels;
  tex.GetDimensions(width, height);                       // fine
  tex.GetDimensions(0, width, height, levels);            // the mip level is an input
  tex.GetDimensions(width, 20 /* ERROR "Output argument must be an l-value" */);
  return width + height + levels;
}
