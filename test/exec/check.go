package exec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// maxShown is how many differing elements a failure lists per resource.
const maxShown = 16

// Check compares a dispatch's results with the case's expectations and
// returns an error listing, per resource, the differing elements with their
// index, byte offset, type, expected and actual values side by side.
func Check(mod *Module, c *Case, res Result) error {
	var sb strings.Builder
	for _, r := range c.Expects {
		b, elem, err := mod.FindElem(r.Name)
		if err != nil {
			return err
		}
		got := res[Slot{b.Set, b.Binding, elem}]
		mm := r.Data.Compare(got)
		if len(mm) == 0 {
			continue
		}
		fmt.Fprintf(&sb, "%s (set %d binding %d, expect on line %d): %d of %d elements differ\n",
			r.Name, b.Set, b.Binding, r.Line, len(mm), len(r.Data.Elems))
		fmt.Fprintf(&sb, "  %-7s %-6s %-4s %-28s %s\n", "index", "byte", "type", "expected", "actual")
		for i, m := range mm {
			if i == maxShown {
				fmt.Fprintf(&sb, "  ... and %d more\n", len(mm)-maxShown)
				break
			}
			fmt.Fprintf(&sb, "  %-7s %-6d %-4s %-28s %s\n", fmt.Sprintf("[%d]", m.Index), m.Offset, m.Type, m.Expected, m.Actual)
		}
	}
	if sb.Len() > 0 {
		return errors.New(strings.TrimRight(sb.String(), "\n"))
	}
	return nil
}

// compiled is one compile of one file with one set of flags, shared by the
// cases that use the same flags.
type compiled struct {
	once   sync.Once
	module []byte
	env    string
	mod    *Module
	err    error
}

var (
	compileMu    sync.Mutex
	compileCache = map[string]*compiled{}
)

// compile compiles and validates (spirv-val for the compiler's target env)
// and reflects, once per compiler, file and flags.
func compile(tb testing.TB, name string, comp Compiler, f *File, args []string) *compiled {
	key := name + "\x00" + f.Path + "\x00" + strings.Join(args, "\x00")
	compileMu.Lock()
	c := compileCache[key]
	if c == nil {
		c = &compiled{}
		compileCache[key] = c
	}
	compileMu.Unlock()
	c.once.Do(func() {
		// Stays the error if the compile stops the test (a skip inside
		// once.Do), so the cases sharing it never see a nil module.
		c.err = fmt.Errorf("compile of %s stopped (see the first case that compiled it)", f.Path)
		c.module, c.env, c.err = comp(tb, f.Path, f.Source, args)
		if c.err != nil {
			c.err = fmt.Errorf("compile: %w", c.err)
			return
		}
		if err := tool.Validate(tb, c.module, c.env, layoutValidatorFlags(args, c.env)...); err != nil {
			c.err = err
			return
		}
		c.mod, c.err = Reflect(c.module)
	})
	return c
}

// layoutValidatorFlags are the spirv-val options the buffer layout of the
// compile flags needs, as dxc validates: the fxc and scalar layouts need
// VK_EXT_scalar_block_layout, and dxc's default relaxed layout needs
// VK_KHR_relaxed_block_layout on Vulkan 1.0 (core from 1.1). Lavapipe
// supports both.
func layoutValidatorFlags(args []string, env string) []string {
	for _, a := range args {
		if a == "-fvk-use-dx-layout" || a == "-fvk-use-scalar-layout" {
			return []string{"--scalar-block-layout"}
		}
	}
	if env == "vulkan1.0" {
		return []string{"--relax-block-layout"}
	}
	return nil
}

// KeepDir, when set, is where RunCase leaves each case's job file, module
// and data files (one directory per test), to rerun one by hand with
// `runner DIR/job.txt`.
var KeepDir string

// RunCase compiles, runs and checks one case with one compiler, and returns
// what went wrong, or nil when every expectation holds. It stops the test
// (skip, or failure under CI=true) when the machine lacks a Vulkan device.
func RunCase(tb testing.TB, name string, comp Compiler, f *File, c *Case) error {
	runner := Runner(tb)
	cc := compile(tb, name, comp, f, c.Args)
	if cc.err != nil {
		return cc.err
	}
	dir := tb.TempDir()
	if KeepDir != "" {
		dir = filepath.Join(KeepDir, strings.NewReplacer("/", "_", " ", "_").Replace(tb.Name()))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	res, err := Execute(runner, dir, cc.module, cc.mod, c)
	if errors.Is(err, ErrNoDevice) {
		tool.Missing(tb, err.Error()+"; install mesa-vulkan-drivers (lavapipe)")
	}
	if err != nil {
		return err
	}
	return Check(cc.mod, c, res)
}
