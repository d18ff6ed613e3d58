package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Extended instructions: GLSL.std.450 (operand and result types of each
// instruction) and the debug-info sets OpenCL.DebugInfo.100 and
// NonSemantic.Shader.DebugInfo.100 (the kind of instruction each operand
// must name).

func (c *checker) checkExtInst(in *builder.Inst, fn *builder.Function) error {
	if !isExtInst(in.Op) {
		return nil
	}
	if in.Op == spv.OpExtInstWithForwardRefsKHR && !c.isNonSemantic(in) {
		return c.errorf(RuleExtInst, in, "OpExtInstWithForwardRefsKHR is only allowed with non-semantic instruction sets")
	}
	switch set := c.extSetOf(in); set {
	case "GLSL.std.450":
		return c.checkGLSL(in, fn)
	case "OpenCL.DebugInfo.100", "NonSemantic.Shader.DebugInfo.100":
		return c.checkDebugInfo(in, set == "NonSemantic.Shader.DebugInfo.100")
	}
	return nil
}

// extArg returns the id of the i-th operand after the instruction number.
func extArg(in *builder.Inst, i int) ID { return opID(in, 2+i) }

func (c *checker) checkGLSL(in *builder.Inst, fn *builder.Function) error {
	n := opWord(in, 1)
	name := "GLSL.std.450 instruction"
	if e := spv.ExtInstSetByName("GLSL.std.450").Inst(n); e != nil {
		name = "GLSL.std.450 " + e.Name()
	}
	bad := func(format string, args ...any) error {
		return c.errorf(RuleExtInst, in, "%s: "+format, append([]any{name}, args...)...)
	}
	rt := in.Type
	args := in.Operands[min(2, len(in.Operands)):]
	argType := func(i int) ID { return c.typeOf(extArg(in, i)) }
	switch n {
	case spv.GLSLstd450Round, spv.GLSLstd450RoundEven, spv.GLSLstd450FAbs, spv.GLSLstd450Trunc, spv.GLSLstd450FSign,
		spv.GLSLstd450Floor, spv.GLSLstd450Ceil, spv.GLSLstd450Fract, spv.GLSLstd450Sqrt, spv.GLSLstd450InverseSqrt,
		spv.GLSLstd450FMin, spv.GLSLstd450FMax, spv.GLSLstd450FClamp, spv.GLSLstd450FMix, spv.GLSLstd450Step,
		spv.GLSLstd450SmoothStep, spv.GLSLstd450Fma, spv.GLSLstd450Normalize, spv.GLSLstd450FaceForward,
		spv.GLSLstd450Reflect, spv.GLSLstd450NMin, spv.GLSLstd450NMax, spv.GLSLstd450NClamp:
		if !c.isFloatScalarOrVector(rt) {
			return bad("the result type must be a float scalar or vector")
		}
		for i := range args {
			if argType(i) != rt {
				return bad("every operand must have the result type")
			}
		}
	case spv.GLSLstd450SAbs, spv.GLSLstd450SSign, spv.GLSLstd450UMin, spv.GLSLstd450SMin, spv.GLSLstd450UMax,
		spv.GLSLstd450SMax, spv.GLSLstd450UClamp, spv.GLSLstd450SClamp, spv.GLSLstd450FindILsb,
		spv.GLSLstd450FindUMsb, spv.GLSLstd450FindSMsb:
		if !c.isIntScalarOrVector(rt) {
			return bad("the result type must be an integer scalar or vector")
		}
		w, dim := c.bitWidth(rt), c.dimension(rt)
		for i := range args {
			t := argType(i)
			if t == 0 || !c.isIntScalarOrVector(t) {
				return bad("every operand must be an integer scalar or vector")
			}
			if c.dimension(t) != dim {
				return bad("every operand must have the result's dimension")
			}
			if c.bitWidth(t) != w {
				return bad("every operand must have the result's bit width")
			}
			if (n == spv.GLSLstd450FindUMsb || n == spv.GLSLstd450FindSMsb) && w != 32 {
				return bad("this instruction supports only 32-bit integers")
			}
		}
	case spv.GLSLstd450Radians, spv.GLSLstd450Degrees, spv.GLSLstd450Sin, spv.GLSLstd450Cos, spv.GLSLstd450Tan,
		spv.GLSLstd450Asin, spv.GLSLstd450Acos, spv.GLSLstd450Atan, spv.GLSLstd450Sinh, spv.GLSLstd450Cosh,
		spv.GLSLstd450Tanh, spv.GLSLstd450Asinh, spv.GLSLstd450Acosh, spv.GLSLstd450Atanh, spv.GLSLstd450Exp,
		spv.GLSLstd450Exp2, spv.GLSLstd450Log, spv.GLSLstd450Log2, spv.GLSLstd450Atan2, spv.GLSLstd450Pow:
		if !c.isFloatScalarOrVector(rt) {
			return bad("the result type must be a 16- or 32-bit float scalar or vector")
		}
		if w := c.bitWidth(rt); w != 16 && w != 32 {
			return bad("the result type must be a 16- or 32-bit float scalar or vector")
		}
		for i := range args {
			if argType(i) != rt {
				return bad("every operand must have the result type")
			}
		}
	case spv.GLSLstd450Determinant:
		rows, cols, _, comp, ok := c.matrixInfo(argType(0))
		if !ok || rows != cols {
			return bad("X must be a square matrix")
		}
		if rt != comp {
			return bad("the result type must be X's component type")
		}
	case spv.GLSLstd450MatrixInverse:
		rows, cols, _, _, ok := c.matrixInfo(rt)
		if !ok || rows != cols {
			return bad("the result type must be a square matrix")
		}
		if argType(0) != rt {
			return bad("X must have the result type")
		}
	case spv.GLSLstd450Modf, spv.GLSLstd450Frexp:
		if !c.isFloatScalarOrVector(rt) {
			return bad("the result type must be a float scalar or vector")
		}
		if argType(0) != rt {
			return bad("X must have the result type")
		}
		data, _, ok := c.pointerInfo(argType(1))
		if !ok {
			return bad("the second operand must be a pointer")
		}
		if n == spv.GLSLstd450Modf {
			if data != rt {
				return bad("I must point to the result type")
			}
			return nil
		}
		int16 := c.hasExt("SPV_AMD_gpu_shader_int16")
		w := c.bitWidth(data)
		if !c.isIntScalarOrVector(data) || (!int16 && w != 32) || (int16 && w != 16 && w != 32) {
			return bad("Exp must point to a 32-bit integer scalar or vector")
		}
		if c.dimension(rt) != c.dimension(data) {
			return bad("Exp must have the result's dimension")
		}
	case spv.GLSLstd450ModfStruct, spv.GLSLstd450FrexpStruct:
		ms := c.structMembers(rt)
		if !c.isType(rt, spv.OpTypeStruct) || len(ms) != 2 || !c.isFloatScalarOrVector(ms[0].ID()) {
			return bad("the result type must be a struct of two members, the first a float scalar or vector")
		}
		m0, m1 := ms[0].ID(), ms[1].ID()
		if n == spv.GLSLstd450ModfStruct {
			if m1 != m0 {
				return bad("the result struct's members must have the same type")
			}
		} else {
			int16 := c.hasExt("SPV_AMD_gpu_shader_int16")
			w := c.bitWidth(m1)
			if !c.isIntScalarOrVector(m1) || (!int16 && w != 32) || (int16 && w != 16 && w != 32) || c.dimension(m0) != c.dimension(m1) {
				return bad("the result struct's second member must be a 32-bit integer scalar or vector of the first's size")
			}
		}
		if argType(0) != m0 {
			return bad("X must have the result struct's first member type")
		}
	case spv.GLSLstd450Ldexp:
		if !c.isFloatScalarOrVector(rt) {
			return bad("the result type must be a float scalar or vector")
		}
		if argType(0) != rt {
			return bad("X must have the result type")
		}
		et := argType(1)
		if !c.isIntScalarOrVector(et) {
			return bad("Exp must be an integer scalar or vector")
		}
		if c.dimension(rt) != c.dimension(et) {
			return bad("Exp must have the result's dimension")
		}
	case spv.GLSLstd450PackSnorm4x8, spv.GLSLstd450PackUnorm4x8, spv.GLSLstd450PackSnorm2x16,
		spv.GLSLstd450PackUnorm2x16, spv.GLSLstd450PackHalf2x16:
		if !c.isIntScalar(rt) || c.bitWidth(rt) != 32 {
			return bad("the result type must be a 32-bit integer")
		}
		want := uint32(4)
		if n != spv.GLSLstd450PackSnorm4x8 && n != spv.GLSLstd450PackUnorm4x8 {
			want = 2
		}
		if vt := argType(0); !c.isFloatVector(vt) || c.dimension(vt) != want || c.bitWidth(vt) != 32 {
			return bad("v must be a vector of %d 32-bit floats", want)
		}
	case spv.GLSLstd450PackDouble2x32:
		if !c.isFloatScalar(rt) || c.bitWidth(rt) != 64 {
			return bad("the result type must be a 64-bit float")
		}
		if vt := argType(0); !c.isIntVector(vt) || c.dimension(vt) != 2 || c.bitWidth(vt) != 32 {
			return bad("v must be a vector of two 32-bit integers")
		}
	case spv.GLSLstd450UnpackSnorm4x8, spv.GLSLstd450UnpackUnorm4x8, spv.GLSLstd450UnpackSnorm2x16,
		spv.GLSLstd450UnpackUnorm2x16, spv.GLSLstd450UnpackHalf2x16:
		want := uint32(4)
		if n != spv.GLSLstd450UnpackSnorm4x8 && n != spv.GLSLstd450UnpackUnorm4x8 {
			want = 2
		}
		if !c.isFloatVector(rt) || c.dimension(rt) != want || c.bitWidth(rt) != 32 {
			return bad("the result type must be a vector of %d 32-bit floats", want)
		}
		if vt := argType(0); !c.isIntScalar(vt) || c.bitWidth(vt) != 32 {
			return bad("v must be a 32-bit integer")
		}
	case spv.GLSLstd450UnpackDouble2x32:
		if !c.isIntVector(rt) || c.dimension(rt) != 2 || c.bitWidth(rt) != 32 {
			return bad("the result type must be a vector of two 32-bit integers")
		}
		if vt := argType(0); !c.isFloatScalar(vt) || c.bitWidth(vt) != 64 {
			return bad("v must be a 64-bit float")
		}
	case spv.GLSLstd450Length:
		if !c.isFloatScalar(rt) {
			return bad("the result type must be a float scalar")
		}
		x := argType(0)
		if !c.isFloatScalarOrVector(x) {
			return bad("X must be a float scalar or vector")
		}
		if rt != c.componentType(x) {
			return bad("X's component type must be the result type")
		}
	case spv.GLSLstd450Distance:
		if !c.isFloatScalar(rt) {
			return bad("the result type must be a float scalar")
		}
		p0, p1 := argType(0), argType(1)
		if !c.isFloatScalarOrVector(p0) || rt != c.componentType(p0) {
			return bad("P0 must be a float scalar or vector of the result's component type")
		}
		if !c.isFloatScalarOrVector(p1) || rt != c.componentType(p1) {
			return bad("P1 must be a float scalar or vector of the result's component type")
		}
		if c.dimension(p0) != c.dimension(p1) {
			return bad("P0 and P1 must have the same size")
		}
	case spv.GLSLstd450Cross:
		if !c.isFloatVector(rt) {
			return bad("the result type must be a float vector")
		}
		if c.dimension(rt) != 3 {
			return bad("the result type must have 3 components")
		}
		if argType(0) != rt || argType(1) != rt {
			return bad("X and Y must have the result type")
		}
	case spv.GLSLstd450Refract:
		if !c.isFloatScalarOrVector(rt) {
			return bad("the result type must be a float scalar or vector")
		}
		if argType(0) != rt || argType(1) != rt {
			return bad("I and N must have the result type")
		}
		if !c.isFloatScalar(argType(2)) {
			return bad("eta must be a float scalar")
		}
	case spv.GLSLstd450InterpolateAtCentroid, spv.GLSLstd450InterpolateAtSample, spv.GLSLstd450InterpolateAtOffset:
		if !c.hasCap(spv.CapabilityInterpolationFunction) {
			return c.errorf(RuleCapability, in, "%s needs the InterpolationFunction capability", name)
		}
		if !c.isFloatScalarOrVector(rt) || c.bitWidth(rt) != 32 {
			return bad("the result type must be a 32-bit float scalar or vector")
		}
		it := argType(0)
		if c.opts.BeforeHLSLLegalization {
			if d := c.def(extArg(in, 0)); d != nil && d.Op == spv.OpLoad {
				it = c.typeOf(opID(d, 0))
			}
		}
		data, sc, ok := c.pointerInfo(it)
		if !ok {
			return bad("the interpolant must be a pointer")
		}
		if data != rt {
			return bad("the interpolant must point to the result type")
		}
		if sc != spv.StorageClassInput {
			return bad("the interpolant must be an Input")
		}
		if n == spv.GLSLstd450InterpolateAtSample {
			if t := argType(1); !c.isIntScalar(t) || c.bitWidth(t) != 32 {
				return bad("the sample must be a 32-bit integer")
			}
		}
		if n == spv.GLSLstd450InterpolateAtOffset {
			if t := argType(1); !c.isFloatVector(t) || c.dimension(t) != 2 || c.bitWidth(t) != 32 {
				return bad("the offset must be a vector of two 32-bit floats")
			}
		}
		c.limitModel(fn, in, RuleExtInst, name+" needs the Fragment execution model", spv.ExecutionModelFragment)
	case spv.GLSLstd450IMix, glslBad:
		return bad("not supported")
	}
	return nil
}

// glslBad is GLSL.std.450's instruction 0, which the grammar does not list.
const glslBad = 0

// Debug-info instruction numbers shared by OpenCL.DebugInfo.100 and
// NonSemantic.Shader.DebugInfo.100.
const (
	dbgInfoNone             = 0
	dbgCompilationUnit      = 1
	dbgTypeBasic            = 2
	dbgTypePointer          = 3
	dbgTypeQualifier        = 4
	dbgTypeArray            = 5
	dbgTypeVector           = 6
	dbgTypedef              = 7
	dbgTypeFunction         = 8
	dbgTypeEnum             = 9
	dbgTypeComposite        = 10
	dbgTypeMember           = 11
	dbgTypeInheritance      = 12
	dbgTypeTemplate         = 14
	dbgTypeTemplateParam    = 15
	dbgTypeTemplateTmplParm = 16
	dbgGlobalVariable       = 18
	dbgFunctionDeclaration  = 19
	dbgFunction             = 20
	dbgLexicalBlock         = 21
	dbgScope                = 23
	dbgNoScope              = 24
	dbgInlinedAt            = 25
	dbgLocalVariable        = 26
	dbgDeclare              = 28
	dbgValue                = 29
	dbgOperation            = 30
	dbgExpression           = 31
	dbgSource               = 35
	dbgModuleINTEL          = 36  // OpenCL.DebugInfo.100 only
	dbgTypeMatrix           = 108 // NonSemantic.Shader.DebugInfo.100 only
)

// checkDebugInfo checks an instruction of a debug-info set. Word k of the
// instruction (k >= 5, as spirv-val counts) is operand k-3 of the IR.
func (c *checker) checkDebugInfo(in *builder.Inst, vulkan bool) error {
	n := opWord(in, 1)
	bad := func(format string, args ...any) error {
		return c.errorf(RuleExtInst, in, "%s %d: "+format, append([]any{c.extSetOf(in), n}, args...)...)
	}
	if !c.isVoid(in.Type) {
		return bad("the result type must be void")
	}
	numWords := 3 + len(in.Operands)
	word := func(k int) ID { return opID(in, k-3) }
	wordDef := func(k int) *builder.Inst { return c.def(word(k)) }
	// The debug-info instruction number of the instruction word k names,
	// -1 if it is not one.
	dbgKind := func(k int) int {
		if k >= numWords {
			return -1
		}
		d := wordDef(k)
		if d == nil || !isExtInst(d.Op) {
			return -1
		}
		switch c.extSetOf(d) {
		case "OpenCL.DebugInfo.100", "NonSemantic.Shader.DebugInfo.100":
			return int(opWord(d, 1))
		}
		return -1
	}
	isDbg := func(k int, want ...int) bool {
		got := dbgKind(k)
		for _, w := range want {
			if got == w {
				return true
			}
		}
		return false
	}
	operand := func(name string, op spv.Op, k int) error {
		if d := wordDef(k); d == nil || d.Op != op {
			return bad("operand %s must be the result of %s", name, op)
		}
		return nil
	}
	debugOperand := func(name string, want int, k int) error {
		if !isDbg(k, want) {
			return bad("operand %s must be a debug instruction %d", name, want)
		}
		return nil
	}
	constUint := func(name string, k int) error {
		if !vulkan {
			return nil
		}
		if !c.isUint32Constant(word(k)) {
			return bad("operand %s must be a 32-bit unsigned OpConstant", name)
		}
		return nil
	}
	lexicalScope := func(name string, k int) error {
		if !isDbg(k, dbgCompilationUnit, dbgFunction, dbgLexicalBlock, dbgTypeComposite) {
			return bad("operand %s must be a lexical scope", name)
		}
		return nil
	}
	debugType := func(name string, k int, templateParam bool) error {
		if vulkan && isDbg(k, dbgTypeMatrix) {
			return nil
		}
		got := dbgKind(k)
		if templateParam && (got == dbgTypeTemplateParam || got == dbgTypeTemplateTmplParm) {
			return nil
		}
		if got >= dbgTypeBasic && got <= dbgTypeTemplate {
			return nil
		}
		return bad("operand %s is not a debug type", name)
	}
	firstErr := func(errs ...error) error {
		for _, e := range errs {
			if e != nil {
				return e
			}
		}
		return nil
	}
	if vulkan && n == dbgTypeMatrix {
		if err := debugOperand("Vector Type", dbgTypeVector, 5); err != nil {
			return err
		}
		if err := constUint("Vector Count", 6); err != nil {
			return err
		}
		v, ok := c.constUint64(word(6))
		if !ok {
			return bad("Vector Count must be a 32-bit integer OpConstant")
		}
		if v&0xffffffff == 0 || v&0xffffffff > 4 {
			return bad("Vector Count must be 1 to 4")
		}
		return nil
	}
	if vulkan && n > dbgSource {
		return nil
	}
	if !vulkan && n == dbgModuleINTEL {
		return nil
	}
	switch n {
	case dbgOperation:
		if err := constUint("Operation", 5); err != nil {
			return err
		}
		for k := 6; k < numWords; k++ {
			if err := constUint("Operand", k); err != nil {
				return err
			}
		}
	case dbgCompilationUnit:
		return firstErr(constUint("Version", 5), constUint("DWARF Version", 6), debugOperand("Source", dbgSource, 7), constUint("Language", 8))
	case dbgSource:
		if err := operand("File", spv.OpString, 5); err != nil {
			return err
		}
		if numWords == 7 {
			return operand("Text", spv.OpString, 6)
		}
	case dbgTypeBasic:
		return firstErr(operand("Name", spv.OpString, 5), operand("Size", spv.OpConstant, 6), constUint("Encoding", 7))
	case dbgTypePointer:
		return firstErr(debugOperand("Base Type", dbgTypeBasic, 5), constUint("Storage Class", 6), constUint("Flags", 7))
	case dbgTypeQualifier:
		return firstErr(debugOperand("Base Type", dbgTypeBasic, 5), constUint("Type Qualifier", 6))
	case dbgTypeVector:
		if err := firstErr(debugOperand("Base Type", dbgTypeBasic, 5), constUint("Component Count", 6)); err != nil {
			return err
		}
		count := opWord(in, 3)
		if vulkan {
			v, ok := c.constUint64(word(6))
			if !ok {
				return bad("Component Count must be a 32-bit integer OpConstant")
			}
			count = uint32(v)
		}
		if count == 0 || count > 4 {
			return bad("Component Count must be 1 to 4")
		}
	case dbgTypeArray:
		if err := debugType("Base Type", 5, false); err != nil {
			return err
		}
		for k := 6; k < numWords; k++ {
			if !c.validDebugArrayCount(word(k), vulkan) {
				return bad("Component Count must be an integer OpConstant of 32 or 64 bits or an unsigned 32- or 64-bit debug variable")
			}
		}
	case dbgTypedef:
		return firstErr(operand("Name", spv.OpString, 5), debugOperand("Base Type", dbgTypeBasic, 6),
			debugOperand("Source", dbgSource, 7), constUint("Line", 8), constUint("Column", 9), lexicalScope("Parent", 10))
	case dbgTypeFunction:
		if err := constUint("Flags", 5); err != nil {
			return err
		}
		if d := wordDef(6); d == nil || d.Op != spv.OpTypeVoid {
			if err := debugType("Return Type", 6, true); err != nil {
				return err
			}
		}
		for k := 7; k < numWords; k++ {
			if err := debugType("Parameter Types", k, true); err != nil {
				return err
			}
		}
	case dbgTypeEnum:
		if err := operand("Name", spv.OpString, 5); err != nil {
			return err
		}
		if !isDbg(6, dbgInfoNone) {
			if err := debugType("Underlying Types", 6, false); err != nil {
				return err
			}
		}
		if err := firstErr(debugOperand("Source", dbgSource, 7), constUint("Line", 8), constUint("Column", 9),
			lexicalScope("Parent", 10), operand("Size", spv.OpConstant, 11)); err != nil {
			return err
		}
		if s := wordDef(11); !c.isIntScalar(s.Type) || opWord(s, 0) == 0 {
			return bad("operand Size must be a positive integer")
		}
		if err := constUint("Flags", 12); err != nil {
			return err
		}
		for k := 13; k+1 < numWords; k += 2 {
			if err := firstErr(operand("Value", spv.OpConstant, k), operand("Name", spv.OpString, k+1)); err != nil {
				return err
			}
		}
	case dbgTypeComposite:
		if err := firstErr(operand("Name", spv.OpString, 5), debugOperand("Source", dbgSource, 7), constUint("Line", 8),
			constUint("Column", 9), lexicalScope("Parent", 10), operand("Linkage Name", spv.OpString, 11)); err != nil {
			return err
		}
		if !isDbg(12, dbgInfoNone) {
			if err := operand("Size", spv.OpConstant, 12); err != nil {
				return err
			}
		}
		if err := constUint("Flags", 13); err != nil {
			return err
		}
		for k := 14; k < numWords; k++ {
			if !isDbg(k, dbgTypeMember, dbgFunction, dbgTypeInheritance) {
				return bad("operand Members must be DebugTypeMember, DebugFunction or DebugTypeInheritance")
			}
		}
	case dbgTypeMember:
		if err := firstErr(operand("Name", spv.OpString, 5), debugType("Type", 6, true), debugOperand("Source", dbgSource, 7),
			constUint("Line", 8), constUint("Column", 9)); err != nil {
			return err
		}
		if vulkan {
			if err := firstErr(operand("Offset", spv.OpConstant, 10), operand("Size", spv.OpConstant, 11), constUint("Flags", 12)); err != nil {
				return err
			}
			if numWords == 14 {
				return operand("Value", spv.OpConstant, 13)
			}
		} else {
			if err := firstErr(debugOperand("Parent", dbgTypeComposite, 10), operand("Offset", spv.OpConstant, 11),
				operand("Size", spv.OpConstant, 12), constUint("Flags", 13)); err != nil {
				return err
			}
			if numWords == 15 {
				return operand("Value", spv.OpConstant, 14)
			}
		}
	case dbgTypeInheritance:
		for _, k := range []int{5, 6} {
			if err := debugOperand("Child/Parent", dbgTypeComposite, k); err != nil {
				return err
			}
			if d := wordDef(k); opWord(d, 3) != 0 && opWord(d, 3) != 1 { // Class, Structure
				return bad("operands Child and Parent must be class or struct debug types")
			}
		}
		return firstErr(operand("Offset", spv.OpConstant, 7), operand("Size", spv.OpConstant, 8), constUint("Flags", 9))
	case dbgFunction:
		if err := firstErr(operand("Name", spv.OpString, 5), debugType("Type", 6, false), debugOperand("Source", dbgSource, 7),
			constUint("Line", 8), constUint("Column", 9), lexicalScope("Parent", 10), operand("Linkage Name", spv.OpString, 11),
			constUint("Flags", 12), constUint("Scope Line", 13)); err != nil {
			return err
		}
		if vulkan {
			if numWords == 15 {
				return debugOperand("Declaration", dbgFunctionDeclaration, 14)
			}
		} else {
			if !isDbg(14, dbgInfoNone) {
				if err := operand("Function", spv.OpFunction, 14); err != nil {
					return err
				}
			}
			if numWords == 16 {
				return debugOperand("Declaration", dbgFunctionDeclaration, 15)
			}
		}
	case dbgFunctionDeclaration:
		return firstErr(operand("Name", spv.OpString, 5), debugType("Type", 6, false), debugOperand("Source", dbgSource, 7),
			constUint("Line", 8), constUint("Column", 9), lexicalScope("Parent", 10), operand("Linkage Name", spv.OpString, 11),
			constUint("Flags", 12))
	case dbgLexicalBlock:
		if err := firstErr(debugOperand("Source", dbgSource, 5), constUint("Line", 6), constUint("Column", 7), lexicalScope("Parent", 8)); err != nil {
			return err
		}
		if numWords == 10 {
			return operand("Name", spv.OpString, 9)
		}
	case dbgScope:
		if err := lexicalScope("Scope", 5); err != nil {
			return err
		}
		if numWords == 7 {
			return debugOperand("Inlined At", dbgInlinedAt, 6)
		}
	case dbgLocalVariable:
		if err := firstErr(operand("Name", spv.OpString, 5), debugType("Type", 6, true), debugOperand("Source", dbgSource, 7),
			constUint("Line", 8), constUint("Column", 9), lexicalScope("Parent", 10), constUint("Flags", 11)); err != nil {
			return err
		}
		if numWords == 13 {
			return constUint("ArgNumber", 12)
		}
	case dbgDeclare:
		if err := debugOperand("Local Variable", dbgLocalVariable, 5); err != nil {
			return err
		}
		if d := wordDef(6); d == nil || (d.Op != spv.OpVariable && d.Op != spv.OpFunctionParameter) {
			return bad("operand Variable must be an OpVariable or OpFunctionParameter")
		}
		if err := debugOperand("Expression", dbgExpression, 7); err != nil {
			return err
		}
		if vulkan {
			for k := 8; k < numWords; k++ {
				if d := wordDef(k); d == nil || !c.isIntScalar(d.Type) {
					return bad("the indexes must be integer scalars")
				}
			}
		}
	case dbgExpression:
		for k := 5; k < numWords; k++ {
			if err := debugOperand("Operation", dbgOperation, k); err != nil {
				return err
			}
		}
	case dbgTypeTemplate:
		if !isDbg(5, dbgTypeComposite, dbgFunction) {
			return bad("operand Target must be DebugTypeComposite or DebugFunction")
		}
		for k := 6; k < numWords; k++ {
			if !isDbg(k, dbgTypeTemplateParam, dbgTypeTemplateTmplParm) {
				return bad("operand Parameters must be DebugTypeTemplateParameter or DebugTypeTemplateTemplateParameter")
			}
		}
	case dbgTypeTemplateParam:
		if err := firstErr(operand("Name", spv.OpString, 5), debugType("Actual Type", 6, false)); err != nil {
			return err
		}
		if !isDbg(7, dbgInfoNone) {
			if err := operand("Value", spv.OpConstant, 7); err != nil {
				return err
			}
		}
		return firstErr(debugOperand("Source", dbgSource, 8), constUint("Line", 9), constUint("Column", 10))
	case dbgGlobalVariable:
		if err := firstErr(operand("Name", spv.OpString, 5), debugType("Type", 6, false), debugOperand("Source", dbgSource, 7),
			constUint("Line", 8), constUint("Column", 9), lexicalScope("Scope", 10), operand("Linkage Name", spv.OpString, 11)); err != nil {
			return err
		}
		if !isDbg(12, dbgInfoNone) {
			if d := wordDef(12); d == nil || (d.Op != spv.OpVariable && d.Op != spv.OpConstant) {
				return bad("operand Variable must be an OpVariable, OpConstant or DebugInfoNone")
			}
		}
		if numWords == 15 {
			return debugOperand("Static Member Declaration", dbgTypeMember, 14)
		}
	case dbgInlinedAt:
		if err := firstErr(constUint("Line", 5), lexicalScope("Scope", 6)); err != nil {
			return err
		}
		if numWords == 8 {
			return debugOperand("Inlined", dbgInlinedAt, 7)
		}
	case dbgValue:
		if err := firstErr(debugOperand("Local Variable", dbgLocalVariable, 5), debugOperand("Expression", dbgExpression, 7)); err != nil {
			return err
		}
		for k := 8; k < numWords; k++ {
			d := wordDef(k)
			if d != nil && d.Op == spv.OpConstant && c.isIntScalar(d.Type) {
				continue
			}
			if !c.debugIntVariable(d, vulkan) {
				return bad("the indexes must be integer OpConstants or integer debug variables")
			}
		}
	}
	return nil
}

func (c *checker) isUint32Constant(id ID) bool {
	d := c.def(id)
	return d != nil && d.Op == spv.OpConstant && c.isUnsignedIntScalar(d.Type) && c.bitWidth(d.Type) == 32
}

// debugIntVariable reports whether d is a DebugLocalVariable or
// DebugGlobalVariable of a signed or unsigned DebugTypeBasic.
func (c *checker) debugIntVariable(d *builder.Inst, vulkan bool) bool {
	if d == nil || !isExtInst(d.Op) {
		return false
	}
	if k := opWord(d, 1); k != dbgLocalVariable && k != dbgGlobalVariable {
		return false
	}
	t := c.def(opID(d, 3))
	if t == nil || !isExtInst(t.Op) || opWord(t, 1) != dbgTypeBasic {
		return false
	}
	enc := opWord(t, 4)
	if vulkan {
		if !c.isUint32Constant(opID(t, 4)) {
			return false
		}
		enc = opWord(c.def(opID(t, 4)), 0)
	}
	return enc == 4 || enc == 6 // Signed, Unsigned
}

// validDebugArrayCount checks one component count of DebugTypeArray.
func (c *checker) validDebugArrayCount(id ID, vulkan bool) bool {
	d := c.def(id)
	if d == nil {
		return false
	}
	if d.Op == spv.OpConstant && c.isIntScalar(d.Type) && (c.bitWidth(d.Type) == 32 || c.bitWidth(d.Type) == 64) {
		return vulkan || opWord(d, 0) != 0
	}
	if !isExtInst(d.Op) || len(d.Operands) <= 3 {
		return false
	}
	if k := opWord(d, 1); k != dbgLocalVariable && k != dbgGlobalVariable {
		return false
	}
	t := c.def(opID(d, 3))
	if t == nil || len(t.Operands) <= 4 || !isExtInst(t.Op) || opWord(t, 1) != dbgTypeBasic {
		return false
	}
	enc := opWord(t, 4)
	if vulkan {
		if !c.isUint32Constant(opID(t, 4)) {
			return false
		}
		enc = opWord(c.def(opID(t, 4)), 0)
	}
	if enc != 6 { // Unsigned
		return false
	}
	size := c.def(opID(t, 3))
	return size != nil && c.isIntScalar(size.Type) && (opWord(size, 0) == 32 || opWord(size, 0) == 64)
}
