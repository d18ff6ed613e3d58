package opt

import "github.com/hlsl2spirv/hlsl2spirv/builder"

// cfgCleanup is --cfg-cleanup: it deletes the blocks of each function the
// entry points reach that control flow cannot reach (spirv-opt's
// CFGCleanupPass, which is MemPass's removal of unreachable blocks:
// removeUnreachableBlocks).
type cfgCleanup struct{}

func (cfgCleanup) Name() string { return "cfg-cleanup" }

func (cfgCleanup) Run(c *Context) (bool, error) {
	u := newUndefs(c)
	return forEachReachableFunction(c, func(f *builder.Function) bool {
		return removeUnreachableBlocks(c, f, u)
	}), nil
}
