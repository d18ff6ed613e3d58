package disasm

import (
	"flag"
	"math/rand"
	"path/filepath"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	bt "github.com/hlsl2spirv/hlsl2spirv/builder/binary/binarytest"
)

var (
	mutations    = flag.Int("mutations", 300, "mutated modules TestMutatedModulesMatchSpirvDis tries")
	mutationSeed = flag.Int64("mutation-seed", 1, "seed of TestMutatedModulesMatchSpirvDis")
)

// TestMutatedModulesMatchSpirvDis changes one operand word of corpus
// modules at random (fixed seed) and runs both disassemblers: whatever
// spirv-dis accepts we must accept and print identically. (We may accept
// more: see the package comment.)
func TestMutatedModulesMatchSpirvDis(t *testing.T) {
	if testing.Short() {
		t.Skip("hundreds of spirv-dis runs")
	}
	rng := rand.New(rand.NewSource(*mutationSeed))
	var bases [][]uint32
	for _, f := range corpusFiles(t, ".spvasm") {
		m, err := binary.Read(buildFixture(t, f))
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		bases = append(bases, m.Words)
	}
	accepted := 0
	tries := *mutations
	for i := 0; i < tries; i++ {
		base := bases[rng.Intn(len(bases))]
		words := append([]uint32(nil), base...)
		// An operand word (not a first word: keep the framing mostly intact).
		m, _ := binary.ReadWords(words)
		in := m.Insts[rng.Intn(len(m.Insts))]
		if len(in.Words) < 2 {
			continue
		}
		at := in.Offset + 1 + rng.Intn(len(in.Words)-1)
		switch rng.Intn(5) {
		case 0:
			words[at] = rng.Uint32()
		case 4:
			words[in.Offset] = uint32(len(in.Words)+rng.Intn(3)-1)<<16 | words[in.Offset]&0xffff
		case 1:
			words[at] ^= 1 << rng.Intn(32)
		case 2:
			words[at] = uint32(rng.Intn(64))
		case 3:
			words[at] = words[in.Offset+1+rng.Intn(len(in.Words)-1)]
		}
		bin := bt.Bytes(words)
		want, err := spirvDis(t, bin)
		if err != nil {
			continue
		}
		accepted++
		got, err := DisassembleBytes(bin)
		if err != nil {
			t.Errorf("mutation %d (word %d = 0x%x): spirv-dis accepts, we reject: %v", i, at, words[at], err)
			continue
		}
		if d := firstDiff(want, got); d != "" {
			t.Errorf("mutation %d (word %d = 0x%x):\n%s", i, at, words[at], d)
		}
	}
	t.Logf("%d of %d mutated modules accepted by spirv-dis and compared", accepted, tries)
}
