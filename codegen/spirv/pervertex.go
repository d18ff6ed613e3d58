package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Per-vertex attributes (GetAttributeAtVertex; SPV_KHR_fragment_shader_
// barycentric). When a pixel shader calls GetAttributeAtVertex, every
// nointerpolation input becomes an array of the primitive's three vertex
// values decorated PerVertexKHR, as in DXC. The entry wrapper reads
// element 0, the provoking vertex, which is what a flat input gives;
// GetAttributeAtVertex(x, i) reads element i of the stage variable x comes
// from. x must name an entry parameter or a member of one, or a
// nointerpolation parameter of a function called with such a value; calls
// of those functions are inlined so that the parameter stays bound to its
// stage variable (DXC's legalization inlines everything; its -Od form
// passes the arrays around instead).

// inputKey names a stage input leaf: an entry parameter and the path of
// member indexes inside it.
type inputKey struct {
	p    *sema.Var
	path string
}

// inputSource is what an inlined parameter is bound to: an entry
// parameter, or a member of one.
type inputSource struct {
	p    *sema.Var
	path []uint32
}

// usesAttributeAtVertex reports whether the translation unit calls the
// intrinsic GetAttributeAtVertex.
func (e *emitter) usesAttributeAtVertex() bool {
	// sema's table of resolved calls holds every call it checked: reading
	// it costs far less than walking the syntax tree
	for _, m := range e.info.Calls {
		if m != nil && m.ID == intrinsics.GetAttributeAtVertex {
			return true
		}
	}
	return false
}

// recordInputs remembers the stage input leaves of entry parameter p.
func (e *emitter) recordInputs(p *sema.Var, leaves []ioLeaf) {
	for _, l := range leaves {
		if l.arrayN == 0 && l.clip == nil && !l.arrayOf {
			e.io.stageInputs[inputKey{p, pathKey(l.path)}] = l
		}
	}
}

// inputOf traces x back to the stage input leaf it reads.
func (e *emitter) inputOf(x ast.Expr) (ioLeaf, bool) {
	src, ok := e.sourceOf(x)
	if !ok {
		return ioLeaf{}, false
	}
	l, ok := e.io.stageInputs[inputKey{src.p, pathKey(src.path)}]
	return l, ok
}

// attributeAtVertex emits GetAttributeAtVertex(x, vertex): element vertex
// of x's PerVertexKHR stage variable.
func (e *emitter) attributeAtVertex(x *ast.CallExpr, m *intrinsics.Match, t *types.Type) builder.ID {
	if e.stage() != stage.Pixel {
		e.errorf(x.Pos(), "GetAttributeAtVertex only allowed in pixel shader")
	}
	l, ok := e.inputOf(x.Args[0])
	if !ok || !l.perVertex {
		e.errorf(x.Args[0].Pos(), "attribute evaluation can only be done on values taken directly from inputs.")
		return 0
	}
	// a constant vertex is a uint constant; another int is bitcast
	vertex, ok := e.constant(x.Args[1], types.ScalarType(types.Uint))
	if !ok {
		it := e.typeOf(x.Args[1])
		vertex = e.convert(e.rvalueAs(x.Args[1], it), it, types.ScalarType(types.Uint))
	}
	vt := e.typeID(l.varType)
	p := e.fb.AccessChain(e.b.TypePointer(spv.StorageClassInput, vt), l.v, vertex)
	return e.convert(e.fb.Load(vt, p), l.varType, concreteType(t))
}

// perVertexParams reports whether f has a nointerpolation parameter while
// per-vertex inputs are in use: such calls are inlined.
func (e *emitter) perVertexParams(f *sema.Func) bool {
	if !e.io.perVertex {
		return false
	}
	for _, p := range f.Params {
		if pd, ok := p.Decl.(*ast.Param); ok && hasModifier(pd.Mods, "nointerpolation") {
			return true
		}
	}
	return false
}

// bindPerVertexParam binds an inlined nointerpolation parameter to the
// stage input its argument reads, which it must be.
func (e *emitter) bindPerVertexParam(f *sema.Func, i int, p *sema.Var, arg ast.Expr) {
	pd, ok := p.Decl.(*ast.Param)
	if !ok || !hasModifier(pd.Mods, "nointerpolation") {
		return
	}
	l, ok := e.inputOf(arg)
	if !ok || !l.perVertex {
		e.errorf(arg.Pos(), "parameter %d of %s must have a 'nointerpolation' attribute", i, f.Name())
		return
	}
	e.io.inputAliases[p], _ = e.sourceOf(arg)
}

// sourceOf traces x back to what it reads: an entry parameter (or an
// inlined parameter bound to one) and member accesses on it.
func (e *emitter) sourceOf(x ast.Expr) (inputSource, bool) {
	var path []uint32
	for {
		switch n := unparen(x).(type) {
		case *ast.MemberExpr:
			st := e.typeOf(n.X)
			if st == nil || !st.Canonical().IsStruct() {
				return inputSource{}, false
			}
			i, _ := e.fieldIndex(st, n.Name.Name)
			path = append([]uint32{uint32(i)}, path...)
			x = n.X
			continue
		case *ast.NameExpr:
			v, ok := e.info.ObjectOf(n).(*sema.Var)
			if !ok {
				return inputSource{}, false
			}
			if src, ok := e.io.inputAliases[v]; ok {
				return inputSource{src.p, append(append([]uint32(nil), src.path...), path...)}, true
			}
			return inputSource{v, path}, true
		}
		return inputSource{}, false
	}
}
