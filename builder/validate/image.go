package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Image instructions (section 3.42.10) and image types: sampled types,
// dimensions and coordinates, the image operands each opcode accepts,
// OpSampledImage's consumers, and the Vulkan rules (VUIDs 4656-4664, 4777,
// 4780...).

type imageInfo struct {
	sampledType ID
	dim         spv.Dim
	depth       uint32
	arrayed     uint32
	ms          uint32
	sampled     uint32
	format      spv.ImageFormat
	hasAccess   bool
}

// imageInfoOf describes an image type (or the image of a sampled image
// type).
func (c *checker) imageInfoOf(t ID) (imageInfo, bool) {
	d := c.def(t)
	if d != nil && d.Op == spv.OpTypeSampledImage {
		d = c.def(opID(d, 0))
	}
	if d == nil || d.Op != spv.OpTypeImage || len(d.Operands) < 7 {
		return imageInfo{}, false
	}
	return imageInfo{
		sampledType: opID(d, 0), dim: spv.Dim(opWord(d, 1)), depth: opWord(d, 2), arrayed: opWord(d, 3),
		ms: opWord(d, 4), sampled: opWord(d, 5), format: spv.ImageFormat(opWord(d, 6)), hasAccess: len(d.Operands) > 7,
	}, true
}

func isImplicitLod(op spv.Op) bool {
	switch op {
	case spv.OpImageSampleImplicitLod, spv.OpImageSampleDrefImplicitLod, spv.OpImageSampleProjImplicitLod,
		spv.OpImageSampleProjDrefImplicitLod, spv.OpImageSparseSampleImplicitLod,
		spv.OpImageSparseSampleDrefImplicitLod, spv.OpImageSparseSampleProjImplicitLod,
		spv.OpImageSparseSampleProjDrefImplicitLod:
		return true
	}
	return false
}

func isExplicitLod(op spv.Op) bool {
	switch op {
	case spv.OpImageSampleExplicitLod, spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjExplicitLod,
		spv.OpImageSampleProjDrefExplicitLod, spv.OpImageSparseSampleExplicitLod,
		spv.OpImageSparseSampleDrefExplicitLod, spv.OpImageSparseSampleProjExplicitLod,
		spv.OpImageSparseSampleProjDrefExplicitLod:
		return true
	}
	return false
}

func isProj(op spv.Op) bool {
	switch op {
	case spv.OpImageSampleProjImplicitLod, spv.OpImageSampleProjDrefImplicitLod,
		spv.OpImageSparseSampleProjImplicitLod, spv.OpImageSparseSampleProjDrefImplicitLod,
		spv.OpImageSampleProjExplicitLod, spv.OpImageSampleProjDrefExplicitLod,
		spv.OpImageSparseSampleProjExplicitLod, spv.OpImageSparseSampleProjDrefExplicitLod:
		return true
	}
	return false
}

func isSparse(op spv.Op) bool {
	switch op {
	case spv.OpImageSparseSampleImplicitLod, spv.OpImageSparseSampleExplicitLod,
		spv.OpImageSparseSampleDrefImplicitLod, spv.OpImageSparseSampleDrefExplicitLod,
		spv.OpImageSparseSampleProjImplicitLod, spv.OpImageSparseSampleProjExplicitLod,
		spv.OpImageSparseSampleProjDrefImplicitLod, spv.OpImageSparseSampleProjDrefExplicitLod,
		spv.OpImageSparseFetch, spv.OpImageSparseGather, spv.OpImageSparseDrefGather,
		spv.OpImageSparseTexelsResident, spv.OpImageSparseRead:
		return true
	}
	return false
}

func isGather(op spv.Op) bool {
	return op == spv.OpImageGather || op == spv.OpImageDrefGather || op == spv.OpImageSparseGather || op == spv.OpImageSparseDrefGather
}

func planeCoordSize(info imageInfo) uint32 {
	switch info.dim {
	case spv.Dim1D, spv.DimBuffer:
		return 1
	case spv.Dim2D, spv.DimRect, spv.DimSubpassData:
		return 2
	case spv.Dim3D, spv.DimCube:
		return 3
	}
	return 0
}

func minCoordSize(op spv.Op, info imageInfo) uint32 {
	if info.dim == spv.DimCube && (op == spv.OpImageRead || op == spv.OpImageWrite || op == spv.OpImageSparseRead) {
		return 3
	}
	n := planeCoordSize(info) + info.arrayed
	if isProj(op) {
		n++
	}
	return n
}

func (c *checker) checkTypeImage(in *builder.Inst) error {
	info, ok := c.imageInfoOf(in.Result)
	if !ok {
		return c.errorf(RuleImage, in, "corrupt image type")
	}
	bad := func(format string, args ...any) error {
		return c.errorf(RuleImage, in, "OpTypeImage: "+format, args...)
	}
	st := info.sampledType
	if c.isIntScalar(st) && c.bitWidth(st) == 64 && !c.hasCap(spv.CapabilityInt64ImageEXT) {
		return bad("a 64-bit integer sampled type needs the Int64ImageEXT capability")
	}
	if c.vulkan {
		w := c.bitWidth(st)
		if (!c.isFloatScalar(st) && !c.isIntScalar(st)) || (w != 32 && w != 64) || (w == 64 && c.isFloatScalar(st)) {
			return bad("in Vulkan the sampled type must be a 32-bit integer, 64-bit integer or 32-bit float (VUID-StandaloneSpirv-OpTypeImage-04656)")
		}
	} else if op := c.opOf(st); op != spv.OpTypeVoid && op != spv.OpTypeInt && op != spv.OpTypeFloat {
		return bad("the sampled type must be void or a numerical scalar")
	}
	switch {
	case info.depth > 2:
		return bad("invalid Depth %d", info.depth)
	case info.arrayed > 1:
		return bad("invalid Arrayed %d", info.arrayed)
	case info.ms > 1:
		return bad("invalid MS %d", info.ms)
	case info.sampled > 2:
		return bad("invalid Sampled %d", info.sampled)
	}
	if info.dim == spv.DimSubpassData {
		if info.sampled != 2 {
			return bad("Dim SubpassData needs Sampled 2 (VUID-StandaloneSpirv-OpTypeImage-06214)")
		}
		if info.format != spv.ImageFormatUnknown {
			return bad("Dim SubpassData needs the Unknown format")
		}
	} else if info.ms != 0 && info.sampled == 2 && !c.hasCap(spv.CapabilityStorageImageMultisample) {
		return bad("a multisampled storage image needs the StorageImageMultisample capability")
	}
	if c.vulkan {
		if info.sampled == 0 {
			return bad("in Vulkan Sampled must be 1 or 2 (VUID-StandaloneSpirv-OpTypeImage-04657)")
		}
		if info.dim == spv.DimSubpassData && info.arrayed != 0 {
			return bad("Dim SubpassData needs Arrayed 0 (VUID-StandaloneSpirv-OpTypeImage-06214)")
		}
	}
	return nil
}

func (c *checker) checkTypeSampledImage(in *builder.Inst) error {
	if c.opOf(opID(in, 0)) != spv.OpTypeImage {
		return c.errorf(RuleImage, in, "the image of OpTypeSampledImage must be an image type")
	}
	info, ok := c.imageInfoOf(opID(in, 0))
	if !ok {
		return c.errorf(RuleImage, in, "corrupt image type")
	}
	if info.sampled != 0 && info.sampled != 1 {
		return c.errorf(RuleImage, in, "a sampled image type needs an image type with Sampled 0 or 1 (VUID-StandaloneSpirv-OpTypeImage-04657)")
	}
	if c.version >= spv.Version1_6 && info.dim == spv.DimBuffer {
		return c.errorf(RuleImage, in, "from SPIR-V 1.6 a sampled image cannot have Dim Buffer")
	}
	return nil
}

// imageOperands checks the image operands at operand index i.
func (c *checker) imageOperands(in *builder.Inst, info imageInfo, i int) error {
	op := in.Op
	bad := func(format string, args ...any) error {
		return c.errorf(RuleImage, in, "%s: "+format, append([]any{op}, args...)...)
	}
	var mask spv.ImageOperands
	var params []builder.Operand
	if i < len(in.Operands) {
		mask = spv.ImageOperands(in.Operands[i].Word)
		params = in.Operands[i].Params()
	}
	if info.ms != 0 && mask&spv.ImageOperandsSample == 0 {
		return bad("the Sample image operand is needed on a multisampled image")
	}
	if mask == 0 {
		return nil
	}
	n := 0
	next := func() ID {
		if n < len(params) {
			n++
			return params[n-1].ID()
		}
		n++
		return 0
	}
	offsets := mask & (spv.ImageOperandsOffset | spv.ImageOperandsConstOffset | spv.ImageOperandsConstOffsets | spv.ImageOperandsOffsets)
	if offsets&(offsets-1) != 0 {
		return bad("Offset, ConstOffset, ConstOffsets and Offsets cannot be used together (VUID-StandaloneSpirv-Offset-04662)")
	}
	implicit, explicit := isImplicitLod(op), isExplicitLod(op)
	validLod := explicit
	if op == spv.OpImageRead || op == spv.OpImageWrite || op == spv.OpImageSparseRead {
		validLod = c.hasCap(spv.CapabilityImageReadWriteLodAMD)
	}
	gatherLodBias := (op == spv.OpImageGather || op == spv.OpImageSparseGather) && c.hasCap(spv.CapabilityImageGatherBiasLodAMD)
	dim1234 := info.dim == spv.Dim1D || info.dim == spv.Dim2D || info.dim == spv.Dim3D || info.dim == spv.DimCube
	if mask&spv.ImageOperandsBias != 0 {
		if !implicit && !gatherLodBias {
			return bad("Bias can only be used with ImplicitLod opcodes")
		}
		if !c.isFloatScalar(c.typeOf(next())) {
			return bad("Bias must be a float scalar")
		}
		if !dim1234 {
			return bad("Bias needs Dim 1D, 2D, 3D or Cube")
		}
	}
	if mask&spv.ImageOperandsLod != 0 {
		if !validLod && op != spv.OpImageFetch && op != spv.OpImageSparseFetch && !gatherLodBias {
			return bad("Lod can only be used with ExplicitLod opcodes and OpImageFetch")
		}
		if mask&spv.ImageOperandsGrad != 0 {
			return bad("Lod and Grad cannot both be set")
		}
		t := c.typeOf(next())
		if explicit || gatherLodBias {
			if !c.isFloatScalar(t) {
				return bad("Lod must be a float scalar with ExplicitLod")
			}
		} else if !c.isIntScalar(t) {
			return bad("Lod must be an integer scalar with OpImageFetch")
		}
		if !dim1234 {
			return bad("Lod needs Dim 1D, 2D, 3D or Cube")
		}
	}
	if mask&spv.ImageOperandsGrad != 0 {
		if !explicit {
			return bad("Grad can only be used with ExplicitLod opcodes")
		}
		dx, dy := c.typeOf(next()), c.typeOf(next())
		if !c.isFloatScalarOrVector(dx) || !c.isFloatScalarOrVector(dy) {
			return bad("both Grad operands must be float scalars or vectors")
		}
		p := planeCoordSize(info)
		if c.dimension(dx) != p || c.dimension(dy) != p {
			return bad("the Grad operands must have %d components", p)
		}
	}
	if mask&spv.ImageOperandsConstOffset != 0 {
		if info.dim == spv.DimCube {
			return bad("ConstOffset cannot be used with Cube images")
		}
		id := next()
		t := c.typeOf(id)
		if !c.isIntScalarOrVector(t) {
			return bad("ConstOffset must be an integer scalar or vector")
		}
		if !isConstantOp(c.opOf(id)) {
			return bad("ConstOffset must be a constant")
		}
		if p := planeCoordSize(info); c.dimension(t) != p {
			return bad("ConstOffset must have %d components", p)
		}
	}
	if mask&spv.ImageOperandsOffset != 0 {
		if info.dim == spv.DimCube {
			return bad("Offset cannot be used with Cube images")
		}
		t := c.typeOf(next())
		if !c.isIntScalarOrVector(t) {
			return bad("Offset must be an integer scalar or vector")
		}
		if p := planeCoordSize(info); c.dimension(t) != p {
			return bad("Offset must have %d components", p)
		}
		if !c.opts.BeforeHLSLLegalization && c.vulkan && !isGather(op) {
			return bad("Offset can only be used with OpImage*Gather (VUID-StandaloneSpirv-Offset-04663)")
		}
	}
	if mask&spv.ImageOperandsConstOffsets != 0 {
		if !isGather(op) {
			return bad("ConstOffsets can only be used with OpImageGather and OpImageDrefGather")
		}
		if info.dim == spv.DimCube {
			return bad("ConstOffsets cannot be used with Cube images")
		}
		id := next()
		t := c.def(c.typeOf(id))
		if t == nil || t.Op != spv.OpTypeArray {
			return bad("ConstOffsets must be an array of 4")
		}
		if n, _ := c.constUint64(opID(t, 1)); n != 4 {
			return bad("ConstOffsets must be an array of 4")
		}
		if e := opID(t, 0); !c.isIntVector(e) || c.dimension(e) != 2 {
			return bad("the ConstOffsets elements must be integer vectors of 2")
		}
		if !isConstantOp(c.opOf(id)) {
			return bad("ConstOffsets must be a constant")
		}
	}
	if mask&spv.ImageOperandsSample != 0 {
		switch op {
		case spv.OpImageFetch, spv.OpImageRead, spv.OpImageWrite, spv.OpImageSparseFetch, spv.OpImageSparseRead:
		default:
			return bad("Sample can only be used with OpImageFetch, OpImageRead, OpImageWrite, OpImageSparseFetch and OpImageSparseRead")
		}
		if info.ms == 0 {
			return bad("Sample needs a multisampled image")
		}
		if !c.isIntScalar(c.typeOf(next())) {
			return bad("Sample must be an integer scalar")
		}
	}
	if mask&spv.ImageOperandsMinLod != 0 {
		if !implicit && mask&spv.ImageOperandsGrad == 0 {
			return bad("MinLod can only be used with ImplicitLod opcodes or with Grad")
		}
		if !c.isFloatScalar(c.typeOf(next())) {
			return bad("MinLod must be a float scalar")
		}
		if !dim1234 {
			return bad("MinLod needs Dim 1D, 2D, 3D or Cube")
		}
		if info.ms != 0 {
			return bad("MinLod needs MS 0")
		}
	}
	if mask&spv.ImageOperandsMakeTexelAvailable != 0 {
		if op != spv.OpImageWrite {
			return bad("MakeTexelAvailable can only be used with OpImageWrite")
		}
		if mask&spv.ImageOperandsNonPrivateTexel == 0 {
			return bad("MakeTexelAvailable needs NonPrivateTexel")
		}
		if err := c.memoryScope(in, next()); err != nil {
			return err
		}
	}
	if mask&spv.ImageOperandsMakeTexelVisible != 0 {
		if op != spv.OpImageRead && op != spv.OpImageSparseRead {
			return bad("MakeTexelVisible can only be used with OpImageRead and OpImageSparseRead")
		}
		if mask&spv.ImageOperandsNonPrivateTexel == 0 {
			return bad("MakeTexelVisible needs NonPrivateTexel")
		}
		if err := c.memoryScope(in, next()); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) checkImageProj(in *builder.Inst, info imageInfo) error {
	if info.dim != spv.Dim1D && info.dim != spv.Dim2D && info.dim != spv.Dim3D && info.dim != spv.DimRect {
		return c.errorf(RuleImage, in, "%s: the image Dim must be 1D, 2D, 3D or Rect", in.Op)
	}
	if info.ms != 0 {
		return c.errorf(RuleImage, in, "%s: the image must not be multisampled", in.Op)
	}
	if info.arrayed != 0 {
		return c.errorf(RuleImage, in, "%s: the image must not be arrayed", in.Op)
	}
	return nil
}

func (c *checker) checkImageReadWrite(in *builder.Inst, info imageInfo) error {
	if info.sampled == 2 {
		switch {
		case info.dim == spv.Dim1D && !c.hasCap(spv.CapabilityImage1D):
			return c.errorf(RuleImage, in, "the Image1D capability is needed to access a storage image")
		case info.dim == spv.DimRect && !c.hasCap(spv.CapabilityImageRect):
			return c.errorf(RuleImage, in, "the ImageRect capability is needed to access a storage image")
		case info.dim == spv.DimBuffer && !c.hasCap(spv.CapabilityImageBuffer):
			return c.errorf(RuleImage, in, "the ImageBuffer capability is needed to access a storage image")
		case info.dim == spv.DimCube && info.arrayed == 1 && !c.hasCap(spv.CapabilityImageCubeArray):
			return c.errorf(RuleImage, in, "the ImageCubeArray capability is needed to access a storage image")
		}
	} else if info.sampled != 0 {
		return c.errorf(RuleImage, in, "%s: the image's Sampled must be 0 or 2", in.Op)
	}
	return nil
}

// texelType returns the texel type of an image instruction's result (the
// second member of a sparse instruction's struct).
// vec4Texel is the result type of an instruction that returns a whole
// texel: an integer or float vector of 4 components.
func (c *checker) vec4Texel(in *builder.Inst, bad func(string, ...any) error) (ID, error) {
	rt, err := c.texelType(in)
	if err != nil {
		return 0, err
	}
	if !c.isIntVector(rt) && !c.isFloatVector(rt) {
		return 0, bad("the result must be an integer or float vector")
	}
	if c.dimension(rt) != 4 {
		return 0, bad("the result must have 4 components")
	}
	return rt, nil
}

// imageOperand is what the type of operand 0, which must be a want
// (OpTypeSampledImage or OpTypeImage), says of its image.
func (c *checker) imageOperand(in *builder.Inst, want spv.Op, bad func(string, ...any) error) (imageInfo, error) {
	it := c.operandType(in, 0)
	if c.opOf(it) != want {
		if want == spv.OpTypeSampledImage {
			return imageInfo{}, bad("the sampled image must be of type OpTypeSampledImage")
		}
		return imageInfo{}, bad("the image must be of type OpTypeImage")
	}
	info, ok := c.imageInfoOf(it)
	if !ok {
		return imageInfo{}, bad("corrupt image type")
	}
	return info, nil
}

func (c *checker) texelType(in *builder.Inst) (ID, error) {
	if !isSparse(in.Op) {
		return in.Type, nil
	}
	st := c.def(in.Type)
	if st == nil || st.Op != spv.OpTypeStruct {
		return 0, c.errorf(RuleImage, in, "%s: the result type must be a struct", in.Op)
	}
	if len(st.Operands) != 2 || !c.isIntScalar(st.Operands[0].ID()) {
		return 0, c.errorf(RuleImage, in, "%s: the result type must be a struct of an integer scalar and a texel", in.Op)
	}
	return st.Operands[1].ID(), nil
}

func (c *checker) coordinate(in *builder.Inst, info imageInfo, coord ID, isFloat, allowBoth bool) error {
	ct := c.typeOf(coord)
	switch {
	case allowBoth:
		if !c.isFloatScalarOrVector(ct) && !c.isIntScalarOrVector(ct) {
			return c.errorf(RuleImage, in, "%s: the coordinate must be an integer or float scalar or vector", in.Op)
		}
	case isFloat:
		if !c.isFloatScalarOrVector(ct) {
			return c.errorf(RuleImage, in, "%s: the coordinate must be a float scalar or vector", in.Op)
		}
	default:
		if !c.isIntScalarOrVector(ct) {
			return c.errorf(RuleImage, in, "%s: the coordinate must be an integer scalar or vector", in.Op)
		}
	}
	if m := minCoordSize(in.Op, info); m > c.dimension(ct) {
		return c.errorf(RuleImage, in, "%s: the coordinate needs at least %d components", in.Op, m)
	}
	return nil
}

func (c *checker) checkImage(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	op := in.Op
	if isImplicitLod(op) {
		c.limitModel(fn, in, RuleImage, "ImplicitLod instructions need the Fragment, GLCompute, MeshEXT or TaskEXT execution model", derivativeModels...)
		c.limitDerivativeGroup(fn, in, RuleImage, "ImplicitLod instructions in GLCompute, MeshEXT or TaskEXT need the DerivativeGroupQuadsKHR or DerivativeGroupLinearKHR execution mode")
	}
	bad := func(format string, args ...any) error {
		return c.errorf(RuleImage, in, "%s: "+format, append([]any{op}, args...)...)
	}
	switch op {
	case spv.OpSampledImage:
		return c.checkSampledImage(in, blk)
	case spv.OpImageTexelPointer:
		return c.checkImageTexelPointer(in)
	case spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod, spv.OpImageSampleProjImplicitLod,
		spv.OpImageSampleProjExplicitLod, spv.OpImageSparseSampleImplicitLod, spv.OpImageSparseSampleExplicitLod:
		rt, err := c.vec4Texel(in, bad)
		if err != nil {
			return err
		}
		info, err := c.imageOperand(in, spv.OpTypeSampledImage, bad)
		if err != nil {
			return err
		}
		if isProj(op) {
			if err := c.checkImageProj(in, info); err != nil {
				return err
			}
		}
		if info.ms != 0 {
			return bad("sampling is invalid on a multisampled image")
		}
		if c.opOf(info.sampledType) != spv.OpTypeVoid && c.componentType(rt) != info.sampledType {
			return bad("the image's sampled type must be the result's component type")
		}
		kernel := (op == spv.OpImageSampleExplicitLod || op == spv.OpImageSparseSampleExplicitLod) && c.hasCap(spv.CapabilityKernel)
		if err := c.coordinate(in, info, opID(in, 1), true, kernel); err != nil {
			return err
		}
		return c.imageOperands(in, info, 2)
	case spv.OpImageSampleDrefImplicitLod, spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjDrefImplicitLod,
		spv.OpImageSampleProjDrefExplicitLod, spv.OpImageSparseSampleDrefImplicitLod, spv.OpImageSparseSampleDrefExplicitLod:
		rt, err := c.texelType(in)
		if err != nil {
			return err
		}
		if !c.isIntScalar(rt) && !c.isFloatScalar(rt) {
			return bad("the result must be an integer or float scalar")
		}
		info, err := c.imageOperand(in, spv.OpTypeSampledImage, bad)
		if err != nil {
			return err
		}
		if isProj(op) {
			if err := c.checkImageProj(in, info); err != nil {
				return err
			}
		}
		if info.ms != 0 {
			return bad("Dref sampling is invalid on a multisampled image")
		}
		if rt != info.sampledType {
			return bad("the image's sampled type must be the result type")
		}
		if err := c.coordinate(in, info, opID(in, 1), true, false); err != nil {
			return err
		}
		if err := c.dref(in, info, opID(in, 2)); err != nil {
			return err
		}
		return c.imageOperands(in, info, 3)
	case spv.OpImageFetch, spv.OpImageSparseFetch:
		rt, err := c.vec4Texel(in, bad)
		if err != nil {
			return err
		}
		info, err := c.imageOperand(in, spv.OpTypeImage, bad)
		if err != nil {
			return err
		}
		if c.opOf(info.sampledType) != spv.OpTypeVoid && c.componentType(rt) != info.sampledType {
			return bad("the image's sampled type must be the result's component type")
		}
		if info.dim == spv.DimCube {
			return bad("the image cannot be a Cube")
		}
		if info.sampled != 1 {
			return bad("the image's Sampled must be 1")
		}
		if err := c.coordinate(in, info, opID(in, 1), false, false); err != nil {
			return err
		}
		return c.imageOperands(in, info, 2)
	case spv.OpImageGather, spv.OpImageDrefGather, spv.OpImageSparseGather, spv.OpImageSparseDrefGather:
		rt, err := c.vec4Texel(in, bad)
		if err != nil {
			return err
		}
		info, err := c.imageOperand(in, spv.OpTypeSampledImage, bad)
		if err != nil {
			return err
		}
		if info.ms != 0 {
			return bad("gathering is invalid on a multisampled image")
		}
		dref := op == spv.OpImageDrefGather || op == spv.OpImageSparseDrefGather
		if (dref || c.opOf(info.sampledType) != spv.OpTypeVoid) && c.componentType(rt) != info.sampledType {
			return bad("the image's sampled type must be the result's component type")
		}
		if info.dim != spv.Dim2D && info.dim != spv.DimCube && info.dim != spv.DimRect {
			return bad("the image Dim must be 2D, Cube or Rect (VUID-StandaloneSpirv-OpImage-04777)")
		}
		if err := c.coordinate(in, info, opID(in, 1), true, false); err != nil {
			return err
		}
		if !dref {
			comp := opID(in, 2)
			if ct := c.typeOf(comp); !c.isIntScalar(ct) || c.bitWidth(ct) != 32 {
				return bad("the component must be a 32-bit integer scalar")
			}
			if c.vulkan && !isConstantOp(c.opOf(comp)) {
				return bad("the component must be a constant in Vulkan (VUID-StandaloneSpirv-OpImageGather-04664)")
			}
		} else if err := c.dref(in, info, opID(in, 2)); err != nil {
			return err
		}
		return c.imageOperands(in, info, 3)
	case spv.OpImageRead, spv.OpImageSparseRead:
		rt, err := c.texelType(in)
		if err != nil {
			return err
		}
		if !c.isIntScalarOrVector(rt) && !c.isFloatScalarOrVector(rt) {
			return bad("the result must be an integer or float scalar or vector")
		}
		if c.vulkan && c.dimension(rt) != 4 {
			return bad("the result must have 4 components (VUID-StandaloneSpirv-OpImageRead-04780)")
		}
		info, err := c.imageOperand(in, spv.OpTypeImage, bad)
		if err != nil {
			return err
		}
		if info.dim == spv.DimSubpassData {
			if op == spv.OpImageSparseRead {
				return bad("Dim SubpassData cannot be used with OpImageSparseRead")
			}
			c.limitModel(fn, in, RuleImage, "Dim SubpassData needs the Fragment execution model", spv.ExecutionModelFragment)
		}
		if c.opOf(info.sampledType) != spv.OpTypeVoid && c.componentType(rt) != info.sampledType {
			return bad("the image's sampled type must be the result's component type")
		}
		if err := c.checkImageReadWrite(in, info); err != nil {
			return err
		}
		if err := c.coordinate(in, info, opID(in, 1), false, false); err != nil {
			return err
		}
		if c.vulkan && info.format == spv.ImageFormatUnknown && info.dim != spv.DimSubpassData && !c.hasCap(spv.CapabilityStorageImageReadWithoutFormat) {
			return bad("reading a storage image of Unknown format needs StorageImageReadWithoutFormat")
		}
		return c.imageOperands(in, info, 2)
	case spv.OpImageWrite:
		info, err := c.imageOperand(in, spv.OpTypeImage, bad)
		if err != nil {
			return err
		}
		if info.dim == spv.DimSubpassData {
			return bad("the image cannot be SubpassData")
		}
		if err := c.checkImageReadWrite(in, info); err != nil {
			return err
		}
		if err := c.coordinate(in, info, opID(in, 1), false, false); err != nil {
			return err
		}
		tt := c.operandType(in, 2)
		if !c.isIntScalarOrVector(tt) && !c.isFloatScalarOrVector(tt) {
			return bad("the texel must be an integer or float scalar or vector")
		}
		if c.opOf(info.sampledType) != spv.OpTypeVoid && c.componentType(tt) != info.sampledType {
			return bad("the image's sampled type must be the texel's component type")
		}
		if c.vulkan && info.format == spv.ImageFormatUnknown && info.dim != spv.DimSubpassData && !c.hasCap(spv.CapabilityStorageImageWriteWithoutFormat) {
			return bad("writing a storage image of Unknown format needs StorageImageWriteWithoutFormat")
		}
		return c.imageOperands(in, info, 3)
	case spv.OpImage:
		if c.opOf(in.Type) != spv.OpTypeImage {
			return bad("the result type must be an image type")
		}
		st := c.def(c.operandType(in, 0))
		if st == nil || st.Op != spv.OpTypeSampledImage {
			return bad("the sampled image must be of type OpTypeSampledImage")
		}
		if opID(st, 0) != in.Type {
			return bad("the sampled image's image type must be the result type")
		}
	case spv.OpImageQueryFormat, spv.OpImageQueryOrder:
		if !c.isIntScalar(in.Type) {
			return bad("the result type must be an integer scalar")
		}
		if c.opOf(c.operandType(in, 0)) != spv.OpTypeImage {
			return bad("the operand must be an image")
		}
	case spv.OpImageQuerySizeLod, spv.OpImageQuerySize:
		return c.checkImageQuerySize(in)
	case spv.OpImageQueryLod:
		return c.checkImageQueryLod(in, fn)
	case spv.OpImageQueryLevels, spv.OpImageQuerySamples:
		if !c.isIntScalar(in.Type) {
			return bad("the result type must be an integer scalar")
		}
		info, err := c.imageOperand(in, spv.OpTypeImage, bad)
		if err != nil {
			return err
		}
		if op == spv.OpImageQueryLevels {
			if info.dim != spv.Dim1D && info.dim != spv.Dim2D && info.dim != spv.Dim3D && info.dim != spv.DimCube {
				return bad("the image Dim must be 1D, 2D, 3D or Cube")
			}
			if c.vulkan && info.sampled != 1 {
				return bad("the image's Sampled must be 1 (VUID-StandaloneSpirv-OpImageQuerySizeLod-04659)")
			}
		} else {
			if info.dim != spv.Dim2D {
				return bad("the image Dim must be 2D")
			}
			if info.ms != 1 {
				return bad("the image must be multisampled")
			}
		}
	case spv.OpImageSparseTexelsResident:
		if !c.isBoolScalar(in.Type) {
			return bad("the result type must be a bool scalar")
		}
		if !c.isIntScalar(c.operandType(in, 0)) {
			return bad("the resident code must be an integer scalar")
		}
	}
	return nil
}

// derivativeModels are the execution models with derivatives: Fragment,
// and (with a derivative group execution mode) the compute-like ones, as
// SPV_KHR_compute_shader_derivatives extends them to mesh and task shaders.
var derivativeModels = []spv.ExecutionModel{spv.ExecutionModelFragment, spv.ExecutionModelGLCompute, spv.ExecutionModelMeshEXT, spv.ExecutionModelTaskEXT}

// limitDerivativeGroup registers that the compute-like models reaching fn
// need a derivative group execution mode.
func (c *checker) limitDerivativeGroup(fn *builder.Function, in *builder.Inst, rule Rule, msg string) {
	c.limit(fn, in, rule, func(ep *entryPoint) string {
		ms := c.modelsOf(ep.fn)
		if !ms[spv.ExecutionModelGLCompute] && !ms[spv.ExecutionModelMeshEXT] && !ms[spv.ExecutionModelTaskEXT] {
			return ""
		}
		modes := c.modesOf(ep.fn)
		if !modes[spv.ExecutionModeDerivativeGroupLinearKHR] && !modes[spv.ExecutionModeDerivativeGroupQuadsKHR] {
			return msg
		}
		return ""
	})
}

func (c *checker) dref(in *builder.Inst, info imageInfo, id ID) error {
	if t := c.typeOf(id); !c.isFloatScalar(t) || c.bitWidth(t) != 32 {
		return c.errorf(RuleImage, in, "%s: Dref must be a 32-bit float", in.Op)
	}
	if c.vulkan && info.dim == spv.Dim3D {
		return c.errorf(RuleImage, in, "%s: Dref instructions must not use 3D images in Vulkan (VUID-StandaloneSpirv-OpImage-04777)", in.Op)
	}
	return nil
}

func isAllowedSampledImageConsumer(op spv.Op, bindless bool) bool {
	switch op {
	case spv.OpSampledImage, spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod,
		spv.OpImageSampleDrefImplicitLod, spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjImplicitLod,
		spv.OpImageSampleProjExplicitLod, spv.OpImageSampleProjDrefImplicitLod, spv.OpImageSampleProjDrefExplicitLod,
		spv.OpImageGather, spv.OpImageDrefGather, spv.OpImage, spv.OpImageQueryLod,
		spv.OpImageSparseSampleImplicitLod, spv.OpImageSparseSampleExplicitLod,
		spv.OpImageSparseSampleDrefImplicitLod, spv.OpImageSparseSampleDrefExplicitLod,
		spv.OpImageSparseGather, spv.OpImageSparseDrefGather, spv.OpCopyObject:
		return true
	case spv.OpStore:
		return bindless
	}
	return false
}

func (c *checker) checkSampledImage(in *builder.Inst, blk *builder.Block) error {
	bad := func(format string, args ...any) error {
		return c.errorf(RuleImage, in, "OpSampledImage: "+format, args...)
	}
	if c.opOf(in.Type) != spv.OpTypeSampledImage {
		return bad("the result type must be OpTypeSampledImage")
	}
	info, err := c.imageOperand(in, spv.OpTypeImage, bad)
	if err != nil {
		return err
	}
	if c.vulkan {
		if info.sampled != 1 {
			return bad("in Vulkan the image's Sampled must be 1 (VUID-StandaloneSpirv-OpSampledImage-06671)")
		}
	} else if info.sampled != 0 && info.sampled != 1 {
		return bad("the image's Sampled must be 0 or 1")
	}
	if info.dim == spv.DimSubpassData {
		return bad("the image Dim cannot be SubpassData")
	}
	if c.opOf(c.operandType(in, 1)) != spv.OpTypeSampler {
		return bad("the sampler must be of type OpTypeSampler")
	}
	bindless := c.hasCap(spv.CapabilityBindlessTextureNV)
	for _, u := range c.usersOf(in.Result) {
		if u.Type == in.Result || (u.Block == nil && c.funcOfInst(u) == nil) {
			continue // names and decorations come before the definition
		}
		if u.Block != blk || blk == nil {
			return bad("the result must be used in the block that defines it")
		}
		if u.Op == spv.OpPhi || u.Op == spv.OpSelect {
			return bad("the result cannot be an operand of %s", u.Op)
		}
		if !isAllowedSampledImageConsumer(u.Op, bindless) {
			return bad("the result cannot be an operand of %s", u.Op)
		}
	}
	return nil
}

func (c *checker) checkImageTexelPointer(in *builder.Inst) error {
	bad := func(format string, args ...any) error {
		return c.errorf(RuleImage, in, "OpImageTexelPointer: "+format, args...)
	}
	pointee, sc, ok := c.pointerInfo(in.Type)
	if !ok {
		return bad("the result type must be a pointer")
	}
	if sc != spv.StorageClassImage {
		return bad("the result type must be an Image pointer")
	}
	if op := c.opOf(pointee); op != spv.OpTypeInt && op != spv.OpTypeFloat && op != spv.OpTypeVoid {
		return bad("the result must point to a numerical scalar or void")
	}
	it, _, ok := c.pointerInfo(c.operandType(in, 0))
	if !ok {
		return bad("the image must be a pointer")
	}
	if c.opOf(it) != spv.OpTypeImage {
		return bad("the image must point to an image type")
	}
	info, ok := c.imageInfoOf(it)
	if !ok {
		return bad("corrupt image type")
	}
	if info.sampledType != pointee {
		return bad("the image's sampled type must be the result's pointee")
	}
	if info.dim == spv.DimSubpassData {
		return bad("Dim SubpassData cannot be used")
	}
	ct := c.operandType(in, 1)
	if ct == 0 || !c.isIntScalarOrVector(ct) {
		return bad("the coordinate must be an integer scalar or vector")
	}
	var want uint32
	if info.arrayed == 0 {
		want = planeCoordSize(info)
	} else {
		switch info.dim {
		case spv.Dim1D:
			want = 2
		case spv.DimCube, spv.Dim2D:
			want = 3
		default:
			return bad("an arrayed image must be 1D, 2D or Cube")
		}
	}
	if c.dimension(ct) != want {
		return bad("the coordinate must have %d components", want)
	}
	st := c.operandType(in, 2)
	if st == 0 || !c.isIntScalar(st) {
		return bad("the sample must be an integer scalar")
	}
	if info.ms == 0 {
		if v, ok := c.constUint64(opID(in, 2)); !ok || v != 0 {
			return bad("the sample of a non-multisampled image must be the constant 0")
		}
	}
	if c.vulkan {
		switch info.format {
		case spv.ImageFormatR64i, spv.ImageFormatR64ui, spv.ImageFormatR32f, spv.ImageFormatR32i, spv.ImageFormatR32ui:
		default:
			return bad("in Vulkan the image format must be R64i, R64ui, R32f, R32i or R32ui (VUID-StandaloneSpirv-OpImageTexelPointer-04658)")
		}
	}
	return nil
}

func (c *checker) checkImageQuerySize(in *builder.Inst) error {
	op := in.Op
	bad := func(format string, args ...any) error {
		return c.errorf(RuleImage, in, "%s: "+format, append([]any{op}, args...)...)
	}
	if !c.isIntScalarOrVector(in.Type) {
		return bad("the result type must be an integer scalar or vector")
	}
	info, err := c.imageOperand(in, spv.OpTypeImage, bad)
	if err != nil {
		return err
	}
	want := info.arrayed
	switch info.dim {
	case spv.Dim1D:
		want++
	case spv.Dim2D, spv.DimCube:
		want += 2
	case spv.Dim3D:
		want += 3
	case spv.DimBuffer:
		if op == spv.OpImageQuerySizeLod {
			return bad("the image Dim must be 1D, 2D, 3D or Cube")
		}
		want++
	case spv.DimRect:
		if op == spv.OpImageQuerySizeLod {
			return bad("the image Dim must be 1D, 2D, 3D or Cube")
		}
		want += 2
	default:
		return bad("invalid image Dim")
	}
	if op == spv.OpImageQuerySizeLod {
		if info.ms != 0 {
			return bad("the image must not be multisampled")
		}
		if c.vulkan && info.sampled != 1 {
			return bad("the image's Sampled must be 1 (VUID-StandaloneSpirv-OpImageQuerySizeLod-04659)")
		}
	} else if info.dim == spv.Dim1D || info.dim == spv.Dim2D || info.dim == spv.Dim3D || info.dim == spv.DimCube {
		if info.ms != 1 && info.sampled != 0 && info.sampled != 2 {
			return bad("the image must have MS 1 or Sampled 0 or 2")
		}
	}
	if got := c.dimension(in.Type); got != want {
		return bad("the result has %d components, %d expected", got, want)
	}
	if op == spv.OpImageQuerySizeLod && !c.isIntScalar(c.operandType(in, 1)) {
		return bad("the level of detail must be an integer scalar")
	}
	return nil
}

func (c *checker) checkImageQueryLod(in *builder.Inst, fn *builder.Function) error {
	c.limitModel(fn, in, RuleImage, "OpImageQueryLod needs the Fragment, GLCompute, MeshEXT or TaskEXT execution model", derivativeModels...)
	c.limitDerivativeGroup(fn, in, RuleImage, "OpImageQueryLod in GLCompute, MeshEXT or TaskEXT needs the DerivativeGroupQuadsKHR or DerivativeGroupLinearKHR execution mode")
	bad := func(format string, args ...any) error {
		return c.errorf(RuleImage, in, "OpImageQueryLod: "+format, args...)
	}
	if !c.isFloatVector(in.Type) {
		return bad("the result type must be a float vector")
	}
	if c.dimension(in.Type) != 2 {
		return bad("the result type must have 2 components")
	}
	it := c.operandType(in, 0)
	if c.opOf(it) != spv.OpTypeSampledImage {
		return bad("the image must be of type OpTypeSampledImage")
	}
	info, ok := c.imageInfoOf(it)
	if !ok {
		return bad("corrupt image type")
	}
	if info.dim != spv.Dim1D && info.dim != spv.Dim2D && info.dim != spv.Dim3D && info.dim != spv.DimCube {
		return bad("the image Dim must be 1D, 2D, 3D or Cube")
	}
	ct := c.operandType(in, 1)
	if c.hasCap(spv.CapabilityKernel) {
		if !c.isFloatScalarOrVector(ct) && !c.isIntScalarOrVector(ct) {
			return bad("the coordinate must be an integer or float scalar or vector")
		}
	} else if !c.isFloatScalarOrVector(ct) {
		return bad("the coordinate must be a float scalar or vector")
	}
	if m := planeCoordSize(info); m > c.dimension(ct) {
		return bad("the coordinate needs at least %d components", m)
	}
	return nil
}
