package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// The rich debug information pass: once the module is final,
// writeRichDebug writes the graph of debug nodes the emitter built
// (debugrich.go) into it, as DXC does: the nodes after the module's
// globals, then the scopes and parameter declarations in the functions. It
// reads only the module and the richGraph, and is tested SPIR-V in, SPIR-V
// out (richwrite_test.go).

// dnode is one debug instruction to be: its number in the set, its
// operands, and the nodes DXC's sort visits from it, in order.
type dnode struct {
	inst  uint32
	id    builder.ID
	ops   []dop
	visit []*dnode
	// typeOf, when set, is lowered to the node's debug type once code
	// generation is done; setType then completes ops and visit.
	typeOf  func() *dnode
	setType func(*dnode)
	size    uint32 // in bits, for types
	elem    *dnode // a vector's or array's element type
	counts  []uint32
	// after are written right after the node (DebugSourceContinued).
	after []*dnode
}

// dop is an operand: a node, an id, a literal or a string.
type dop struct {
	node *dnode
	id   builder.ID
	lit  uint32
	str  *string
}

func nodeOp(n *dnode) dop    { return dop{node: n} }
func idOp(id builder.ID) dop { return dop{id: id} }
func litOp(v uint32) dop     { return dop{lit: v} }
func strOp(s string) dop     { return dop{str: &s} }

// richGraph is what writeRichDebug reads: the nodes, and where the
// functions' and blocks' scopes go.
type richGraph struct {
	vulkan  bool // NonSemantic.Shader.DebugInfo.100: literals are constants, no forward references
	set     builder.ID
	nodes   []*dnode                // in creation order
	blocks  map[builder.ID]*dnode   // the scope of each block, by label
	fnScope map[builder.ID]*dnode   // each function's DebugFunction
	fnDecls map[builder.ID][]*dnode // each function's parameter DebugDeclares
	fnDefs  map[builder.ID]*dnode   // Vulkan: each function's DebugFunctionDefinition
}

func newRichGraph(vulkan bool) richGraph {
	return richGraph{vulkan: vulkan, blocks: map[builder.ID]*dnode{}, fnScope: map[builder.ID]*dnode{},
		fnDecls: map[builder.ID][]*dnode{}, fnDefs: map[builder.ID]*dnode{}}
}

// writeRichDebug writes g into the module: the nodes in DXC's order after
// the globals — a depth-first post-order from the nodes nothing visits, the
// last created first (DXC's SortDebugInfoVisitor), so that operands come
// before their users — then the functions' and blocks' scopes. The
// DebugScope instructions it places are added to scopes (for the lines
// pass). Under -fcgl (codeGenOnly) scopes go where DXC writes them.
func writeRichDebug(b *builder.ModuleBuilder, g *richGraph, codeGenOnly bool, scopes map[*builder.Inst]bool) {
	// Roots: nodes no other node visits.
	used := map[*dnode]bool{}
	for _, n := range g.nodes {
		for _, v := range n.visit {
			used[v] = true
		}
	}
	var stack []*dnode
	for _, n := range g.nodes {
		if !used[n] {
			stack = append(stack, n)
		}
	}
	visited := map[*dnode]bool{}
	var order []*dnode
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		visited[n] = true
		pushed := false
		for _, v := range n.visit {
			if v != nil && !visited[v] {
				stack = append(stack, v)
				pushed = true
				break
			}
		}
		if !pushed {
			stack = stack[:len(stack)-1]
			order = append(order, n)
		}
	}
	w := &richWriter{b: b, g: g, void: b.TypeVoid()}
	for _, n := range order {
		b.M.Globals = append(b.M.Globals, w.inst(n, n.id))
		for _, a := range n.after {
			b.M.Globals = append(b.M.Globals, w.inst(a, 0))
		}
	}
	w.placeScopes(codeGenOnly, scopes)
}

// richWriter encodes the nodes of a graph.
type richWriter struct {
	b    *builder.ModuleBuilder
	g    *richGraph
	void builder.ID
}

// inst encodes a node as OpExtInst with result id (a new one when 0);
// its strings become OpStrings in operand order, as DXC makes them.
func (w *richWriter) inst(n *dnode, id builder.ID) *builder.Inst {
	ops := []builder.Operand{builder.Ref(w.g.set), builder.Lit(n.inst)}
	var info *spv.ExtInstInfo
	if !w.g.vulkan {
		info = spv.ExtInstSetByName(openCLDebugInfo).Inst(n.inst)
	}
	for i, o := range n.ops {
		switch {
		case o.node != nil:
			ops = append(ops, builder.Ref(o.node.id))
		case o.str != nil:
			ops = append(ops, builder.Ref(w.b.DebugString(*o.str)))
		case o.id != 0:
			ops = append(ops, builder.Ref(o.id))
		case w.g.vulkan:
			// NonSemantic operands are all ids: literals are constants
			ops = append(ops, builder.Ref(w.b.ConstUint32(o.lit)))
		default:
			// a literal of the grammar's kind (an enumerant or flags)
			k := info.Operands()[min(i, len(info.Operands())-1)].Kind
			ops = append(ops, builder.Operand{Kind: k, Word: o.lit})
		}
	}
	if id == 0 {
		id = w.b.NewID()
	}
	return &builder.Inst{Op: spv.OpExtInst, Type: w.void, Result: id, Operands: ops}
}

// placeScopes writes each function's DebugScope and parameter
// declarations and each block's DebugScope. Under -fcgl they go where DXC
// writes them (after OpFunction and OpLabel, which spirv-val refuses);
// otherwise inside the blocks, after the variables.
func (w *richWriter) placeScopes(codeGenOnly bool, scopes map[*builder.Inst]bool) {
	g := w.g
	scope := func(n *dnode) *builder.Inst {
		in := w.inst(&dnode{inst: spv.OpenCLDebugInfo100DebugScope, ops: []dop{nodeOp(n)}}, 0)
		scopes[in] = true
		return in
	}
	for _, f := range w.b.M.Functions {
		fn := g.fnScope[f.Def.Result]
		var pro []*builder.Inst
		if fn != nil {
			pro = append(pro, scope(fn))
			for _, d := range g.fnDecls[f.Def.Result] {
				pro = append(pro, w.inst(d, 0))
			}
		}
		for i, b := range f.Blocks {
			var head []*builder.Inst
			if i == 0 && g.fnDefs[f.Def.Result] != nil {
				// in the function's own scope, before its body's block
				head = append(head, w.inst(g.fnDefs[f.Def.Result], 0))
			}
			if s := g.blocks[b.Label]; s != nil && !(g.vulkan && i == 0 && s == fn) {
				head = append(head, scope(s))
			}
			if codeGenOnly && !g.vulkan {
				if i == 0 {
					f.Prologue = pro
				}
				if len(head) > 0 && len(b.Insts) > 0 && b.Insts[0].Op == spv.OpVariable {
					// before the variables, as DXC: the variable carries it
					b.Insts[0].Line = head[0]
					continue
				}
				b.Insts = append(head, b.Insts...)
				continue
			}
			at := 0
			for at < len(b.Insts) && b.Insts[at].Op == spv.OpVariable {
				at++
			}
			if i == 0 {
				head = append(pro, head...)
			}
			b.Insts = append(b.Insts[:at:at], append(head, b.Insts[at:]...)...)
		}
	}
}
