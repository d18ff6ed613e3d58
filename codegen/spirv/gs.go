package spirv

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Geometry shaders (docs/SPIR-V.rst "Geometry Shaders"): the input
// primitive's vertices arrive as arrays (one stage variable per field, each
// an array with one element per vertex); an output stream's element type
// is flattened into Output variables, which Append() writes before
// OpEmitVertex; RestartStrip() is OpEndPrimitive. [maxvertexcount(n)] is
// OutputVertices, [instance(n)] Invocations, the input primitive modifier
// and the stream kind the input and output modes.

// readArrayLeaves assembles an input array (T[n]) from per-vertex stage
// arrays.
func (e *emitter) readArrayLeaves(t *types.Type, leaves []ioLeaf) builder.ID {
	c := t.Canonical()
	n := leaves[0].arrayN
	arrays := make([]builder.ID, len(leaves))
	for k, l := range leaves {
		if l.clip != nil {
			if l.pre == 0 {
				l.pre = e.readClipCull(l) // every vertex's value (clipcull.go)
			}
			arrays[k] = l.pre
			continue
		}
		arrays[k] = e.fb.Load(e.b.TypeArrayN(e.typeID(l.varType), uint32(n), 0), l.v)
		if e.typeID(l.varType) != e.typeID(l.typ) {
			// as DXC, the whole array is converted (bools held as uints)
			// before the vertices are taken apart
			conv := make([]builder.ID, n)
			for i := range conv {
				v := e.fb.CompositeExtract(e.typeID(l.varType), arrays[k], uint32(i))
				conv[i] = e.fitBuiltin(v, l.varType, l.typ)
			}
			arrays[k] = e.fb.CompositeConstruct(e.b.TypeArrayN(e.typeID(l.typ), uint32(n), 0), conv...)
		}
	}
	elems := make([]builder.ID, n)
	for i := range elems {
		vals := map[string]builder.ID{}
		for k, l := range leaves {
			if l.clip != nil {
				v := e.fb.CompositeExtract(e.typeID(l.varType), arrays[k], uint32(i))
				vals[pathKey(l.path)] = e.fitBuiltin(v, l.varType, l.typ)
				continue
			}
			vals[pathKey(l.path)] = e.fb.CompositeExtract(e.typeID(l.typ), arrays[k], uint32(i))
		}
		elems[i] = e.assemble(c.Elem(), nil, vals)
	}
	return e.fb.CompositeConstruct(e.typeID(c), elems...)
}

// streamMethod emits Append and RestartStrip.
func (e *emitter) streamMethod(x *ast.CallExpr, me *ast.MemberExpr, m *intrinsics.Match) value {
	switch m.ID {
	case intrinsics.MethodRestartStrip:
		e.fb.Emit(spv.OpEndPrimitive, 0)
		return rv(0, types.VoidType())
	case intrinsics.MethodAppend:
		n, ok := unparen(me.X).(*ast.NameExpr)
		var leaves []ioLeaf
		if ok {
			if v, isVar := e.info.ObjectOf(n).(*sema.Var); isVar {
				leaves, ok = e.io.streams[v]
			}
		}
		if !ok {
			e.unsupported(x, "Append on a stream that is not the entry point's stream parameter")
		}
		elem := e.typeOf(me.X).Canonical().Elem()
		val := e.rvalueAs(x.Args[0], elem)
		e.writeLeaves(elem, val, leaves)
		e.fb.Emit(spv.OpEmitVertex, 0)
		return rv(0, types.VoidType())
	}
	e.unsupported(x, "the stream method '"+m.Overload.Name()+"'")
	return value{}
}

// geometryModes adds a geometry shader's execution modes.
func (e *emitter) geometryModes(entry *sema.Func) {
	e.b.Capability(spv.CapabilityGeometry)
	invocations, maxVertices := uint32(1), uint32(0)
	for _, a := range e.attrs(entry.Decl) {
		switch strings.ToLower(a.Name) {
		case "instance":
			if len(a.Args) == 1 {
				if n, ok := a.Int(0); ok {
					invocations = uint32(n)
				}
			}
		case "maxvertexcount":
			if len(a.Args) == 1 {
				if n, ok := a.Int(0); ok {
					maxVertices = uint32(n)
				}
			}
		}
	}
	e.b.ExecutionMode(e.entry.id, spv.ExecutionModeInvocations, invocations)
	input, output := spv.ExecutionMode(0), spv.ExecutionMode(0)
	for _, p := range entry.Params {
		if pd, ok := p.Decl.(*ast.Param); ok {
			for _, m := range pd.Mods {
				switch m.Name {
				case "point":
					input = spv.ExecutionModeInputPoints
				case "line":
					input = spv.ExecutionModeInputLines
				case "triangle":
					input = spv.ExecutionModeTriangles
				case "lineadj":
					input = spv.ExecutionModeInputLinesAdjacency
				case "triangleadj":
					input = spv.ExecutionModeInputTrianglesAdjacency
				}
			}
		}
		if o, ok := objectOf(p.Type()); ok {
			switch o {
			case types.PointStream:
				output = spv.ExecutionModeOutputPoints
			case types.LineStream:
				output = spv.ExecutionModeOutputLineStrip
			case types.TriangleStream:
				output = spv.ExecutionModeOutputTriangleStrip
			}
		}
	}
	if input == 0 {
		e.errorf(entry.Pos(), "a geometry shader needs an input primitive (point, line, triangle, lineadj or triangleadj)")
	}
	if output == 0 {
		e.errorf(entry.Pos(), "a geometry shader needs an output stream parameter")
	}
	e.b.ExecutionMode(e.entry.id, input)
	e.b.ExecutionMode(e.entry.id, output)
	e.b.ExecutionMode(e.entry.id, spv.ExecutionModeOutputVertices, maxVertices)
}
