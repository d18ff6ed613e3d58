package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
)

// redundancyElimination is --redundancy-elimination (spirv-opt's
// RedundancyEliminationPass): an instruction computing a value already
// computed (the same value number, value_numbers.go) in a block that
// dominates it is replaced by that earlier result. The dominator tree is
// walked depth first with one table of available values, undone on the
// way back up (spirv-opt copies the table for every block; the result is
// the same, as a block sees exactly its dominators' values either way).
type redundancyElimination struct{}

func (redundancyElimination) Name() string { return "redundancy-elimination" }

func (redundancyElimination) Run(c *Context) (bool, error) {
	vn := newValueNumbers(c)
	// One table for all functions: the walk takes back every value it
	// makes available.
	avail := vn.availTable()
	added := c.vn.added[:0]
	changed := false
	for _, f := range c.M.Functions {
		if len(f.Blocks) == 0 {
			continue
		}
		dom := f.Dominators()
		type frame struct {
			block int32
			mark  int // len(added) when the block was entered
			next  int // next child to visit
		}
		stack := []frame{{0, 0, 0}}
		if eliminateInBlock(c, f.Blocks[0], vn, avail, &added) {
			changed = true
		}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			kids := dom.Children(top.block)
			if top.next < len(kids) {
				k := kids[top.next]
				top.next++
				mark := len(added)
				if eliminateInBlock(c, f.Blocks[k], vn, avail, &added) {
					changed = true
				}
				stack = append(stack, frame{k, mark, 0})
				continue
			}
			for _, n := range added[top.mark:] {
				avail[n] = 0
			}
			added = added[:top.mark]
			stack = stack[:len(stack)-1]
		}
	}
	c.vn.added = added
	return changed, nil
}

// localRedundancyElimination is --local-redundancy-elimination: the same
// within each block only.
type localRedundancyElimination struct{}

func (localRedundancyElimination) Name() string { return "local-redundancy-elimination" }

func (localRedundancyElimination) Run(c *Context) (bool, error) {
	vn := newValueNumbers(c)
	avail := vn.availTable()
	added := c.vn.added[:0]
	changed := false
	for _, f := range c.M.Functions {
		for _, b := range f.Blocks {
			if eliminateInBlock(c, b, vn, avail, &added) {
				changed = true
			}
			for _, n := range added {
				avail[n] = 0
			}
			added = added[:0]
		}
	}
	c.vn.added = added
	return changed, nil
}

// eliminateInBlock replaces the instructions of b whose value is available
// by the instruction having it, and makes b's other values available
// (recording their numbers in added). avail is by value number (0: none
// available).
func eliminateInBlock(c *Context, b *builder.Block, vn *valueNumbers, avail []builder.ID, added *[]uint32) bool {
	changed := false
	for _, in := range b.Insts {
		if in.Result == 0 {
			continue
		}
		n := vn.of(in.Result)
		if n == 0 {
			continue
		}
		if id := avail[n]; id != 0 {
			c.DU.KillNamesAndDecorations(in.Result)
			c.DU.ReplaceAllUses(in.Result, id)
			c.Kill(in)
			changed = true
			continue
		}
		avail[n] = in.Result
		*added = append(*added, n)
	}
	return changed
}
