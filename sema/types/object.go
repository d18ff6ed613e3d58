package types

// Object is the kind of a built-in resource or object type.
type Object uint8

const (
	NoObject Object = iota
	Buffer
	RWBuffer
	RasterizerOrderedBuffer
	StructuredBuffer
	RWStructuredBuffer
	RasterizerOrderedStructuredBuffer
	AppendStructuredBuffer
	ConsumeStructuredBuffer
	ByteAddressBuffer
	RWByteAddressBuffer
	RasterizerOrderedByteAddressBuffer
	ConstantBuffer
	TextureBuffer
	Texture1D
	Texture1DArray
	Texture2D
	Texture2DArray
	Texture2DMS
	Texture2DMSArray
	Texture3D
	TextureCube
	TextureCubeArray
	RWTexture1D
	RWTexture1DArray
	RWTexture2D
	RWTexture2DArray
	RWTexture2DMS
	RWTexture2DMSArray
	RWTexture3D
	RasterizerOrderedTexture1D
	RasterizerOrderedTexture1DArray
	RasterizerOrderedTexture2D
	RasterizerOrderedTexture2DArray
	RasterizerOrderedTexture3D
	FeedbackTexture2D
	FeedbackTexture2DArray
	SamplerState
	SamplerComparisonState
	SubpassInput
	SubpassInputMS
	RaytracingAccelerationStructure
	RayQuery
	InputPatch
	OutputPatch
	PointStream
	LineStream
	TriangleStream
	RayDesc // the built-in struct RayDesc
	BuiltInTriangleIntersectionAttributes
	StringObject       // string literals (printf's format)
	VkSpirvType        // vk::SpirvType<opcode, size, alignment, operands...>
	VkSpirvOpaqueType  // vk::SpirvOpaqueType<opcode, operands...>
	VkIntegralConstant // vk::integral_constant<T, v>
	VkLiteral          // vk::Literal<integral_constant>
	VkBufferPointer    // vk::BufferPointer<T, alignment>
	VkSampledTexture1D // vk::SampledTexture1D<T>
	VkSampledTexture1DArray
	VkSampledTexture2D
	VkSampledTexture2DArray
	VkSampledTexture2DMS
	VkSampledTexture2DMSArray
	VkSampledTexture3D
	VkSampledTextureCube
	VkSampledTextureCubeArray
	// Work-graph node objects (SM 6.8): node inputs and outputs of node
	// shader entries and the output records they allocate (nodes.go).
	DispatchNodeInputRecord
	RWDispatchNodeInputRecord
	GroupNodeInputRecords
	RWGroupNodeInputRecords
	ThreadNodeInputRecord
	RWThreadNodeInputRecord
	EmptyNodeInput
	NodeOutput
	NodeOutputArray
	EmptyNodeOutput
	EmptyNodeOutputArray
	ThreadNodeOutputRecords
	GroupNodeOutputRecords
	VkExtResultID // vk::ext_result_id<T>: the result id of an inline SPIR-V instruction, held as is
	VkExtType     // vk::ext_type<id>: the type a call of a vk::ext_type_def(id, opcode) function declares
	NumObjects
)

// ObjectClass groups object kinds by what they are.
type ObjectClass uint8

const (
	ClassNone ObjectClass = iota
	ClassTypedBuffer
	ClassStructuredBuffer
	ClassByteAddressBuffer
	ClassCBuffer // ConstantBuffer, TextureBuffer
	ClassTexture
	ClassSampler
	ClassSubpass
	ClassAccelStruct
	ClassRayQuery
	ClassPatch
	ClassStream
	ClassStruct // RayDesc, BuiltInTriangleIntersectionAttributes
	ClassString
	ClassVk
	ClassNode // work-graph node inputs, outputs and records
)

// TemplateForm says which template arguments an object type takes.
type TemplateForm uint8

const (
	NoTemplate      TemplateForm = iota // SamplerState
	ElemOptional                        // Texture2D or Texture2D<T> (T defaults to float4)
	ElemRequired                        // StructuredBuffer<T>
	ElemCountOpt                        // Texture2DMS<T[, samples]>
	ElemCount                           // InputPatch<T, N>, vk::BufferPointer<T, align>
	CountOnly                           // RayQuery<flags>
	ElemRequiredAny                     // vk::integral_constant<T, v>, vk::SpirvType<...>: free-form args
)

// ResourceDim is the shape of a texture's coordinates.
type ResourceDim uint8

const (
	DimNone ResourceDim = iota
	Dim1D
	Dim2D
	Dim3D
	DimCube
	DimBuffer
)

type objectInfo struct {
	name     string
	class    ObjectClass
	form     TemplateForm
	dim      ResourceDim
	arrayed  bool
	ms       bool
	writable bool // UAV
	rov      bool
}

var objectInfos = [NumObjects]objectInfo{
	NoObject:                              {name: "<invalid>"},
	Buffer:                                {name: "Buffer", class: ClassTypedBuffer, form: ElemOptional, dim: DimBuffer},
	RWBuffer:                              {name: "RWBuffer", class: ClassTypedBuffer, form: ElemOptional, dim: DimBuffer, writable: true},
	RasterizerOrderedBuffer:               {name: "RasterizerOrderedBuffer", class: ClassTypedBuffer, form: ElemOptional, dim: DimBuffer, writable: true, rov: true},
	StructuredBuffer:                      {name: "StructuredBuffer", class: ClassStructuredBuffer, form: ElemRequired, dim: DimBuffer},
	RWStructuredBuffer:                    {name: "RWStructuredBuffer", class: ClassStructuredBuffer, form: ElemRequired, dim: DimBuffer, writable: true},
	RasterizerOrderedStructuredBuffer:     {name: "RasterizerOrderedStructuredBuffer", class: ClassStructuredBuffer, form: ElemRequired, dim: DimBuffer, writable: true, rov: true},
	AppendStructuredBuffer:                {name: "AppendStructuredBuffer", class: ClassStructuredBuffer, form: ElemRequired, dim: DimBuffer, writable: true},
	ConsumeStructuredBuffer:               {name: "ConsumeStructuredBuffer", class: ClassStructuredBuffer, form: ElemRequired, dim: DimBuffer, writable: true},
	ByteAddressBuffer:                     {name: "ByteAddressBuffer", class: ClassByteAddressBuffer, dim: DimBuffer},
	RWByteAddressBuffer:                   {name: "RWByteAddressBuffer", class: ClassByteAddressBuffer, dim: DimBuffer, writable: true},
	RasterizerOrderedByteAddressBuffer:    {name: "RasterizerOrderedByteAddressBuffer", class: ClassByteAddressBuffer, dim: DimBuffer, writable: true, rov: true},
	ConstantBuffer:                        {name: "ConstantBuffer", class: ClassCBuffer, form: ElemRequired},
	TextureBuffer:                         {name: "TextureBuffer", class: ClassCBuffer, form: ElemRequired},
	Texture1D:                             {name: "Texture1D", class: ClassTexture, form: ElemOptional, dim: Dim1D},
	Texture1DArray:                        {name: "Texture1DArray", class: ClassTexture, form: ElemOptional, dim: Dim1D, arrayed: true},
	Texture2D:                             {name: "Texture2D", class: ClassTexture, form: ElemOptional, dim: Dim2D},
	Texture2DArray:                        {name: "Texture2DArray", class: ClassTexture, form: ElemOptional, dim: Dim2D, arrayed: true},
	Texture2DMS:                           {name: "Texture2DMS", class: ClassTexture, form: ElemCountOpt, dim: Dim2D, ms: true},
	Texture2DMSArray:                      {name: "Texture2DMSArray", class: ClassTexture, form: ElemCountOpt, dim: Dim2D, arrayed: true, ms: true},
	Texture3D:                             {name: "Texture3D", class: ClassTexture, form: ElemOptional, dim: Dim3D},
	TextureCube:                           {name: "TextureCube", class: ClassTexture, form: ElemOptional, dim: DimCube},
	TextureCubeArray:                      {name: "TextureCubeArray", class: ClassTexture, form: ElemOptional, dim: DimCube, arrayed: true},
	RWTexture1D:                           {name: "RWTexture1D", class: ClassTexture, form: ElemOptional, dim: Dim1D, writable: true},
	RWTexture1DArray:                      {name: "RWTexture1DArray", class: ClassTexture, form: ElemOptional, dim: Dim1D, arrayed: true, writable: true},
	RWTexture2D:                           {name: "RWTexture2D", class: ClassTexture, form: ElemOptional, dim: Dim2D, writable: true},
	RWTexture2DArray:                      {name: "RWTexture2DArray", class: ClassTexture, form: ElemOptional, dim: Dim2D, arrayed: true, writable: true},
	RWTexture2DMS:                         {name: "RWTexture2DMS", class: ClassTexture, form: ElemCountOpt, dim: Dim2D, ms: true, writable: true},
	RWTexture2DMSArray:                    {name: "RWTexture2DMSArray", class: ClassTexture, form: ElemCountOpt, dim: Dim2D, arrayed: true, ms: true, writable: true},
	RWTexture3D:                           {name: "RWTexture3D", class: ClassTexture, form: ElemOptional, dim: Dim3D, writable: true},
	RasterizerOrderedTexture1D:            {name: "RasterizerOrderedTexture1D", class: ClassTexture, form: ElemOptional, dim: Dim1D, writable: true, rov: true},
	RasterizerOrderedTexture1DArray:       {name: "RasterizerOrderedTexture1DArray", class: ClassTexture, form: ElemOptional, dim: Dim1D, arrayed: true, writable: true, rov: true},
	RasterizerOrderedTexture2D:            {name: "RasterizerOrderedTexture2D", class: ClassTexture, form: ElemOptional, dim: Dim2D, writable: true, rov: true},
	RasterizerOrderedTexture2DArray:       {name: "RasterizerOrderedTexture2DArray", class: ClassTexture, form: ElemOptional, dim: Dim2D, arrayed: true, writable: true, rov: true},
	RasterizerOrderedTexture3D:            {name: "RasterizerOrderedTexture3D", class: ClassTexture, form: ElemOptional, dim: Dim3D, writable: true, rov: true},
	FeedbackTexture2D:                     {name: "FeedbackTexture2D", class: ClassTexture, form: CountOnly, dim: Dim2D, writable: true},
	FeedbackTexture2DArray:                {name: "FeedbackTexture2DArray", class: ClassTexture, form: CountOnly, dim: Dim2D, arrayed: true, writable: true},
	SamplerState:                          {name: "SamplerState", class: ClassSampler},
	SamplerComparisonState:                {name: "SamplerComparisonState", class: ClassSampler},
	SubpassInput:                          {name: "SubpassInput", class: ClassSubpass, form: ElemOptional, dim: Dim2D},
	SubpassInputMS:                        {name: "SubpassInputMS", class: ClassSubpass, form: ElemOptional, dim: Dim2D, ms: true},
	RaytracingAccelerationStructure:       {name: "RaytracingAccelerationStructure", class: ClassAccelStruct},
	RayQuery:                              {name: "RayQuery", class: ClassRayQuery, form: CountOnly},
	InputPatch:                            {name: "InputPatch", class: ClassPatch, form: ElemCount},
	OutputPatch:                           {name: "OutputPatch", class: ClassPatch, form: ElemCount},
	PointStream:                           {name: "PointStream", class: ClassStream, form: ElemRequired},
	LineStream:                            {name: "LineStream", class: ClassStream, form: ElemRequired},
	TriangleStream:                        {name: "TriangleStream", class: ClassStream, form: ElemRequired},
	RayDesc:                               {name: "RayDesc", class: ClassStruct},
	BuiltInTriangleIntersectionAttributes: {name: "BuiltInTriangleIntersectionAttributes", class: ClassStruct},
	StringObject:                          {name: "string", class: ClassString},
	VkSpirvType:                           {name: "vk::SpirvType", class: ClassVk, form: ElemRequiredAny},
	VkSpirvOpaqueType:                     {name: "vk::SpirvOpaqueType", class: ClassVk, form: ElemRequiredAny},
	VkIntegralConstant:                    {name: "vk::integral_constant", class: ClassVk, form: ElemRequiredAny},
	VkLiteral:                             {name: "vk::Literal", class: ClassVk, form: ElemRequiredAny},
	VkBufferPointer:                       {name: "vk::BufferPointer", class: ClassVk, form: ElemCount},
	VkSampledTexture1D:                    {name: "vk::SampledTexture1D", class: ClassTexture, form: ElemOptional, dim: Dim1D},
	VkSampledTexture1DArray:               {name: "vk::SampledTexture1DArray", class: ClassTexture, form: ElemOptional, dim: Dim1D, arrayed: true},
	VkSampledTexture2D:                    {name: "vk::SampledTexture2D", class: ClassTexture, form: ElemOptional, dim: Dim2D},
	VkSampledTexture2DArray:               {name: "vk::SampledTexture2DArray", class: ClassTexture, form: ElemOptional, dim: Dim2D, arrayed: true},
	VkSampledTexture2DMS:                  {name: "vk::SampledTexture2DMS", class: ClassTexture, form: ElemCountOpt, dim: Dim2D, ms: true},
	VkSampledTexture2DMSArray:             {name: "vk::SampledTexture2DMSArray", class: ClassTexture, form: ElemCountOpt, dim: Dim2D, arrayed: true, ms: true},
	VkSampledTexture3D:                    {name: "vk::SampledTexture3D", class: ClassTexture, form: ElemOptional, dim: Dim3D},
	VkSampledTextureCube:                  {name: "vk::SampledTextureCUBE", class: ClassTexture, form: ElemOptional, dim: DimCube},
	VkSampledTextureCubeArray:             {name: "vk::SampledTextureCUBEArray", class: ClassTexture, form: ElemOptional, dim: DimCube, arrayed: true},
	DispatchNodeInputRecord:               {name: "DispatchNodeInputRecord", class: ClassNode, form: ElemRequired},
	RWDispatchNodeInputRecord:             {name: "RWDispatchNodeInputRecord", class: ClassNode, form: ElemRequired},
	GroupNodeInputRecords:                 {name: "GroupNodeInputRecords", class: ClassNode, form: ElemRequired},
	RWGroupNodeInputRecords:               {name: "RWGroupNodeInputRecords", class: ClassNode, form: ElemRequired},
	ThreadNodeInputRecord:                 {name: "ThreadNodeInputRecord", class: ClassNode, form: ElemRequired},
	RWThreadNodeInputRecord:               {name: "RWThreadNodeInputRecord", class: ClassNode, form: ElemRequired},
	EmptyNodeInput:                        {name: "EmptyNodeInput", class: ClassNode},
	NodeOutput:                            {name: "NodeOutput", class: ClassNode, form: ElemRequired},
	NodeOutputArray:                       {name: "NodeOutputArray", class: ClassNode, form: ElemRequired},
	EmptyNodeOutput:                       {name: "EmptyNodeOutput", class: ClassNode},
	EmptyNodeOutputArray:                  {name: "EmptyNodeOutputArray", class: ClassNode},
	ThreadNodeOutputRecords:               {name: "ThreadNodeOutputRecords", class: ClassNode, form: ElemRequired},
	GroupNodeOutputRecords:                {name: "GroupNodeOutputRecords", class: ClassNode, form: ElemRequired},
	VkExtResultID:                         {name: "vk::ext_result_id", class: ClassVk, form: ElemRequired},
	VkExtType:                             {name: "vk::ext_type", class: ClassVk, form: CountOnly},
}

func (o Object) info() *objectInfo {
	if o >= NumObjects {
		return &objectInfos[NoObject]
	}
	return &objectInfos[o]
}

// String is the object's type name as written in HLSL ("Texture2D", "vk::BufferPointer").
func (o Object) String() string { return o.info().name }

// Class groups the object kind.
func (o Object) Class() ObjectClass { return o.info().class }

// Form says which template arguments the object takes.
func (o Object) Form() TemplateForm { return o.info().form }

// Dim is a texture's or buffer's dimensionality.
func (o Object) Dim() ResourceDim { return o.info().dim }

// IsArrayed reports a texture array (Texture2DArray, TextureCubeArray, ...).
func (o Object) IsArrayed() bool { return o.info().arrayed }

// IsMultisampled reports Texture2DMS, Texture2DMSArray, SubpassInputMS, ...
func (o Object) IsMultisampled() bool { return o.info().ms }

// IsWritable reports a UAV (RW*, RasterizerOrdered*, Append/Consume, Feedback*).
func (o Object) IsWritable() bool { return o.info().writable }

// IsROV reports a rasterizer-ordered view.
func (o Object) IsROV() bool { return o.info().rov }

// IsResource reports whether values of this kind are bound resources
// (buffers, textures, samplers, acceleration structures, subpass inputs).
func (o Object) IsResource() bool {
	switch o.Class() {
	case ClassTypedBuffer, ClassStructuredBuffer, ClassByteAddressBuffer, ClassCBuffer,
		ClassTexture, ClassSampler, ClassSubpass, ClassAccelStruct:
		return true
	}
	return false
}

// CoordCount is the number of float components a Sample call's location
// has: the texture's dimensions plus one for an array layer. Zero when the
// object cannot be sampled or indexed by coordinates.
func (o Object) CoordCount() int {
	n := o.SpatialCount()
	if n == 0 {
		return 0
	}
	if o.IsArrayed() {
		n++
	}
	return n
}

// SpatialCount is the number of spatial dimensions (1D:1, 2D:2, 3D and
// cube: 3, buffers: 1), without the array layer.
func (o Object) SpatialCount() int {
	switch o.Dim() {
	case Dim1D, DimBuffer:
		return 1
	case Dim2D:
		return 2
	case Dim3D, DimCube:
		return 3
	}
	return 0
}

// OffsetCount is the number of int components of a texel offset (none for cubes).
func (o Object) OffsetCount() int {
	switch o.Dim() {
	case Dim1D:
		return 1
	case Dim2D:
		return 2
	case Dim3D:
		return 3
	}
	return 0
}

// LoadCoordCount is the number of int components of a Load location: the
// coordinates plus a mip level for mipmapped read-only textures.
func (o Object) LoadCoordCount() int {
	if o.Class() == ClassTypedBuffer {
		return 1
	}
	if o.Class() != ClassTexture || o.Dim() == DimCube {
		return 0
	}
	n := o.CoordCount()
	if !o.IsWritable() && !o.IsMultisampled() {
		n++
	}
	return n
}

// DefaultElem is the element type used when a template argument is omitted
// (float4 for textures and typed buffers), or nil.
func (o Object) DefaultElem() *Type {
	if o.Form() == ElemOptional || o.Form() == ElemCountOpt {
		return Vec(Float, 4)
	}
	return nil
}
