package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
	"iter"
	"slices"
)

// Instruction flags: three decorations DXC does not attach where it creates
// an instruction but computes over the finished function bodies and writes
// while it serialises each instruction, in module order (global variables,
// then each function, its parameters and its instructions):
//
//   - NonUniform: seeded by NonUniformResourceIndex (nonuniform.go) and
//     spread forward to what is computed from a non-uniform value;
//   - RelaxedPrecision: on what has a min-precision HLSL type (variables,
//     parameters, functions, loads, calls, composites, width conversions,
//     image reads), spread forward through arithmetic whose operands are
//     all relaxed — DXC's RelaxedPrecisionVisitor;
//   - NoContraction: on arithmetic that computes a value reaching a
//     `precise` variable, parameter, member or function result, found by
//     walking the functions backwards — DXC's PreciseVisitor — or on all
//     arithmetic under -Gis.
//
// The emitter records the seeds (markRelaxed, markPrecise); decorateFlags
// does the rest on the finished module.

// instFlags holds the seeds the emitter records.
type instFlags struct {
	relaxed map[builder.ID]bool // the HLSL type of this id is min precision
	precise map[builder.ID]bool // a precise variable, parameter, member pointer or function
	// ieeeStrict is -Gis: every arithmetic instruction is NoContraction.
	ieeeStrict bool
}

// markRelaxed records that id has HLSL type t, if t is min precision.
func (e *emitter) markRelaxed(id builder.ID, t *types.Type) {
	if id == 0 || !isRelaxedType(t, e.opts.Enable16BitTypes) {
		return
	}
	if e.flags.relaxed == nil {
		e.flags.relaxed = map[builder.ID]bool{}
	}
	e.flags.relaxed[id] = true
}

// markPrecise records that id (a variable, parameter, function or member
// pointer) is precise.
func (e *emitter) markPrecise(id builder.ID) {
	if e.flags.precise == nil {
		e.flags.precise = map[builder.ID]bool{}
	}
	e.flags.precise[id] = true
}

// markVar records the flags of variable v's pointer id.
func (e *emitter) markVar(id builder.ID, v *sema.Var) {
	e.markRelaxed(id, v.Type())
	e.markPreciseMods(id, declMods(v.Decl))
}

// markPreciseMods marks id precise when mods say `precise`.
func (e *emitter) markPreciseMods(id builder.ID, mods []ast.Modifier) {
	if hasModifier(mods, "precise") {
		e.markPrecise(id)
	}
}

// declMods are the modifiers of a variable's or parameter's declaration.
func declMods(n ast.Node) []ast.Modifier {
	switch d := n.(type) {
	case *ast.VarDecl:
		return d.Mods
	case *ast.Param:
		return d.Mods
	}
	return nil
}

// isRelaxedType reports whether t is a min-precision type (min16float,
// min10float, min16int, min12int, min16uint), a vector, matrix or array of
// one, or a texture of one. With -enable-16bit-types they are real 16-bit
// types and not relaxed.
func isRelaxedType(t *types.Type, enable16 bool) bool {
	if t == nil || enable16 {
		return false
	}
	c := t.Canonical()
	for c.IsArray() {
		c = c.Elem().Canonical()
	}
	switch c.Kind() {
	case types.Basic, types.Vector, types.Matrix:
		return c.Scalar().IsMinPrecision()
	}
	if c.IsObject() && c.Elem() != nil && isTextureKind(c) {
		return isRelaxedType(c.Elem(), enable16)
	}
	return false
}

// isTextureKind reports whether t is a texture or RW texture (not a
// buffer): DXC counts only those as relaxed by their texel type.
func isTextureKind(t *types.Type) bool {
	switch t.Object().String() {
	case "Texture1D", "Texture2D", "Texture3D", "TextureCube", "Texture1DArray", "Texture2DArray",
		"Texture2DMS", "Texture2DMSArray", "TextureCubeArray", "RWTexture1D", "RWTexture2D", "RWTexture3D",
		"RWTexture1DArray", "RWTexture2DArray", "RasterizerOrderedTexture1D", "RasterizerOrderedTexture1DArray",
		"RasterizerOrderedTexture2D":
		return true
	}
	return false
}

// decorateFlags computes the three flags over m and appends their
// decorations, which it returns (finish orders them). It runs before
// capability inference.
func decorateFlags(m *builder.Module, fl *instFlags) map[*builder.Inst]bool {
	nonUniform := takeNonUniformSeeds(m)
	if len(nonUniform) == 0 && len(fl.relaxed) == 0 && len(fl.precise) == 0 && !fl.ieeeStrict {
		return nil // no seeds: nothing to decorate, and no walk of the module
	}
	added := map[*builder.Inst]bool{}
	defs := moduleDefs(m)
	relaxed := relaxedPrecision(m, defs, fl.relaxed)
	precise := preciseValues(m, defs, fl.precise)
	fixed := map[builder.ID]bool{} // decorated NoContraction where made (mad)
	for _, in := range m.Annotations {
		if in.Op == spv.OpDecorate && spv.Decoration(in.Operands[1].Word) == spv.DecorationNoContraction {
			fixed[in.Operands[0].ID()] = true
		}
	}

	decorate := func(id builder.ID, d spv.Decoration) {
		in := &builder.Inst{Op: spv.OpDecorate, Operands: []builder.Operand{builder.Ref(id), builder.Enum(d)}}
		m.Annotations = append(m.Annotations, in)
		added[in] = true
	}
	visit := func(in *builder.Inst) {
		id := in.Result
		if id == 0 {
			return
		}
		if nonUniform[id] {
			decorate(id, spv.DecorationNonUniform)
		}
		if relaxed[id] {
			decorate(id, spv.DecorationRelaxedPrecision)
		}
		if isArithmetic(in.Op) && (fl.ieeeStrict || precise[id]) && !fixed[id] {
			decorate(id, spv.DecorationNoContraction)
		}
	}
	for in := range decoratable(m) {
		visit(in)
	}
	if len(nonUniform) > 0 && !m.HasCapability(spv.CapabilityShaderNonUniform) {
		// declared, as DXC does, though the indexing capabilities imply it
		m.Capabilities = append(m.Capabilities, spv.CapabilityShaderNonUniform)
	}
	// in instruction order: the capability list's order is output
	for in := range m.BlockInsts() {
		if !nonUniform[in.Result] {
			continue
		}
		if c, ok := nonUniformCapability(defs, in.Type); ok && !m.HasCapability(c) {
			m.Capabilities = append(m.Capabilities, c)
		}
	}
	return added
}

// relaxedPrecision is DXC's RelaxedPrecisionVisitor over m: seeds holds
// the ids whose HLSL type is min precision.
func relaxedPrecision(m *builder.Module, defs defTable, seeds map[builder.ID]bool) map[builder.ID]bool {
	rel := map[builder.ID]bool{}
	if len(seeds) == 0 {
		return rel
	}
	for id := range seeds {
		if in := defs.of(id); in != nil && isConstantOp(in.Op) {
			rel[id] = true // constants take part but are never decorated
		}
	}
	numeric := func(id builder.ID) bool {
		in := defs.of(id)
		return in != nil && isNumericType(defs, in.Type)
	}
	ids := func(in *builder.Inst) []builder.ID {
		var out []builder.ID
		for _, o := range in.Operands {
			if o.Kind == spv.KindIdRef {
				out = append(out, o.ID())
			}
		}
		return out
	}
	decide := func(in *builder.Inst) bool {
		switch in.Op {
		case spv.OpVariable, spv.OpFunctionParameter, spv.OpFunction, spv.OpFunctionCall,
			spv.OpCompositeConstruct, spv.OpCompositeExtract, spv.OpCompositeInsert,
			spv.OpBitcast, spv.OpFConvert, spv.OpSConvert, spv.OpUConvert:
			return seeds[in.Result]
		case spv.OpLoad:
			// loads from a relaxed variable are relaxed, whoever emitted them
			return seeds[in.Result] || (rel[in.Operands[0].ID()] && defs.of(in.Operands[0].ID()) != nil && defs.of(in.Operands[0].ID()).Op == spv.OpVariable)
		case spv.OpSelect:
			return rel[in.Operands[1].ID()] && rel[in.Operands[2].ID()]
		case spv.OpVectorShuffle:
			return shuffleRelaxed(in, defs, rel)
		case spv.OpBitFieldSExtract, spv.OpBitFieldUExtract, spv.OpBitFieldInsert:
			return rel[in.Operands[0].ID()]
		case spv.OpExtInst:
			if set := defs.of(in.Operands[0].ID()); set == nil || set.Operands[0].String() != "GLSL.std.450" {
				return false
			}
			args := ids(in)[1:]
			for _, a := range args {
				if !rel[a] {
					return false
				}
			}
			return len(args) > 0
		case spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod, spv.OpImageSampleDrefImplicitLod,
			spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjImplicitLod, spv.OpImageSampleProjExplicitLod,
			spv.OpImageFetch, spv.OpImageGather, spv.OpImageDrefGather, spv.OpImageRead,
			spv.OpImageSparseSampleImplicitLod, spv.OpImageSparseSampleExplicitLod, spv.OpImageSparseSampleDrefImplicitLod,
			spv.OpImageSparseSampleDrefExplicitLod, spv.OpImageSparseFetch, spv.OpImageSparseGather,
			spv.OpImageSparseDrefGather, spv.OpImageSparseRead:
			img := in.Operands[0].ID()
			if d := defs.of(img); d != nil && d.Op == spv.OpSampledImage {
				img = d.Operands[0].ID()
			}
			return seeds[in.Result] || rel[img]
		}
		info := spv.InstructionInfo(in.Op)
		if info == nil {
			return false
		}
		switch info.Class() {
		case "Arithmetic", "Bit", "Relational_and_Logical", "Conversion":
		default:
			return false
		}
		args := ids(in)
		if len(args) != len(in.Operands) || len(args) == 0 || len(args) > 2 {
			return false
		}
		for _, a := range args {
			if !rel[a] || !numeric(a) {
				return false
			}
		}
		return true
	}
	visit := func(in *builder.Inst) {
		if in.Result != 0 && decide(in) {
			rel[in.Result] = true
		}
	}
	for in := range decoratable(m) {
		visit(in)
	}
	for id := range rel {
		if in := defs.of(id); in != nil && isConstantOp(in.Op) {
			delete(rel, id)
		}
	}
	return rel
}

// shuffleRelaxed: a shuffle is relaxed when the vectors it takes
// components from are.
func shuffleRelaxed(in *builder.Inst, defs defTable, rel map[builder.ID]bool) bool {
	v1, v2 := in.Operands[0].ID(), in.Operands[1].ID()
	n1 := vectorSize(defs, v1)
	used1, used2 := false, false
	for _, o := range in.Operands[2:] {
		if o.Word == 0xFFFFFFFF {
			continue
		}
		if int(o.Word) < n1 {
			used1 = true
		} else {
			used2 = true
		}
	}
	switch {
	case used1 && !used2:
		return rel[v1]
	case used2 && !used1:
		return rel[v2]
	case used1 && used2:
		return rel[v1] && rel[v2]
	}
	return false
}

// vectorSize is the component count of the vector value id (1 for a
// scalar).
func vectorSize(defs defTable, id builder.ID) int {
	in := defs.of(id)
	if in == nil {
		return 1
	}
	if t := defs.of(in.Type); t != nil && t.Op == spv.OpTypeVector {
		return int(t.Operands[1].Word)
	}
	return 1
}

// isNumericType reports whether typ is an integer or float scalar, or a
// vector, matrix or array of them (not bool, not a struct).
func isNumericType(defs defTable, typ builder.ID) bool {
	for range 8 {
		t := defs.of(typ)
		if t == nil {
			return false
		}
		switch t.Op {
		case spv.OpTypeInt, spv.OpTypeFloat:
			return true
		case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray, spv.OpTypeRuntimeArray:
			typ = t.Operands[0].ID()
		default:
			return false
		}
	}
	return false
}

// preciseValues is DXC's PreciseVisitor over m: functions in reverse
// order and each body backwards, so that a store into a precise variable
// marks the value stored, the instruction that computed it marks its
// operands, a load of a marked value marks the variable loaded from, and
// the stores into that variable, earlier in the body, are then reached.
// Like DXC, a visited instruction passes its own state to its operands,
// which may clear a mark.
func preciseValues(m *builder.Module, defs defTable, seeds map[builder.ID]bool) map[builder.ID]bool {
	p := map[builder.ID]bool{}
	if len(seeds) == 0 {
		return p
	}
	for id := range seeds {
		p[id] = true
	}
	pv := &preciseProp{p: p, defs: defs, params: map[builder.ID][]*builder.Inst{}}
	for _, f := range m.Functions {
		pv.params[f.Def.Result] = f.Params
	}
	for i := len(m.Functions) - 1; i >= 0; i-- {
		f := m.Functions[i]
		retPrecise := p[f.Def.Result]
		for j := len(f.Blocks) - 1; j >= 0; j-- {
			insts := f.Blocks[j].Insts
			for k := len(insts) - 1; k >= 0; k-- {
				pv.visit(insts[k], retPrecise)
			}
		}
	}
	return p
}

// preciseProp is preciseValues' walk: p the precise values so far, defs
// the definitions, params the parameters of each function.
type preciseProp struct {
	p      map[builder.ID]bool
	defs   defTable
	params map[builder.ID][]*builder.Inst
}

func (pv *preciseProp) set(id builder.ID, v bool) {
	if v {
		pv.p[id] = true
	} else {
		delete(pv.p, id)
	}
}

// accessingPrecise: a pointer built by access chains on a precise base
// (precise members are marked on their access chains when emitted)
func (pv *preciseProp) accessingPrecise(ptr builder.ID) bool {
	for range 64 {
		in := pv.defs.of(ptr)
		if in == nil || (in.Op != spv.OpAccessChain && in.Op != spv.OpInBoundsAccessChain) {
			return false
		}
		ptr = in.Operands[0].ID()
		if pv.p[ptr] {
			return true
		}
	}
	return false
}

// visit makes precise the operands of in that its result's precision
// reaches (retPrecise: the function's result is precise).
func (pv *preciseProp) visit(in *builder.Inst, retPrecise bool) {
	mine := in.Result != 0 && pv.p[in.Result]
	ops := in.Operands
	switch in.Op {
	case spv.OpReturnValue:
		pv.set(ops[0].ID(), retPrecise)
	case spv.OpVariable:
		if len(ops) > 1 {
			pv.set(ops[1].ID(), mine)
		}
	case spv.OpSelect:
		pv.set(ops[1].ID(), mine)
		pv.set(ops[2].ID(), mine)
	case spv.OpVectorShuffle:
		if mine {
			n1 := vectorSize(pv.defs, ops[0].ID())
			for _, o := range ops[2:] {
				if o.Word == 0xFFFFFFFF {
					continue
				}
				if int(o.Word) < n1 {
					pv.p[ops[0].ID()] = true
				} else {
					pv.p[ops[1].ID()] = true
				}
			}
		}
	case spv.OpBitFieldSExtract, spv.OpBitFieldUExtract:
		pv.set(ops[0].ID(), mine)
	case spv.OpBitFieldInsert:
		pv.set(ops[0].ID(), mine)
		pv.set(ops[1].ID(), mine)
	case spv.OpCompositeConstruct:
		if mine {
			for _, o := range ops {
				pv.p[o.ID()] = true
			}
		}
	case spv.OpCompositeExtract:
		pv.set(ops[0].ID(), mine)
	case spv.OpCompositeInsert:
		pv.set(ops[0].ID(), mine)
		pv.set(ops[1].ID(), mine)
	case spv.OpLoad:
		if mine {
			pv.p[ops[0].ID()] = true
		}
	case spv.OpStore:
		if pv.p[ops[0].ID()] || pv.accessingPrecise(ops[0].ID()) {
			pv.p[ops[1].ID()] = true
		}
	case spv.OpExtInst:
		if mine {
			for _, o := range ops[2:] {
				if o.Kind == spv.KindIdRef {
					pv.p[o.ID()] = true
				}
			}
		}
	case spv.OpFunctionCall:
		formals := pv.params[ops[0].ID()]
		for a, o := range ops[1:] {
			if a < len(formals) && pv.p[formals[a].Result] {
				pv.p[o.ID()] = true
			}
		}
	default:
		info := spv.InstructionInfo(in.Op)
		if info == nil || in.Result == 0 {
			break
		}
		switch info.Class() {
		case "Arithmetic", "Bit", "Relational_and_Logical", "Conversion", "Non-Uniform":
		default:
			return
		}
		for _, o := range ops {
			if o.Kind == spv.KindIdRef {
				if d := pv.defs.of(o.ID()); d != nil && !isConstantOp(d.Op) {
					pv.set(o.ID(), mine)
				}
			}
		}
	}
}

// decoratable yields the instructions the precision decorations may go
// on, in layout order: global variables, then each function's definition,
// parameters and instructions.
func decoratable(m *builder.Module) iter.Seq[*builder.Inst] {
	return func(yield func(*builder.Inst) bool) {
		for _, in := range m.Globals {
			if in.Op == spv.OpVariable && !yield(in) {
				return
			}
		}
		for in := range m.FunctionInsts() {
			if !yield(in) {
				return
			}
		}
	}
}

// isArithmetic lists the opcodes DXC decorates NoContraction.
func isArithmetic(op spv.Op) bool {
	switch op {
	case spv.OpSNegate, spv.OpFNegate, spv.OpIAdd, spv.OpFAdd, spv.OpISub, spv.OpFSub, spv.OpIMul, spv.OpFMul,
		spv.OpUDiv, spv.OpSDiv, spv.OpFDiv, spv.OpUMod, spv.OpSRem, spv.OpSMod, spv.OpFRem, spv.OpFMod,
		spv.OpVectorTimesScalar, spv.OpMatrixTimesScalar, spv.OpVectorTimesMatrix, spv.OpMatrixTimesVector,
		spv.OpMatrixTimesMatrix, spv.OpOuterProduct, spv.OpDot, spv.OpIAddCarry, spv.OpISubBorrow,
		spv.OpUMulExtended, spv.OpSMulExtended:
		return true
	}
	return false
}

// isNonUniformDecoration reports whether in is an OpDecorate NonUniform.
func isNonUniformDecoration(in *builder.Inst) bool {
	return in.Op == spv.OpDecorate && len(in.Operands) >= 2 && spv.Decoration(in.Operands[1].Word) == spv.DecorationNonUniform
}

// takeNonUniformSeeds removes the NonUniform decorations the emitter put
// on function-local values (NonUniformResourceIndex's copies) and returns
// them spread forward through each function, as DXC's NonUniformVisitor
// does; decorateFlags writes them back in module order.
func takeNonUniformSeeds(m *builder.Module) map[builder.ID]bool {
	if !slices.ContainsFunc(m.Annotations, isNonUniformDecoration) {
		return nil
	}
	local := make([]bool, m.Bound) // by id: defined in a block
	for in := range m.BlockInsts() {
		if in.Result != 0 && in.Result < m.Bound {
			local[in.Result] = true
		}
	}
	nonUniform := map[builder.ID]bool{}
	kept := m.Annotations[:0]
	for _, in := range m.Annotations {
		if isNonUniformDecoration(in) && in.Operands[0].ID() < m.Bound && local[in.Operands[0].ID()] {
			nonUniform[in.Operands[0].ID()] = true
			continue
		}
		kept = append(kept, in)
	}
	m.Annotations = kept
	if len(nonUniform) == 0 {
		return nonUniform
	}
	ref := func(in *builder.Inst, i int) bool {
		return i < len(in.Operands) && in.Operands[i].Kind == spv.KindIdRef && nonUniform[in.Operands[i].ID()]
	}
	for in := range m.BlockInsts() {
		if in.Result != 0 && !nonUniform[in.Result] && propagatesNonUniform(in, ref) {
			nonUniform[in.Result] = true
		}
	}
	return nonUniform
}
