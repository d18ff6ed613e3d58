package builder

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

func TestVerify(t *testing.T) {
	if err := Verify(buildFragment(t).M); err != nil {
		t.Fatalf("a valid module fails: %v", err)
	}
	cases := []struct {
		name   string
		break_ func(m *Module)
		want   string
	}{
		{"no memory model", func(m *Module) { m.MemoryModel = nil }, "no OpMemoryModel"},
		{"defined twice", func(m *Module) { m.Globals[1].Result = m.Globals[0].Result }, "defined twice"},
		{"beyond bound", func(m *Module) { m.Globals[0].Result = m.Bound + 5 }, "below the bound"},
		{"use before definition", func(m *Module) {
			for i, in := range m.Globals {
				if in.Op == spv.OpTypeVector { // move the first vector type to the front, before its component type
					copy(m.Globals[1:i+1], m.Globals[:i])
					m.Globals[0] = in
					return
				}
			}
		}, "before its definition"},
		{"undefined use", func(m *Module) {
			blk := m.Functions[1].Blocks[0]
			m.Bound += 10 // ids below the bound that nothing defines
			blk.Insts[len(blk.Insts)-2].Operands[0] = Ref(m.Bound - 1)
		}, "never defined"},
		{"no blocks", func(m *Module) { m.Functions[0].Blocks = nil }, "has no blocks"},
		{"unterminated block", func(m *Module) {
			blk := m.Functions[0].Blocks[0]
			blk.Insts = blk.Insts[:len(blk.Insts)-1]
		}, "does not end with a terminator"},
		{"terminator inside", func(m *Module) {
			blk := m.Functions[0].Blocks[0]
			blk.Insts = append([]*Inst{{Op: spv.OpReturn}}, blk.Insts...)
		}, "before its end"},
		{"variable outside entry start", func(m *Module) {
			entry, second := m.Functions[1].Blocks[0], m.Functions[1].Blocks[1]
			v := entry.Insts[0]
			entry.Insts = entry.Insts[1:]
			second.Insts = append([]*Inst{v}, second.Insts...)
		}, "not at the start of the entry block"},
		{"merge not before terminator", func(m *Module) {
			for _, b := range m.Functions[1].Blocks {
				n := len(b.Insts)
				if n >= 3 && b.Insts[n-2].Op == spv.OpSelectionMerge {
					b.Insts[n-2], b.Insts[n-3] = b.Insts[n-3], b.Insts[n-2]
					return
				}
			}
		}, "right before the terminator"},
		{"entry point not a function", func(m *Module) { m.EntryPoints[0].Operands[1] = Ref(m.Globals[0].Result) }, "is not a function"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := buildFragment(t)
			c.break_(b.M)
			err := Verify(b.M)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Verify = %v, want %q", err, c.want)
			}
			if _, err := b.Words(); err == nil {
				t.Error("ModuleBuilder serialised a module Verify rejects")
			}
		})
	}
}

func BenchmarkVerify(b *testing.B) {
	mb := buildLarge(b, 200)
	for b.Loop() {
		if err := Verify(mb.M); err != nil {
			b.Fatal(err)
		}
	}
}
