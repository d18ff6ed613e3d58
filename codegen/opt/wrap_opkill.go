package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// wrapOpKill is --wrap-opkill: in the functions called (directly or not)
// from a loop's continue construct, each OpKill and
// OpTerminateInvocation becomes a call to a new function doing just that,
// followed by a return (of an OpUndef in a function returning a value).
// Inlining such a function would otherwise put an instruction that ends
// the invocation in a continue construct, where the back edge must
// post-dominate everything.
type wrapOpKill struct{}

func (wrapOpKill) Name() string { return "wrap-opkill" }

func (wrapOpKill) Run(c *Context) (bool, error) {
	if !slices.ContainsFunc(c.M.Functions, endsInvocation) {
		// Nothing to wrap: no function needs the structured analysis
		// that finds the ones called from continue constructs.
		return false, nil
	}
	w := &opKillWrapper{c: c, funcs: map[spv.Op]*builder.Function{}}
	byID := functionsByID(c.M)
	changed := false
	for _, id := range newFunctionStructCFG(c).FuncsCalledFromContinue() {
		f := byID[id]
		if f == nil {
			continue
		}
		for _, b := range f.Blocks {
			if t := b.Terminator(); t != nil && wrapped(t.Op) {
				w.wrap(f, b, t)
				changed = true
			}
		}
	}
	for _, op := range []spv.Op{spv.OpKill, spv.OpTerminateInvocation} {
		if f := w.funcs[op]; f != nil {
			c.M.Functions = append(c.M.Functions, f)
			c.M.Link()
		}
	}
	return changed, nil
}

// wrapped reports whether op is a terminator the pass wraps.
func wrapped(op spv.Op) bool { return op == spv.OpKill || op == spv.OpTerminateInvocation }

// endsInvocation reports whether a block of f ends with a terminator the
// pass wraps.
func endsInvocation(f *builder.Function) bool {
	for _, b := range f.Blocks {
		if t := b.Terminator(); t != nil && wrapped(t.Op) {
			return true
		}
	}
	return false
}

type opKillWrapper struct {
	c     *Context
	funcs map[spv.Op]*builder.Function // the wrapping functions made, by opcode
}

// wrap replaces t, ending b of f, by a call to the wrapping function and a
// return.
func (w *opKillWrapper) wrap(f *builder.Function, b *builder.Block, t *builder.Inst) {
	c := w.c
	void := c.B.TypeVoid()
	call := c.NewInst(spv.OpFunctionCall, void, builder.Ref(w.function(t.Op)))
	call.Line = t.Line
	t.Line = nil
	b.InsertBefore(t, call)
	if ret := f.Def.Type; c.B.TypeOp(ret) != spv.OpTypeVoid {
		undef := c.NewInst(spv.OpUndef, ret)
		b.InsertBefore(t, undef, c.NewInst(spv.OpReturnValue, 0, builder.Ref(undef.Result)))
	} else {
		b.InsertBefore(t, c.NewInst(spv.OpReturn, 0))
	}
	b.Remove(t)
	c.Kill(t)
}

// function returns the function that executes op, making it the first
// time.
func (w *opKillWrapper) function(op spv.Op) builder.ID {
	if f := w.funcs[op]; f != nil {
		return f.Def.Result
	}
	c := w.c
	void := c.B.TypeVoid()
	def := c.NewInst(spv.OpFunction, void, builder.Enum(spv.FunctionControlNone), builder.Ref(c.B.TypeFunction(void)))
	f := &builder.Function{Def: def}
	b := newBlock(c, f)
	f.Blocks = []*builder.Block{b}
	b.Append(c.NewInst(op, 0))
	c.DU.Define(def)
	w.funcs[op] = f
	return def.Result
}
