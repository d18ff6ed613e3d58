package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// entryPoint is the entry point whose wrapper is being emitted (entry.go):
// its name, OpEntryPoint id and HLSL function, and what its wrapper must
// do besides loading inputs and storing outputs. Under -T lib_* each entry
// gets its turn (library.go saves and restores the parts finishEntryPoint
// needs); otherwise there is one.
type entryPoint struct {
	name       string      // the OpEntryPoint name
	id         builder.ID  // the wrapper function
	fn         *sema.Func  // the HLSL entry function
	library    bool        // -T lib_*: several entry points (library.go)
	numThreads [3]uint32   // a compute shader's [numthreads]
	initStatic []*sema.Var // static globals initialised in the wrapper
	// pcfFn is the patch constant function the hull shader wrapper being
	// emitted calls (tess.go).
	pcfFn *function
	// wrapperDecos wait for the entry wrapper (extdecorate.go).
	wrapperDecos []wrapperDeco
}
