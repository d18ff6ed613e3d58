package pp

import (
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// The driver's predefined macros (PredefinedMacros: the compiler's version,
// the shader model and stage, the enabled features) are the same for every
// compile of one profile and options, and defining them by preprocessing
// their "<built-in>" text was about a twentieth of the CPU of a batch job
// (a small shader). So the first compile of a text preprocesses it and
// keeps the macros it defined; later compiles of the same text copy them.
//
// A copy is the preprocessing's result exactly: the "<built-in>" file is
// added to the FileSet all the same, and only when it lands at the base it
// had the first time (it is the FileSet's first file in every compile the
// driver runs) are the kept macros, whose tokens hold positions in it,
// used; they are copied, since expanding a macro marks it (disabled), and
// their bodies and parameters, which nothing writes after the #define, are
// shared.

// A predefinedSet is what preprocessing one "<built-in>" text defined.
type predefinedSet struct {
	base   diag.Pos // where the text's file began in the FileSet
	macros []macro  // in the order defined
	bodies []macroBody
}

// maxPredefinedSets bounds the texts kept (about 8 KB each): one a
// profile and option set in use. A build uses a handful; the golden
// tests, which try every option, 53.
const maxPredefinedSets = 256

var predefinedSets struct {
	sync.Mutex
	byText map[string]*predefinedSet
}

// definePredefined defines the macros of text, the "<built-in>" buffer,
// copying those kept from an earlier compile when it can.
func (p *preprocessor) definePredefined(text string) {
	if text == "" {
		return
	}
	predefinedSets.Lock()
	set := predefinedSets.byText[text]
	predefinedSets.Unlock()
	f := p.fs.AddFile("<built-in>", []byte(text))
	if set != nil && set.base == f.Base() {
		copies := make([]macro, len(set.macros))
		copy(copies, set.macros)
		for i := range copies {
			p.setMacro(&copies[i])
		}
		p.res.bodies = append(p.res.bodies, set.bodies...)
		return
	}
	before, diags := len(p.macros), len(p.diags.Diags)
	p.runFile(f)
	// Keep the set only when defining it was all there was to it: no
	// diagnostics, no macro redefined (a later copy would miss the
	// warning), nothing but the #defines' macros added.
	if set != nil || p.fatal || len(p.diags.Diags) != diags || len(p.res.bodies) == 0 {
		return
	}
	set = &predefinedSet{base: f.Base(), bodies: append([]macroBody(nil), p.res.bodies...)}
	for _, b := range set.bodies {
		m := p.macros[b.name]
		if m == nil || m.pos != b.start {
			return // redefined by a later line: keep nothing
		}
		set.macros = append(set.macros, *m)
	}
	if len(p.macros)-before != len(set.macros) {
		return
	}
	predefinedSets.Lock()
	defer predefinedSets.Unlock()
	if predefinedSets.byText == nil {
		predefinedSets.byText = map[string]*predefinedSet{}
	}
	if len(predefinedSets.byText) < maxPredefinedSets {
		predefinedSets.byText[text] = set
	}
}
