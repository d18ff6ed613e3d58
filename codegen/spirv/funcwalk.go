package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// funcWalk is the state of the walk over one function body: the function
// being emitted, where break and continue go, the receiver of a method,
// and the function being inlined into it. Emitting another function
// (inlining, a method's body) saves and restores the parts it replaces;
// the function's builder itself is emitter.fb.
type funcWalk struct {
	cur      *function
	breaks   []breakTarget
	thisPtr  builder.ID // the receiver of the method being emitted
	thisType *types.Type
	thisAgg  *aggregate // the receiver, when it holds resources (legalize.go)
	inl      *inlineCtx // the function being inlined (inline.go)
}

// funcQueue is the user functions of the module: each is emitted once, on
// its first call, in the order first called (DXC's order).
type funcQueue struct {
	byObj   map[*sema.Func]*function
	pending []*function // queued, in call order
}

func newFuncQueue() funcQueue {
	return funcQueue{byObj: map[*sema.Func]*function{}}
}

// add records fn as the function of its HLSL function and queues it.
func (q *funcQueue) add(fn *function) {
	q.byObj[fn.obj] = fn
	q.pending = append(q.pending, fn)
}

// next takes the first queued function not emitted yet (nil: none left).
func (q *funcQueue) next() *function {
	for len(q.pending) > 0 {
		fn := q.pending[0]
		q.pending = q.pending[1:]
		if !fn.done {
			return fn
		}
	}
	return nil
}
