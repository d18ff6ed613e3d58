package builder

import (
	"slices"
	"sync/atomic"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Editing the IR in place. Passes move, insert and delete instructions
// through these methods, which keep Inst.Block and Block.Func true and tell
// the module's def-use chains (when built, see Module.DefUse) about new and
// removed instructions.

// Link sets Inst.Block and Block.Func throughout the module (after code
// that edited block slices directly).
func (m *Module) Link() {
	for _, f := range m.Functions {
		f.module = m
		f.link()
	}
}

func (f *Function) link() {
	for _, b := range f.Blocks {
		b.Func = f
		for _, in := range b.Insts {
			in.Block = b
		}
	}
}

// Index returns the position of in in the block, or -1.
func (b *Block) Index(in *Inst) int {
	// Instructions are usually edited near where a pass is looking: search
	// from the end too, which finds terminators and recent insertions fast.
	for i, j := 0, len(b.Insts)-1; i <= j; i, j = i+1, j-1 {
		if b.Insts[i] == in {
			return i
		}
		if b.Insts[j] == in {
			return j
		}
	}
	return -1
}

// FirstNonPhi returns the index of the first instruction that is not an
// OpPhi (where new code may go at the top of a block).
func (b *Block) FirstNonPhi() int {
	i := 0
	for i < len(b.Insts) && b.Insts[i].Op == spv.OpPhi {
		i++
	}
	return i
}

// InsertAt inserts instructions at position i of the block.
func (b *Block) InsertAt(i int, ins ...*Inst) {
	for _, in := range ins {
		in.Block = b
	}
	b.Insts = slices.Insert(b.Insts, i, ins...)
	b.defineAll(ins)
}

// InsertBefore inserts instructions right before at, which must be in the
// block.
func (b *Block) InsertBefore(at *Inst, ins ...*Inst) {
	i := b.Index(at)
	if i < 0 {
		panic("builder: InsertBefore: the instruction is not in the block")
	}
	b.InsertAt(i, ins...)
}

// InsertAfter inserts instructions right after at, which must be in the
// block.
func (b *Block) InsertAfter(at *Inst, ins ...*Inst) {
	i := b.Index(at)
	if i < 0 {
		panic("builder: InsertAfter: the instruction is not in the block")
	}
	b.InsertAt(i+1, ins...)
}

// Append adds instructions at the end of the block (after its terminator
// only while the block is being rebuilt).
func (b *Block) Append(ins ...*Inst) {
	for _, in := range ins {
		in.Block = b
	}
	b.Insts = append(b.Insts, ins...)
	b.defineAll(ins)
}

// Replace puts new in old's place. Uses of old's result are not changed
// (see DefUse.ReplaceAllUses); old leaves the block.
func (b *Block) Replace(old, new *Inst) {
	i := b.Index(old)
	if i < 0 {
		panic("builder: Replace: the instruction is not in the block")
	}
	if new.Line == nil {
		new.Line = old.Line
	}
	b.Insts[i] = new
	new.Block = b
	old.Block = nil
	b.defineAll([]*Inst{new})
}

// Remove takes in out of the block without deleting it (to move it
// elsewhere); its debug line instructions stay with it.
func (b *Block) Remove(in *Inst) {
	if i := b.Index(in); i >= 0 {
		b.Insts = slices.Delete(b.Insts, i, i+1)
	}
	in.Block = nil
	// Inserted again, it is registered again: as an instruction whose
	// operands may have changed meanwhile (DefUse.ForgetUses).
	if b.Func != nil && b.Func.module != nil && b.Func.module.du != nil {
		b.Func.module.du.ForgetUses(in)
	}
}

func (b *Block) defineAll(ins []*Inst) {
	if b.Func == nil || b.Func.module == nil || b.Func.module.du == nil {
		return
	}
	for _, in := range ins {
		b.Func.module.du.DefineOnce(in)
	}
}

// Compact removes the instructions deleted with DefUse.Kill (now OpNop)
// from every block and module-level section. Passes kill instructions as
// they go; the pass manager compacts once a pass is done, so that deleting
// stays linear in the module's size. A debug line instruction attached to a
// deleted instruction in a block moves to the next one kept, unless that
// one has its own, so line and scope information survive.
//
// Only the blocks holding a deleted instruction (its Block, which the
// block editing methods keep, as passes must when they move instructions)
// are swept, and the module-level sections, parameters and prologues only
// when an instruction outside blocks was deleted: a pass that deletes a
// few instructions of a large function costs those blocks, not the
// function.
func (m *Module) Compact() {
	if len(m.killed) == 0 {
		return
	}
	var blocks []*Block
	outside := false
	for _, in := range m.killed {
		if b := in.Block; b == nil {
			outside = true
		} else if !b.dirty {
			b.dirty = true
			blocks = append(blocks, b)
		}
	}
	clear(m.killed)
	m.killed = m.killed[:0]
	if outside {
		for _, s := range m.sections() {
			*s = slices.DeleteFunc(*s, (*Inst).killed)
		}
		for _, f := range m.Functions {
			f.Params = slices.DeleteFunc(f.Params, (*Inst).killed)
			f.Prologue = slices.DeleteFunc(f.Prologue, (*Inst).killed)
		}
	}
	for _, b := range blocks {
		b.dirty = false
		// The instructions before the first deleted one stay where they
		// are: no write for them (a pass deleting one instruction of a
		// long block costs a read of each, not a copy).
		first := 0
		for first < len(b.Insts) && !b.Insts[first].killed() {
			first++
		}
		var carry *Inst
		out := b.Insts[:first]
		for _, in := range b.Insts[first:] {
			if in.killed() {
				if in.Line != nil {
					carry = in.Line
				}
				continue
			}
			if carry != nil && in.Line == nil {
				in.Line = carry
			}
			carry = nil
			out = append(out, in)
		}
		clear(b.Insts[len(out):])
		b.Insts = out
	}
}

// markEpoch hands out stamps for Inst.mark, unique across analyses and
// modules (so two analyses never confuse each other's marks).
var markEpoch atomic.Uint32

func newMark() uint32 {
	for {
		if e := markEpoch.Add(1); e != 0 && e != killedMark {
			return e
		}
	}
}

// An InstSet is a set of instructions kept in the instructions themselves:
// each holds the stamp of the set it was last added to, so membership is
// one compare, where a map would hash a pointer (a liveness analysis asks
// about every instruction of a module several times). An instruction is in
// one InstSet at a time: adding it to another takes it out of the first,
// so a pass uses one InstSet for one purpose at a time. The zero InstSet
// is not usable; make one with NewInstSet.
type InstSet struct{ stamp uint32 }

var setEpoch atomic.Uint32

// NewInstSet returns an empty set.
func NewInstSet() InstSet {
	for {
		if e := setEpoch.Add(1); e != 0 {
			return InstSet{e}
		}
	}
}

// Has reports whether in is in the set.
func (s InstSet) Has(in *Inst) bool { return in.set == s.stamp }

// Add puts in into the set (and out of any other).
func (s InstSet) Add(in *Inst) { in.set = s.stamp }

// Remove takes in out of the set.
func (s InstSet) Remove(in *Inst) {
	if in.set == s.stamp {
		in.set = 0
	}
}

// killedMark marks instructions deleted by DefUse.Kill, for Compact to
// tell them from real OpNops.
const killedMark = ^uint32(0)

func (in *Inst) killed() bool { return in.mark == killedMark }
