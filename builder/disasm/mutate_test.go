package disasm

import (
	"flag"
	"math/rand"
	"path/filepath"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	bt "github.com/hlsl2spirv/hlsl2spirv/builder/binary/binarytest"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

var (
	mutations       = flag.Int("mutations", 300, "mutated modules TestMutatedModulesMatchSpirvDis tries")
	mutationSeed    = flag.Int64("mutation-seed", 1, "seed of TestMutatedModulesMatchSpirvDis")
	mutationVerbose = flag.Bool("mutation-verbose", false, "log the mutated modules only we accept")
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
	var names []string
	for _, f := range corpusFiles(t, append([]string{".spvasm", ".hlsl"}, glslExts...)...) {
		if set, ok := knownGaps[filepath.Base(f)]; ok && spv.ExtInstSetByName(set) == nil {
			continue
		}
		m, err := binary.Read(buildFixture(t, f))
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		bases = append(bases, m.Words)
		names = append(names, filepath.Base(f))
	}
	accepted, onlyOurs := 0, 0
	tries := *mutations
	for i := 0; i < tries; i++ {
		which := rng.Intn(len(bases))
		base := bases[which]
		words := append([]uint32(nil), base...)
		// An operand word (not a first word: keep the framing mostly intact).
		m, _ := binary.ReadWords(words)
		in := m.Insts[rng.Intn(len(m.Insts))]
		if len(in.Words) < 2 {
			continue
		}
		at := in.Offset + 1 + rng.Intn(len(in.Words)-1)
		count := words[in.Offset] >> 16
		switch rng.Intn(7) {
		case 5: // one more operand word
			words = append(words[:at:at], append([]uint32{uint32(rng.Intn(40))}, base[at:]...)...)
			words[in.Offset] = (count+1)<<16 | words[in.Offset]&0xffff
		case 6: // one operand word less
			words = append(words[:at:at], base[at+1:]...)
			words[in.Offset] = (count-1)<<16 | words[in.Offset]&0xffff
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
			if _, ours := disassemble2023(bin); ours == nil {
				onlyOurs++
				if *mutationVerbose {
					t.Logf("mutation %d of %s (word %d = 0x%x): only we accept; spirv-dis: %v", i, names[which], at, words[at], err)
				}
			}
			continue
		}
		accepted++
		got, err := disassemble2023(bin)
		if err != nil {
			t.Errorf("mutation %d of %s (word %d = 0x%x): spirv-dis accepts, we reject: %v", i, names[which], at, words[at], err)
			continue
		}
		if d := firstDiff(want, got); d != "" {
			t.Errorf("mutation %d of %s (word %d = 0x%x):\n%s", i, names[which], at, words[at], d)
		}
	}
	t.Logf("%d of %d mutated modules accepted by spirv-dis and compared; %d more accepted by us only", accepted, tries, onlyOurs)
}
