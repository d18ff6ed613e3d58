package spirv

import (
	"cmp"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// finish puts the module's sections in the order DXC emits them, so that
// CHECK lines written against DXC's output match: DXC creates types on
// demand while it writes the module — constants first, then global
// variables, then functions — and writes each name and type decoration
// when it writes the thing named.
func finish(m *builder.Module, flagged map[*builder.Inst]bool) {
	builder.InferCapabilities(m)
	visited, named, after := orderGlobals(m)
	funcs := functionPositions(m)
	// a struct is named before its members' types, as DXC names a type
	// when it starts writing it
	namePos := positions(slices.Clone(funcs), named)
	pos := positions(funcs, visited)
	sortStableByKey(m.Names, func(in *builder.Inst) int { return namePos.at(target(in)) })
	// Decorations: those the emitter made, in the order it made them; then
	// the types' decorations, each written when its type is first visited,
	// interleaved with the instruction flags (flags.go), each written when
	// its instruction is visited.
	late := func(in *builder.Inst) (int, bool) {
		id := target(in)
		p, ok := pos.get(id)
		if ok && p < len(visited) && isTypeOp(visited[p].Op) {
			return p, true
		}
		if !flagged[in] {
			return 0, false
		}
		if k, ok := after.get(id); ok {
			return k, true
		}
		return p, ok
	}
	// all the decorations not late first, then the late ones by position
	sortStableByKey(m.Annotations, func(in *builder.Inst) int {
		if k, ok := late(in); ok {
			return k + 1
		}
		return 0
	})
}

// sortStableByKey sorts insts stably by an int key, computed once per
// instruction rather than once per comparison.
func sortStableByKey(insts []*builder.Inst, key func(*builder.Inst) int) {
	type keyed struct {
		key int
		in  *builder.Inst
	}
	ks := make([]keyed, len(insts))
	for i, in := range insts {
		ks[i] = keyed{key(in), in}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return cmp.Compare(a.key, b.key) })
	for i, k := range ks {
		insts[i] = k.in
	}
}

// target is the id an OpName, OpMemberName or decoration applies to.
func target(in *builder.Inst) builder.ID {
	if len(in.Operands) > 0 && in.Operands[0].IsID() {
		return in.Operands[0].ID()
	}
	return 0
}

func isTypeOp(op spv.Op) bool {
	switch op {
	case spv.OpTypeVoid, spv.OpTypeBool, spv.OpTypeInt, spv.OpTypeFloat, spv.OpTypeVector, spv.OpTypeMatrix,
		spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage, spv.OpTypeArray, spv.OpTypeRuntimeArray,
		spv.OpTypeStruct, spv.OpTypePointer, spv.OpTypeFunction, spv.OpTypeAccelerationStructureKHR,
		spv.OpTypeRayQueryKHR, spv.OpTypeForwardPointer, spv.OpTypeNodePayloadArrayAMDX:
		return true
	}
	return false
}

func isConstantOp(op spv.Op) bool {
	switch op {
	case spv.OpConstant, spv.OpConstantTrue, spv.OpConstantFalse, spv.OpConstantComposite, spv.OpConstantNull,
		spv.OpSpecConstant, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse, spv.OpSpecConstantComposite,
		spv.OpSpecConstantOp, spv.OpConstantStringAMDX:
		return true
	}
	return false
}

// orderGlobals reorders the global section: constants in creation order
// (each preceded by the types it needs), the types of the global
// variables, the types the functions use in the order they first appear,
// the rest, and last the global variables themselves.
//
// It returns the globals in the order DXC visits them — each variable right
// after its types — which is the order of their names and decorations,
// and, for each function, parameter and instruction, how many globals
// had been visited once it was (its types come first).
func orderGlobals(m *builder.Module) (visited, named []*builder.Inst, after idNumbers) {
	def := make(defTable, m.Bound)
	forward := map[builder.ID]*builder.Inst{} // OpTypeForwardPointer by the pointer it declares
	for _, in := range m.Globals {
		if in.Result != 0 {
			def[in.Result] = in
		}
		if in.Op == spv.OpTypeForwardPointer {
			forward[in.Operands[0].ID()] = in
		}
	}
	placed := newPlacedSet(m.Bound)
	out := make([]*builder.Inst, 0, len(m.Globals))
	visited = make([]*builder.Inst, 0, len(m.Globals))
	named = make([]*builder.Inst, 0, len(m.Globals))
	typeDecoConsts, late := typeDecorationConstants(m, def)
	var place func(in *builder.Inst)
	var placeID func(id builder.ID)
	placeID = func(id builder.ID) {
		if len(forward) > 0 {
			if fw, ok := forward[id]; ok && !placed.has(fw) {
				// a pointer in a cycle (a struct holding a pointer to
				// itself) is declared before anything uses it
				placed.add(fw)
				out = append(out, fw)
				visited = append(visited, fw)
				named = append(named, fw)
			}
		}
		if in := def.of(id); in != nil {
			place(in)
		}
	}
	place = func(in *builder.Inst) {
		if placed.has(in) {
			return
		}
		placed.add(in)
		if in.Op == spv.OpTypeStruct {
			named = append(named, in)
		}
		in.ForEachUse(func(id *builder.ID) { placeID(*id) })
		// the constants of a type's decorations come before the type, as
		// an OpDecorateId's operands must be defined before its target
		for _, k := range typeDecoConsts[in.Result] {
			place(k)
		}
		out = append(out, in)
		visited = append(visited, in)
		if in.Op != spv.OpTypeStruct {
			named = append(named, in)
		}
	}
	for _, in := range m.Globals {
		if isConstantOp(in.Op) && !late[in] {
			place(in)
		}
	}
	// Global variables go last, after every type and constant, as DXC
	// writes them to a section of their own; their types come first.
	var vars []*builder.Inst
	for _, in := range m.Globals {
		if in.Op == spv.OpVariable || in.Op == spv.OpUntypedVariableKHR {
			placed.add(in)
			in.ForEachUse(func(id *builder.ID) { placeID(*id) })
			vars = append(vars, in)
			visited = append(visited, in)
			named = append(named, in)
		}
	}
	after = newIDNumbers(m.Bound)
	var uses []builder.ID
	for _, f := range m.Functions {
		place0 := func(in *builder.Inst) {
			// Once every global is placed (in a large module, long before
			// the last function), the uses have nothing left to place.
			// Most uses are of the function's own values or of globals
			// placed already: only the others go through placeID.
			if placed.n < len(m.Globals) {
				uses = in.AppendUses(uses[:0])
				for _, id := range uses {
					if d := def.of(id); d != nil && !placed.has(d) || len(forward) > 0 {
						placeID(id)
					}
				}
			}
			if in.Result != 0 {
				after.set(in.Result, len(visited))
			}
		}
		place0(f.Def)
		for _, p := range f.Params {
			place0(p)
		}
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				place0(in)
			}
		}
	}
	for _, in := range m.Globals {
		place(in)
	}
	m.Globals = append(out, vars...)
	return visited, named, after
}

// typeDecorationConstants finds the constants that DXC makes while it
// writes a type's decorations (a node payload array's name string and
// counts): written right before the type, after its element type, unless
// something else uses them (then they are among the constants, first).
// late marks those.
func typeDecorationConstants(m *builder.Module, def defTable) (map[builder.ID][]*builder.Inst, map[*builder.Inst]bool) {
	byType := map[builder.ID][]*builder.Inst{}
	late := map[*builder.Inst]bool{}
	for _, a := range m.Annotations {
		t := def.of(target(a))
		if t == nil || t.Op != spv.OpTypeNodePayloadArrayAMDX {
			continue
		}
		a.ForEachUse(func(id *builder.ID) {
			if k := def.of(*id); k != nil && isConstantOp(k.Op) && !late[k] {
				late[k] = true
				byType[t.Result] = append(byType[t.Result], k)
			}
		})
	}
	if len(late) == 0 {
		return nil, nil
	}
	// constants used anywhere but in decorations stay first
	use := func(in *builder.Inst) {
		in.ForEachUse(func(id *builder.ID) {
			if k := def.of(*id); k != nil && late[k] {
				delete(late, k)
			}
		})
	}
	for _, in := range m.Globals {
		use(in)
	}
	for _, in := range m.ExecutionModes {
		use(in)
	}
	for _, f := range m.Functions {
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				use(in)
			}
		}
	}
	for t, ks := range byType {
		kept := ks[:0]
		for _, k := range ks {
			if late[k] {
				kept = append(kept, k)
			}
		}
		byType[t] = kept
	}
	return byType, late
}

// positions numbers every definition in layout order: the globals, then
// each function's instructions, which functionPositions numbered in pos
// (positions numbers the globals in it and returns it).
func positions(pos idNumbers, globals []*builder.Inst) idNumbers {
	for i, in := range globals {
		if in.Result != 0 {
			pos.set(in.Result, i)
		}
	}
	return pos
}

// functionPositions numbers the functions' definitions, after the
// globals.
func functionPositions(m *builder.Module) idNumbers {
	pos := newIDNumbers(m.Bound)
	n := len(m.Globals)
	for _, f := range m.Functions {
		pos.set(f.Def.Result, n)
		n++
		for _, p := range f.Params {
			pos.set(p.Result, n)
			n++
		}
		for _, b := range f.Blocks {
			pos.set(b.Label, n)
			n++
			for _, in := range b.Insts {
				if in.Result != 0 {
					pos.set(in.Result, n)
				}
				n++
			}
		}
	}
	return pos
}

// idNumbers numbers ids (a slice indexed by id, which the module's
// bound keeps small): 0 is "none", else the number plus one.
type idNumbers []int32

func newIDNumbers(bound builder.ID) idNumbers { return make(idNumbers, bound) }

func (t idNumbers) set(id builder.ID, n int) {
	if int(id) < len(t) {
		t[id] = int32(n) + 1
	}
}

// get returns id's number and whether it has one.
func (t idNumbers) get(id builder.ID) (int, bool) {
	if int(id) < len(t) && t[id] != 0 {
		return int(t[id]) - 1, true
	}
	return 0, false
}

// at is id's number, 0 when it has none.
func (t idNumbers) at(id builder.ID) int {
	n, _ := t.get(id)
	return n
}

// placedSet is the set of global instructions orderGlobals placed
// already: it is asked once per operand of every instruction of the
// module, so an instruction with a result is found by its ID, not hashed.
type placedSet struct {
	byID   []bool
	others map[*builder.Inst]bool // those without a result (OpTypeForwardPointer)
	n      int                    // how many are in the set
}

func newPlacedSet(bound builder.ID) *placedSet {
	return &placedSet{byID: make([]bool, bound), others: map[*builder.Inst]bool{}}
}

func (s *placedSet) has(in *builder.Inst) bool {
	if int(in.Result) < len(s.byID) && in.Result != 0 {
		return s.byID[in.Result]
	}
	return s.others[in]
}

func (s *placedSet) add(in *builder.Inst) {
	if s.has(in) {
		return
	}
	s.n++
	if int(in.Result) < len(s.byID) && in.Result != 0 {
		s.byID[in.Result] = true
		return
	}
	s.others[in] = true
}

// defTable finds definitions by id.
type defTable []*builder.Inst

// moduleDefs finds every definition of m.
func moduleDefs(m *builder.Module) defTable {
	defs := make(defTable, m.Bound)
	for in := range m.All() {
		if in.Result != 0 && in.Result < m.Bound {
			defs[in.Result] = in
		}
	}
	return defs
}

func (d defTable) of(id builder.ID) *builder.Inst {
	if int(id) < len(d) {
		return d[id]
	}
	return nil
}
