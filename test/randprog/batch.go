package randprog

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
)

// A Batch is many programs compiled into one compute shader, so that a
// Vulkan run (device, pipeline, buffers) serves all of them: workgroup k
// runs program k (its `switch` on SV_GroupID is uniform in the group, so
// barriers stay legal), and each program writes its own region of Out and
// of the scratch buffer.
type Batch struct {
	Programs []*Program
	Half     bool
	Portable bool // every program keeps to Config.Portable
	Inputs   []*Buffer
	Bases    []int // each program's first word of Out
	Words    int   // of Out in all
	Scratch  int   // uint4 elements of the scratch buffer
}

// Input buffer length (a power of two: indices are masked into it).
const inputLen = 64

// NewBatch generates n programs from seed (program i from seed+i); a
// portable batch uses no half.
func NewBatch(seed int64, n int, half, portable bool) *Batch {
	r := rand.New(rand.NewSource(seed ^ 0x5eed))
	half = half && !portable
	b := &Batch{Half: half, Portable: portable}
	mk := func(name string, k Kind, decl string, byteAddr bool) *Buffer {
		buf := &Buffer{Name: name, K: k, Decl: decl, ByteAddress: byteAddr, Data: make([]uint32, inputLen)}
		for i := range buf.Data {
			switch k {
			case Float:
				buf.Data[i] = math.Float32bits(float32(r.Intn(257)-128) / 8)
			case Int:
				buf.Data[i] = uint32(int32(r.Intn(201) - 100))
				if r.Intn(8) == 0 {
					buf.Data[i] = r.Uint32()
				}
			default:
				buf.Data[i] = uint32(r.Intn(100))
				if r.Intn(8) == 0 {
					buf.Data[i] = r.Uint32()
				}
			}
		}
		return buf
	}
	b.Inputs = []*Buffer{
		mk("InI", Int, "StructuredBuffer<int> InI : register(t2);", false),
		mk("InU", Uint, "Buffer<uint> InU : register(t3);", false),
		mk("InF", Float, "StructuredBuffer<float> InF : register(t4);", false),
		mk("InB", Uint, "ByteAddressBuffer InB : register(t5);", true),
	}
	for i := 0; i < n; i++ {
		// two uint inputs of different kinds: pick one per program
		ins := []*Buffer{b.Inputs[0], b.Inputs[2], b.Inputs[1+2*r.Intn(2)]}
		p := Generate(seed+int64(i), fmt.Sprintf("p%d_", i), Config{Half: half, Portable: portable, Inputs: ins, Stmts: 4 + r.Intn(8)})
		p.ScratchBase = b.Scratch
		b.Scratch += Threads * 4
		b.Bases = append(b.Bases, b.Words)
		b.Words += Threads * p.Slots
		b.Programs = append(b.Programs, p)
	}
	return b
}

// Source is the batch's shader, entry point main.
func (b *Batch) Source() string {
	var s strings.Builder
	fmt.Fprintf(&s, "// %d generated programs, one per workgroup (test/randprog).\n", len(b.Programs))
	s.WriteString("#ifdef GLSLANG_SELECT\n#define select(c, a, b) ((c) ? (a) : (b))\n#endif\n")
	s.WriteString("RWStructuredBuffer<uint> Out : register(u0);\nRWStructuredBuffer<uint4> Scr : register(u1);\n")
	for _, in := range b.Inputs {
		s.WriteString(in.Decl + "\n")
	}
	fmt.Fprintf(&s, "groupshared uint4 GS[%d];\n\n", Threads)
	for i, p := range b.Programs {
		s.WriteString(p.Source(b.Bases[i]))
		s.WriteString("\n")
	}
	fmt.Fprintf(&s, "[numthreads(%d, 1, 1)]\nvoid main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {\n  switch (gid.x) {\n", Threads)
	for i, p := range b.Programs {
		fmt.Fprintf(&s, "  case %d: %smain(gi); break;\n", i, p.Prefix)
	}
	s.WriteString("  }\n}\n")
	return s.String()
}

// Sub is the batch of one of its programs alone (for reducing a failure).
func (b *Batch) Sub(i int) *Batch {
	p := *b.Programs[i]
	p.ScratchBase = 0
	return &Batch{Programs: []*Program{&p}, Half: b.Half, Portable: b.Portable, Inputs: b.Inputs, Bases: []int{0},
		Words: Threads * p.Slots, Scratch: Threads * 4}
}

// Mismatch is a difference between what a program wrote and what the
// evaluator expects.
type Mismatch struct {
	Thread, Slot   int
	Want, Got      uint32
	Kind           Kind
	Program, Words int
}

func (m Mismatch) String() string {
	return fmt.Sprintf("thread %d slot %d (%s): want %#x, got %#x", m.Thread, m.Slot, m.Kind, m.Want, m.Got)
}

// Compare checks program i's region of out against its expected result.
// Float slots compare +0 and -0 equal (min/max and the optimizer may pick
// either sign of a zero).
func (b *Batch) Compare(i int, want Result, out []uint32) []Mismatch {
	p := b.Programs[i]
	var mm []Mismatch
	for t := 0; t < Threads; t++ {
		for s := 0; s < p.Slots; s++ {
			w := want.Words[t*p.Slots+s]
			k := b.Bases[i] + t*p.Slots + s
			g := uint32(0xdeadbeef)
			if k < len(out) {
				g = out[k]
			}
			if g == w || want.Kinds[s].isFloat() && (g|w) == 0x80000000 {
				continue
			}
			mm = append(mm, Mismatch{Thread: t, Slot: s, Want: w, Got: g, Kind: want.Kinds[s], Program: i})
		}
	}
	return mm
}
