package validate

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// An Env is the target environment a module is validated for, as
// spirv-val's --target-env names them.
type Env uint8

const (
	// EnvAuto (the zero value) is the Vulkan environment of the module's
	// SPIR-V version: vulkan1.0 for 1.0, vulkan1.1 for 1.1-1.3,
	// vulkan1.1spv1.4 for 1.4, vulkan1.2 for 1.5, vulkan1.3 for 1.6.
	EnvAuto Env = iota
	EnvVulkan1_0
	EnvVulkan1_1
	EnvVulkan1_1SPV1_4
	EnvVulkan1_2
	EnvVulkan1_3
	EnvUniversal1_0
	EnvUniversal1_1
	EnvUniversal1_2
	EnvUniversal1_3
	EnvUniversal1_4
	EnvUniversal1_5
	EnvUniversal1_6
)

var envNames = [...]string{"auto", "vulkan1.0", "vulkan1.1", "vulkan1.1spv1.4", "vulkan1.2", "vulkan1.3",
	"spv1.0", "spv1.1", "spv1.2", "spv1.3", "spv1.4", "spv1.5", "spv1.6"}

func (e Env) String() string {
	if int(e) < len(envNames) {
		return envNames[e]
	}
	return fmt.Sprintf("Env(%d)", uint8(e))
}

// ParseEnv reads a target environment as spirv-val (vulkan1.1spv1.4,
// spv1.5, universal1.5) or dxc's -fspv-target-env (vulkan1.1spirv1.4)
// spell it.
func ParseEnv(s string) (Env, error) {
	if s == "vulkan1.4" {
		// SPIR-V 1.6 under Vulkan 1.3's rules: no later rule is checked.
		s = "vulkan1.3"
	}
	norm := strings.Replace(s, "spirv1.", "spv1.", 1)
	norm = strings.Replace(norm, "universal1.", "spv1.", 1)
	for i, n := range envNames {
		if i > 0 && n == norm {
			return Env(i), nil
		}
	}
	return 0, fmt.Errorf("unknown target environment %q", s)
}

// IsVulkan reports whether e is a Vulkan environment (EnvAuto is).
func (e Env) IsVulkan() bool { return e <= EnvVulkan1_3 }

// MaxVersion is the highest SPIR-V version the environment accepts.
func (e Env) MaxVersion() spv.Version {
	switch e {
	case EnvVulkan1_0:
		return spv.Version1_0
	case EnvVulkan1_1:
		return spv.Version1_3
	case EnvVulkan1_1SPV1_4:
		return spv.Version1_4
	case EnvVulkan1_2:
		return spv.Version1_5
	case EnvVulkan1_3, EnvAuto:
		return spv.Version1_6
	}
	return spv.MakeVersion(1, uint8(e-EnvUniversal1_0))
}

// envFor resolves EnvAuto for a module of version v.
func envFor(e Env, v spv.Version) Env {
	if e != EnvAuto {
		return e
	}
	switch {
	case v <= spv.Version1_0:
		return EnvVulkan1_0
	case v <= spv.Version1_3:
		return EnvVulkan1_1
	case v == spv.Version1_4:
		return EnvVulkan1_1SPV1_4
	case v == spv.Version1_5:
		return EnvVulkan1_2
	}
	return EnvVulkan1_3
}

// Options choose the environment and the rules that spirv-val makes
// optional. The zero value validates for the module's Vulkan environment
// with the strict (std140/std430) block layout rules.
type Options struct {
	Env Env
	// Block layout rules (spirv-val's --relax-block-layout,
	// --uniform-buffer-standard-layout, --scalar-block-layout,
	// --workgroup-scalar-block-layout, --skip-block-layout). Vulkan 1.1 and
	// later environments relax block layout whatever RelaxBlockLayout says,
	// as spirv-val does.
	RelaxBlockLayout            bool
	UniformBufferStandardLayout bool
	ScalarBlockLayout           bool
	WorkgroupScalarBlockLayout  bool
	SkipBlockLayout             bool
	// RelaxLogicalPointer allows pointers where logical addressing forbids
	// them (--relax-logical-pointer); BeforeHLSLLegalization also allows
	// what DXC's un-legalized output holds (--before-hlsl-legalization).
	RelaxLogicalPointer    bool
	BeforeHLSLLegalization bool
	// RelaxStructStore allows OpStore between structs that only match
	// logically (--relax-struct-store).
	RelaxStructStore bool
	// AllowLocalSizeID allows the LocalSizeId execution mode before Vulkan
	// 1.3 (--allow-localsizeid).
	AllowLocalSizeID bool
}

// Error is a broken rule: which one, the instruction breaking it (nil for
// a rule about the whole module) and what is wrong.
type Error struct {
	Rule Rule
	Inst *builder.Inst
	// Func is the function holding Inst, nil at module level.
	Func *builder.Function
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "invalid SPIR-V [%s]: %s", e.Rule, e.Msg)
	if e.Inst != nil {
		fmt.Fprintf(&b, "\n  %s", e.Inst)
	}
	return b.String()
}

// Module validates m against the rules of the SPIR-V specification and of
// the target environment, as spirv-val (SPIRV-Tools) checks them, and
// returns the first broken rule as an *Error, or nil. It reads the module
// and its cached analyses (CFG, dominators) but changes nothing else.
func Module(m *builder.Module, opts Options) (err error) {
	c := newChecker(m, opts)
	defer func() {
		c.waitControlFlow() // after the recovery: nothing reads m once Module returns
		if err == nil {
			c.release()
		}
	}()
	defer func() {
		if r := recover(); r != nil {
			err = validatorFailure(r)
		}
	}()
	if e := c.run(); e != nil {
		return e
	}
	return nil
}

// validatorFailure is the error of a validator bug, which must not crash
// the caller: it is reported as what it is.
func validatorFailure(r any) *Error {
	return &Error{Rule: RuleInternal, Msg: fmt.Sprintf("validator failure: %v", r)}
}

// Words loads a module from its words and validates it; a module the
// loader rejects is invalid too (rule RuleBinary).
func Words(words []uint32, opts Options) error {
	m, err := builder.Load(words)
	if err != nil {
		return &Error{Rule: loadErrorRule(err.Error()), Msg: err.Error()}
	}
	return Module(m, opts)
}

// loadErrorRule tells the module layout errors builder.Load reports (an
// instruction out of its section, a missing or second OpMemoryModel, an
// unterminated function) from the binary's own.
func loadErrorRule(msg string) Rule {
	for _, s := range []string{"is terminated", "is not terminated", "after the terminator"} {
		if strings.Contains(msg, s) {
			return RuleCFG
		}
	}
	for _, s := range []string{"layout order", "OpMemoryModel", "inside a function", "outside a function", "OpFunctionEnd", "debug line instruction", "starts inside function", "function's body started"} {
		if strings.Contains(msg, s) {
			return RuleLayout
		}
	}
	return RuleBinary
}

// OptionsFromArgs reads spirv-val's command-line options (--target-env
// ENV, --relax-block-layout, --scalar-block-layout, ...), so that a module
// can be validated here exactly as spirv-val was asked to.
func OptionsFromArgs(args []string) (Options, error) {
	var o Options
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "--target-env":
			if i+1 >= len(args) {
				return o, fmt.Errorf("--target-env needs a value")
			}
			i++
			e, err := ParseEnv(args[i])
			if err != nil {
				return o, err
			}
			o.Env = e
		case "--relax-block-layout":
			o.RelaxBlockLayout = true
		case "--uniform-buffer-standard-layout":
			o.UniformBufferStandardLayout = true
		case "--scalar-block-layout":
			o.ScalarBlockLayout = true
		case "--workgroup-scalar-block-layout":
			o.WorkgroupScalarBlockLayout = true
		case "--skip-block-layout":
			o.SkipBlockLayout = true
		case "--relax-logical-pointer":
			o.RelaxLogicalPointer = true
		case "--before-hlsl-legalization":
			o.BeforeHLSLLegalization = true
			o.RelaxLogicalPointer = true
		case "--relax-struct-store":
			o.RelaxStructStore = true
		case "--allow-localsizeid":
			o.AllowLocalSizeID = true
		default:
			if v, ok := strings.CutPrefix(a, "--target-env="); ok {
				e, err := ParseEnv(v)
				if err != nil {
					return o, err
				}
				o.Env = e
				continue
			}
			return o, fmt.Errorf("unknown spirv-val option %q", a)
		}
	}
	return o, nil
}
