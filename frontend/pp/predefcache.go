package pp

import (
	"hash/maphash"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// The driver's predefined macros (PredefinedMacros: the compiler's version,
// the shader model and stage, the enabled features) are the same for every
// compile of one profile and options, and defining them by preprocessing
// their "<built-in>" text was about a twentieth of the CPU of a batch job
// (a small shader). So the first compile of a list of them preprocesses it
// and keeps the table of macros it made, the preprocessor's own builtins
// included; a later compile of the same list clones that table. Macros are
// never written after their #define (being expanded is the stack's state,
// not the macro's: preprocessor.expanding), so the tables share them.
//
// A clone is the preprocessing's result exactly: the "<built-in>" file is
// added to the FileSet all the same, and the kept table, whose tokens hold
// positions in it, is only used when the file lands at the base it had the
// first time (it is the FileSet's first file in every compile the driver
// runs); elsewhere the text is preprocessed again.

// A predefinedSet is what defining one list of predefined macros made.
type predefinedSet struct {
	defines []string // the list
	content []byte   // its "<built-in>" text
	base    diag.Pos // where that file began in the FileSet
	macros  map[string]*macro
	shapes  [256]uint64
	bodies  []macroBody
}

// maxPredefinedSets bounds the lists kept (about 10 KB each): one a
// profile and option set in use. A build uses a handful; the golden
// tests, which try every option, 53.
const maxPredefinedSets = 256

var predefinedSets struct {
	sync.Mutex
	seed  maphash.Seed
	byKey map[uint64][]*predefinedSet
	n     int
}

// definePredefined defines the preprocessor's builtins and the driver's
// macros (the "<built-in>" buffer), from a kept table when it can.
func (p *preprocessor) definePredefined() {
	defines := p.cfg.Predefined
	set, key := findPredefined(defines)
	if set != nil {
		f := p.fs.AddFile("<built-in>", set.content)
		if f.Base() == set.base {
			p.macros = maps.Clone(set.macros)
			p.macroShapes = set.shapes
			p.res.bodies = append(p.res.bodies, set.bodies...)
			return
		}
		p.defineBuiltins()
		p.runFile(f)
		return
	}
	p.defineBuiltins()
	if len(defines) == 0 {
		return
	}
	f := p.fs.AddFile("<built-in>", []byte(definesText(defines)))
	diags := len(p.diags.Diags)
	p.runFile(f)
	// Keep the table only when defining the list was all there was to it:
	// no diagnostic, which a clone would not repeat.
	if p.fatal || len(p.diags.Diags) != diags {
		return
	}
	keepPredefined(key, &predefinedSet{
		defines: slices.Clone(defines), content: f.Content, base: f.Base(),
		macros: maps.Clone(p.macros), shapes: p.macroShapes, bodies: slices.Clone(p.res.bodies),
	})
}

// findPredefined returns the set kept for defines, if any, and the key
// to keep one under.
func findPredefined(defines []string) (*predefinedSet, uint64) {
	predefinedSets.Lock()
	defer predefinedSets.Unlock()
	if predefinedSets.byKey == nil {
		predefinedSets.seed = maphash.MakeSeed()
		predefinedSets.byKey = map[uint64][]*predefinedSet{}
	}
	var h maphash.Hash
	h.SetSeed(predefinedSets.seed)
	for _, d := range defines {
		h.WriteString(d)
		h.WriteByte(0)
	}
	key := h.Sum64()
	for _, set := range predefinedSets.byKey[key] {
		if slices.Equal(set.defines, defines) {
			return set, key
		}
	}
	return nil, key
}

func keepPredefined(key uint64, set *predefinedSet) {
	predefinedSets.Lock()
	defer predefinedSets.Unlock()
	for _, kept := range predefinedSets.byKey[key] {
		if slices.Equal(kept.defines, set.defines) {
			return // another compile kept it meanwhile
		}
	}
	if predefinedSets.n < maxPredefinedSets {
		predefinedSets.byKey[key] = append(predefinedSets.byKey[key], set)
		predefinedSets.n++
	}
}

// definesText is the "<built-in>" text of a list of predefined macros.
func definesText(defines []string) string {
	var b strings.Builder
	writeDefines(&b, defines)
	return b.String()
}
