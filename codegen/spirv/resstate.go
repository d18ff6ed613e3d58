package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
)

// resourceState is what the emitter remembers about the module's resource
// variables after declaring them (resources.go, globals.go): which
// counter, heap array or flattened element belongs to which variable, and
// the few properties later uses need (rasterizer order). Binding numbers are the bindingAllocator's (globals.go).
type resourceState struct {
	globalsVar   *variable                 // $Globals, when it exists
	counters     map[builder.ID]builder.ID // structured buffer -> its counter variable
	ctrs         ctrState                  // counters of buffers held in memory (rescounters.go)
	rov          map[builder.ID]bool       // rasterizer-ordered resource variables (rov.go)
	inROV        bool                      // inside an interlocked access (rov.go)
	heapArrays   map[string]builder.ID     // descriptor heap arrays by heap and type (heap.go)
	heapFirst    map[string]builder.ID     // each heap's first array, whose binding the others share
	untypedHeaps map[builder.ID]bool       // the -fspv-use-descriptor-heap heap variables (heap.go)
	// heapElems: a local alias's access chain into a heap array or an
	// array of structured buffers: which array, which index.
	heapElems map[builder.ID]heapElem
	fxcClones []fxcClone // buffers read through a natural-layout copy (fxcclone.go)
	// helperInvocation is the Private variable module.init fills with
	// OpIsHelperInvocationEXT (moduleinit.go), 0 until an input needs it.
	helperInvocation builder.ID
}
