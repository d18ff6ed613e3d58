package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// fixFuncCallParam is spirv-opt's --fix-func-call-param (its
// FixFuncCallArgumentsPass; DXC runs it last under
// -fspv-fix-func-call-arguments). A pointer argument of OpFunctionCall must
// be a memory object declaration (a variable or function parameter) unless
// the module declares variable pointers; DXC passes access chains (an
// element of a buffer, a member of a local struct) for inout parameters.
// Each argument made by OpAccessChain gets a Function variable of the
// pointee's type at the top of the caller's entry block: the element is
// loaded and stored into it before the call, the call takes the variable,
// and the variable is loaded and stored back into the element after it.
//
// The shapes are spirv-opt's: the variables of later arguments and later
// calls go above earlier ones; before the call the copies go in argument
// order, after it in reverse argument order. A module of one function has
// no calls to fix and is left alone.
type fixFuncCallParam struct{}

func (fixFuncCallParam) Name() string { return "fix-func-call-param" }

func (fixFuncCallParam) Run(c *Context) (bool, error) {
	if len(c.M.Functions) == 1 {
		return false, nil
	}
	edits := newPendingInserts()
	changed := false
	for _, f := range c.M.Functions {
		if len(f.Blocks) == 0 {
			continue
		}
		for _, b := range f.Blocks {
			for i, call := range b.Insts {
				if call.Op != spv.OpFunctionCall {
					continue
				}
				// The call is not a terminator: an instruction follows.
				if fixCallArguments(c, edits, f, call, b.Insts[i+1]) {
					changed = true
				}
			}
		}
	}
	edits.flushAll(c)
	return changed, nil
}

// fixCallArguments passes the access-chain arguments of call through new
// Function variables, scheduling the copies around the call (next is the
// instruction after it).
func fixCallArguments(c *Context, edits *pendingInserts, f *builder.Function, call, next *builder.Inst) bool {
	var before, after []*builder.Inst
	// Operands[0] is the callee; the arguments follow.
	for k := 1; k < len(call.Operands); k++ {
		arg := c.Def(call.Operands[k].ID())
		if arg == nil || arg.Op != spv.OpAccessChain {
			continue
		}
		_, pointee, ok := c.B.Pointee(arg.Type)
		if !ok {
			continue
		}
		v := c.NewInst(spv.OpVariable, c.B.TypePointer(spv.StorageClassFunction, pointee), builder.Enum(spv.StorageClassFunction))
		edits.insertAtFront(c, f, v)
		in := c.NewInst(spv.OpLoad, pointee, builder.Ref(arg.Result))
		before = append(before, in, c.NewInst(spv.OpStore, 0, builder.Ref(v.Result), builder.Ref(in.Result)))
		out := c.NewInst(spv.OpLoad, pointee, builder.Ref(v.Result))
		after = append([]*builder.Inst{out, c.NewInst(spv.OpStore, 0, builder.Ref(arg.Result), builder.Ref(out.Result))}, after...)
		call.Operands[k] = builder.Ref(v.Result)
	}
	if before == nil {
		return false
	}
	c.DU.AnalyzeUses(call)
	edits.insertBefore(c, call, before...)
	edits.insertBefore(c, next, after...)
	return true
}
