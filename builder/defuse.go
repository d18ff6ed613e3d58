package builder

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// DefUse is the module's def-use chains: for every id, the instruction or
// block that defines it and the instructions that use it. Build it once with
// Module.DefUse; from then on it follows the module's edits:
//
//   - instructions made through a Context or ModuleBuilder of the module, or
//     inserted with the Block editing methods, are registered as they are
//     added;
//   - to change an instruction's operands in place, call ForgetUses before
//     and AnalyzeUses after, or AnalyzeChangedUses after with the ids it
//     used before (AnalyzeUses alone works too, at a price: not knowing
//     which ids the instruction stopped using, the chains check every
//     user list again when it is next read);
//   - delete instructions with Kill, which turns them into OpNop until
//     Module.Compact sweeps them out.
//
// Keeping stale entries and dropping them when a list is read makes every
// edit O(1) amortised (in the number of operands), where eager removal
// from long user lists (a type used by thousands of instructions) would be
// quadratic. Edits mark the lists they may have left stale (the lists of
// the ids a killed or forgotten instruction used, the id ReplaceAllUses
// moved users to): only those are checked when next read, and a new
// instruction, which only appends itself, leaves every list checked.
type DefUse struct {
	m      *Module
	defs   []*Inst  // by id
	blocks []*Block // by label id
	users  [][]*Inst
	// edits counts the edits that may have left any list stale (an
	// instruction analysed again without ForgetUses); checked[id] is the
	// count when id's user list was last compacted, 0 once an edit may
	// have left that list stale. (32 bits: the table has an entry per id,
	// and the count grows only with whole-table rechecks.)
	edits   uint32
	checked []uint32
	// annotated[id] is set once a name or decoration targeting id is
	// registered (and never cleared): most ids have none, and passes ask
	// for the names and decorations of every id they delete or fold.
	annotated []bool
	// chunk is where user lists that outgrow their array take small new
	// ones from (see moreRoom).
	chunk    []*Inst
	chunkLen int // the length of the last chunk made
}

// DefUse returns the module's def-use chains, building them on first use.
func (m *Module) DefUse() *DefUse {
	if m.du == nil {
		m.du = newDefUse(m, 0)
	}
	return m.du
}

// DefUseWithRoom is DefUse for a caller about to define the ids below
// bound (a pipeline that inlines): the chains' tables are made that large
// when first built, or grown to it at once (Reserve), where defining the
// ids one by one would copy them as they double.
func (m *Module) DefUseWithRoom(bound ID) *DefUse {
	if m.du == nil {
		m.du = newDefUse(m, bound)
	} else {
		m.du.Reserve(bound)
	}
	return m.du
}

// InvalidateDefUse drops the def-use chains (after edits that bypassed
// them); the next DefUse call rebuilds them.
func (m *Module) InvalidateDefUse() { m.du = nil }

// HasDefUse reports whether the def-use chains are built (and so kept).
func (m *Module) HasDefUse() bool { return m.du != nil }

// newDefUse builds the chains with room in the tables for the ids below
// bound, if above the module's.
func newDefUse(m *Module, bound ID) *DefUse {
	// Passes define new ids as they go: the tables keep room for a
	// sixteenth more than the bound (and 64), so that the first new ids of
	// a typical module do not double them (9% of what optimizing one
	// allocates), and the ids of an estimate (bound) a few more.
	n := int(m.Bound)
	room := max(n, int(bound)) + n/16 + 64
	du := &DefUse{m: m, defs: make([]*Inst, n, room), blocks: make([]*Block, n, room), users: make([][]*Inst, n, room),
		checked: make([]uint32, n, room), annotated: make([]bool, n, room), edits: 1}
	du.carveUserLists()
	for _, f := range m.Functions {
		f.module = m
		f.link()
		for _, b := range f.Blocks {
			du.DefineBlock(b)
		}
	}
	for in := range m.All() {
		du.Define(in)
	}
	return du
}

// carveUserLists sizes every id's user list before the lists are filled
// and carves them all from one array: one allocation where growing each
// list would take several per id (a large module has tens of thousands of
// ids). A list's capacity is its length, so that appending past it later
// copies it out instead of overwriting the next id's. The sizes are the
// counts the loader made, if the module has the bound it was loaded with
// (edits since cost only capacity: a list outgrowing its array moves), or
// else counted here.
func (du *DefUse) carveUserLists() {
	m := du.m
	counts := m.useCounts
	m.useCounts = nil
	if len(counts) != len(du.users) {
		counts = make([]int32, len(du.users))
		for in := range m.All() {
			if in.Type != 0 && int(in.Type) < len(counts) {
				counts[in.Type]++
			}
			countUses(in.Operands, counts)
		}
	}
	total := 0
	for _, c := range counts {
		total += int(c)
	}
	backing := make([]*Inst, total)
	for id, c := range counts {
		if c > 0 {
			du.users[id] = backing[:0:c]
			backing = backing[c:]
		}
	}
}

// countUses adds the ids among ops (those in pairs and enumerant
// parameters included) to counts.
func countUses(ops []Operand, counts []int32) {
	for i := range ops {
		o := &ops[i]
		if isID(*o) {
			if int(o.Word) < len(counts) {
				counts[o.Word]++
			}
		} else if o.x != nil && len(o.x.params) > 0 {
			countUses(o.x.params, counts)
		}
	}
}

func (du *DefUse) grow(id ID) {
	if int(id) < len(du.defs) {
		return
	}
	n := int(id) + 1
	if n > cap(du.defs) {
		n = max(n, 2*len(du.defs))
	} else {
		// Within the room newDefUse or Reserve left, reslicing exposes
		// zeroed entries: all of the room at once, so that the ids
		// defined next (a pass making code defines them one by one) find
		// their entries there. (An entry past the ids defined is what an
		// undefined id's is.)
		n = max(n, min(cap(du.defs), cap(du.blocks), cap(du.users), cap(du.checked), cap(du.annotated)))
	}
	du.defs = slices.Grow(du.defs, n-len(du.defs))[:n]
	du.blocks = slices.Grow(du.blocks, n-len(du.blocks))[:n]
	du.users = slices.Grow(du.users, n-len(du.users))[:n]
	du.checked = slices.Grow(du.checked, n-len(du.checked))[:n]
	du.annotated = slices.Grow(du.annotated, n-len(du.annotated))[:n]
}

// Reserve makes room in the tables for the ids below bound, for a pass
// about to define many new ids (inlining): the tables grow once instead
// of doubling on the way.
func (du *DefUse) Reserve(bound ID) {
	n := int(bound) - len(du.defs)
	if n <= 0 || int(bound) <= cap(du.defs) {
		return
	}
	du.defs = slices.Grow(du.defs, n)
	du.blocks = slices.Grow(du.blocks, n)
	du.users = slices.Grow(du.users, n)
	du.checked = slices.Grow(du.checked, n)
	du.annotated = slices.Grow(du.annotated, n)
}

// Define registers an instruction: its result (if any) and its uses.
func (du *DefUse) Define(in *Inst) {
	if in.Result != 0 {
		if int(in.Result) >= len(du.defs) { // (grow is a call: not made for most ids)
			du.grow(in.Result)
		}
		du.defs[in.Result] = in
	}
	du.AnalyzeUses(in)
}

// DefineOnce is Define for an instruction that may be registered already
// (made through a Context, or defined by a pass before it is placed in a
// block): one whose uses were analysed, and not forgotten since, is left
// as it is. Analysing it again would not tell the chains which ids it
// stopped using, so every user list would be checked again when next
// read.
func (du *DefUse) DefineOnce(in *Inst) {
	if in.uses == usesRegistered && (in.Result == 0 || du.Def(in.Result) == in) {
		return
	}
	du.Define(in)
}

// DefineBlock registers a block's label.
func (du *DefUse) DefineBlock(b *Block) {
	du.grow(b.Label)
	du.blocks[b.Label] = b
}

// ForgetBlock unregisters a deleted block's label.
func (du *DefUse) ForgetBlock(b *Block) {
	if int(b.Label) < len(du.blocks) && du.blocks[b.Label] == b {
		du.blocks[b.Label] = nil
	}
}

// useState is what the def-use chains know of an instruction's uses.
type useState uint8

const (
	usesUnknown    useState = iota // never registered: its uses are in no list
	usesRegistered                 // its uses are in the lists
	// ForgetUses marked its lists for checking; until AnalyzeUses, a
	// list holding it is not taken as checked (its operands may change).
	usesForgotten
)

// AnalyzeUses registers every id in uses (its result type, id operands and
// those in enumerant parameters and pairs). Call it after rewriting an
// instruction's operands (see ForgetUses).
func (du *DefUse) AnalyzeUses(in *Inst) {
	if in.uses == usesRegistered {
		// Analysed before, without ForgetUses: the ids it no longer uses
		// are unknown, so every list is to be checked again.
		du.edits++
		if du.edits == 0 {
			// Wrapped: no list's count may match it.
			clear(du.checked)
			du.edits = 1
		}
	}
	in.uses = usesRegistered
	if IsAnnotation(in.Op) {
		du.noteAnnotation(in)
	}
	// (Inst.ForEachUse's walk, without a callback per id: this runs for
	// every instruction a pass makes.)
	if in.Type != 0 {
		du.addUser(in.Type, in)
	}
	du.addOperandUsers(in.Operands, in)
}

// ForgetUses is to be called before changing in's operands in place (and
// AnalyzeUses after): it marks the user lists of the ids in uses now for
// checking when next read, where they drop in if it no longer uses them.
func (du *DefUse) ForgetUses(in *Inst) {
	if in.uses != usesRegistered {
		return
	}
	in.uses = usesForgotten
	du.markUses(in)
}

// AnalyzeChangedUses is ForgetUses and AnalyzeUses for an instruction
// already changed in place: before holds the ids it used before the
// change (Inst.AppendUses), whose lists are marked for checking.
func (du *DefUse) AnalyzeChangedUses(in *Inst, before []ID) {
	if in.uses == usesRegistered {
		for _, id := range before {
			if int(id) < len(du.checked) {
				du.checked[id] = 0
			}
		}
		in.uses = usesForgotten
	}
	du.AnalyzeUses(in)
}

// markUses marks the user lists of the ids in uses for checking.
func (du *DefUse) markUses(in *Inst) {
	if int(in.Type) < len(du.checked) {
		du.checked[in.Type] = 0
	}
	du.markOperands(in.Operands)
}

func (du *DefUse) markOperands(ops []Operand) {
	for i := range ops {
		o := &ops[i]
		if isID(*o) {
			if int(o.Word) < len(du.checked) {
				du.checked[o.Word] = 0
			}
		} else if o.x != nil && len(o.x.params) > 0 {
			du.markOperands(o.x.params)
		}
	}
}

func (du *DefUse) addOperandUsers(ops []Operand, in *Inst) {
	for i := range ops {
		o := &ops[i]
		if isID(*o) {
			du.addUser(ID(o.Word), in)
		} else if o.x != nil && len(o.x.params) > 0 {
			du.addOperandUsers(o.x.params, in)
		}
	}
}

// addUser appends in to the user list of id. (A list checked before stays
// checked: in is new there, as it either was never registered or its
// lists are marked, and the test below keeps it from being added twice
// for one instruction.)
func (du *DefUse) addUser(id ID, in *Inst) {
	if int(id) >= len(du.users) {
		du.grow(id)
	}
	p := &du.users[id]
	l := *p
	n := len(l)
	if n > 0 && l[n-1] == in {
		return // the same id twice in a row (OpIAdd %x %x)
	}
	if n == cap(l) {
		*p = du.moreRoom(l)
	}
	// (Reslicing the list in place writes only its length: no write of
	// its array's pointer, so no write barrier check.)
	*p = (*p)[:n+1]
	(*p)[n] = in
}

// moreRoom returns l in an array of twice its capacity (at least 4).
// Arrays up to chunkedList long are carved from a shared chunk: a pass
// that makes thousands of instructions gives thousands of new ids their
// first users, and allocating each list, then again at each doubling,
// cost more than a tenth of inlining a large shader. (A list's capacity
// ends where the next one's array starts, as in carveUserLists.) The
// chunks start small and double up to userChunk: most modules are small,
// and a full chunk for each was a tenth of what a batch of them allocated.
func (du *DefUse) moreRoom(l []*Inst) []*Inst {
	c := max(4, 2*cap(l))
	if c > chunkedList {
		return slices.Grow(l, c-len(l))
	}
	if len(du.chunk) < c {
		du.chunkLen = min(userChunk, max(firstUserChunk, 2*du.chunkLen))
		du.chunk = make([]*Inst, du.chunkLen)
	}
	out := du.chunk[:len(l):c]
	du.chunk = du.chunk[c:]
	if len(l) > 0 { // (most lists moved here are a new id's, empty)
		copy(out, l)
	}
	return out
}

// chunkedList is the longest user array moreRoom carves from a chunk of
// firstUserChunk to userChunk entries.
const (
	chunkedList    = 64
	firstUserChunk = 256
	userChunk      = 4096
)

// noteAnnotation records the ids a name or decoration targets.
func (du *DefUse) noteAnnotation(in *Inst) {
	targets := in.Operands
	if in.Op != spv.OpGroupDecorate && in.Op != spv.OpGroupMemberDecorate {
		targets = targets[:min(1, len(targets))]
	}
	for i := range targets {
		if id := targets[i].ID(); id != 0 {
			du.grow(id)
			du.annotated[id] = true
		}
	}
}

// MayBeAnnotated reports whether a name or a decoration may target id
// (directly, or through OpGroupDecorate): false means none does, so a
// pass that looks for them can skip walking id's users.
func (du *DefUse) MayBeAnnotated(id ID) bool {
	return int(id) < len(du.annotated) && du.annotated[id]
}

// Def returns the instruction defining id (nil for block labels and
// unknown ids).
func (du *DefUse) Def(id ID) *Inst {
	if int(id) < len(du.defs) {
		if d := du.defs[id]; d != nil && d.Result == id {
			return d
		}
	}
	return nil
}

// Block returns the block labelled id, or nil.
func (du *DefUse) Block(id ID) *Block {
	if int(id) < len(du.blocks) {
		return du.blocks[id]
	}
	return nil
}

// TypeOf returns the result type of the value id (0 if unknown).
func (du *DefUse) TypeOf(id ID) ID {
	if d := du.Def(id); d != nil {
		return d.Type
	}
	return 0
}

// Users returns the live instructions that use id, each once, in the order
// they were registered. The slice is the caller's.
func (du *DefUse) Users(id ID) []*Inst {
	l := du.compact(id)
	return slices.Clone(l)
}

// UsersView is Users without the copy: the chains' own list, for a caller
// that only reads it. It stays valid until the next edit through the
// chains (AnalyzeUses, ForgetUses, Kill, ReplaceAllUses, a new
// instruction); the caller must not change it.
func (du *DefUse) UsersView(id ID) []*Inst { return du.compact(id) }

// NumUsers returns how many live instructions use id.
func (du *DefUse) NumUsers(id ID) int { return len(du.compact(id)) }

// AnyUser reports whether pred holds for some live instruction using id.
// It stops at the first one, so asking whether a widely used id (a type, a
// constant) has a use of some kind costs little when one comes early,
// where Users would walk (and compact) the whole list.
func (du *DefUse) AnyUser(id ID, pred func(*Inst) bool) bool {
	if int(id) >= len(du.users) {
		return false
	}
	for _, u := range du.users[id] {
		if !u.killed() && usesID(u, id) && pred(u) {
			return true
		}
	}
	return false
}

// HasUsers reports whether any live instruction uses id.
func (du *DefUse) HasUsers(id ID) bool { return du.NumUsers(id) > 0 }

// compact drops dead, stale and repeated entries from id's user list.
func (du *DefUse) compact(id ID) []*Inst {
	if int(id) >= len(du.users) {
		return nil
	}
	l := du.users[id]
	if du.checked[id] == du.edits {
		return l
	}
	out := l[:0]
	forgotten := false // a user's operands are about to change
	if len(l) <= shortUserList {
		// Most lists are short: finding repeats among the kept entries
		// beats stamping every user (a write to each one's cache line).
		for _, u := range l {
			if u.killed() || slices.Contains(out, u) || !usesID(u, id) {
				continue
			}
			forgotten = forgotten || u.uses == usesForgotten
			out = append(out, u)
		}
	} else {
		mark := newMark()
		for _, u := range l {
			if u.mark == mark || u.killed() || !usesID(u, id) {
				continue
			}
			u.mark = mark
			forgotten = forgotten || u.uses == usesForgotten
			out = append(out, u)
		}
	}
	clear(l[len(out):])
	du.users[id] = out
	if !forgotten {
		du.checked[id] = du.edits
	}
	return out
}

// shortUserList is the length up to which compact finds repeated users by
// comparing with those kept.
const shortUserList = 8

// usesID reports whether in uses id (ForEachUse's walk, without a
// callback: this runs for every entry of every user list read).
func usesID(in *Inst, id ID) bool {
	return in.Type == id || operandsUse(in.Operands, id)
}

func operandsUse(ops []Operand, id ID) bool {
	for i := range ops {
		o := &ops[i]
		if o.x != nil && len(o.x.params) > 0 {
			if operandsUse(o.x.params, id) {
				return true
			}
		} else if ID(o.Word) == id && isID(*o) {
			return true
		}
	}
	return false
}

// ReplaceAllUses rewrites every use of old into a use of new.
func (du *DefUse) ReplaceAllUses(old, new ID) {
	if old == new {
		return
	}
	du.grow(new)
	// The users move to new's list, which may hold some already.
	du.checked[new] = 0
	if du.MayBeAnnotated(old) {
		du.annotated[new] = true
	}
	for _, u := range du.compact(old) {
		u.ForEachUse(func(p *ID) {
			if *p == old {
				*p = new
			}
		})
		du.grow(new)
		du.users[new] = append(du.users[new], u)
	}
	if int(old) < len(du.users) {
		du.users[old] = du.users[old][:0]
	}
}

// Kill deletes an instruction: it becomes an OpNop that no analysis sees
// and that Module.Compact removes (keeping its debug line, see Compact).
// Uses of its result are left to the caller.
func (du *DefUse) Kill(in *Inst) { du.kill(in, true) }

// Drop is Kill for an instruction already out of the module, with the
// function or block that held it: the chains forget it alike, but nothing
// holds it for Module.Compact to sweep (eliminate-dead-functions drops
// whole functions, most of a module's code once they are inlined).
func (du *DefUse) Drop(in *Inst) { du.kill(in, false) }

// kill turns in into a deleted OpNop, listed for Module.Compact to sweep
// when a block or section may still hold it.
func (du *DefUse) kill(in *Inst, sweep bool) {
	if in.killed() {
		return
	}
	if in.Result != 0 && int(in.Result) < len(du.defs) && du.defs[in.Result] == in {
		du.defs[in.Result] = nil
	}
	if in.uses != usesUnknown {
		du.markUses(in)
	}
	*in = Inst{Op: spv.OpNop, Block: in.Block, Line: in.Line, mark: killedMark, set: in.set}
	if !sweep {
		return
	}
	if k := du.m.killed; len(k) == cap(k) {
		// Doubling: append grows a long slice by a quarter at a time,
		// and a dead-code pass kills tens of thousands at once.
		du.m.killed = slices.Grow(k, max(len(k), 64))
	}
	du.m.killed = append(du.m.killed, in)
}

// KillNamesAndDecorations deletes the OpName, OpMemberName and decoration
// instructions that target id (before deleting its definition).
func (du *DefUse) KillNamesAndDecorations(id ID) {
	if !du.MayBeAnnotated(id) {
		return
	}
	// (Kill leaves the user lists alone: the list needs no copy.)
	for _, u := range du.compact(id) {
		if isNameOrDecoration(u.Op) && len(u.Operands) > 0 && u.Operands[0].ID() == id {
			du.Kill(u)
		}
	}
}

func isNameOrDecoration(op spv.Op) bool {
	switch op {
	case spv.OpName, spv.OpMemberName, spv.OpDecorate, spv.OpMemberDecorate, spv.OpDecorateId,
		spv.OpDecorateString, spv.OpMemberDecorateString:
		return true
	}
	return false
}

// IsAnnotation reports whether op is a debug name or a decoration: an
// instruction that refers to an id without using its value.
func IsAnnotation(op spv.Op) bool {
	return isNameOrDecoration(op) || op == spv.OpGroupDecorate || op == spv.OpGroupMemberDecorate
}
