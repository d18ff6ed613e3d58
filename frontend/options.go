// Package frontend is the compile driver: it takes Options and a source file
// and runs the stages (preprocess, parse, sema, codegen), collecting every
// diagnostic in one diag.List. Everything the hlsl2spirv command does is a
// call into this package; the command only parses flags and prints.
//
// Parsing and semantic analysis overlap: the parser hands each top-level
// declaration over as soon as it has built it (parse.DeclSink), and a
// sema.Checker checks it on a second goroutine while the parser makes the
// next; HLSL declares before use, so nothing of a declaration's check
// waits for the ones after it. What the user sees is what parse-then-check
// gives: sema reports into a list of its own, appended after the parser's
// diagnostics only when the parse had no error, and is stopped and dropped
// otherwise (also when the parser's fast pass fails and it parses the file
// again); a panic on its goroutine is this compilation's internal error,
// as any stage's. From 64 KB of source the preprocessor runs on a goroutine
// of its own too, streaming tokens to the parser (pp.Stream). Both pay only
// on big files (pipeline.go and driver.go give the sizes and the numbers):
// a typical shader runs every stage on the calling goroutine.
//
// Files: options.go (Options, profiles, -fspv-debug), driver.go (Result and
// the stages), compiler.go (Compiler: the entry points, reusable and safe
// for concurrent use), pipeline.go (sema beside the parser), deps.go
// (make-style dependency rules), extensions.go (-fspv-extension names),
// optimize.go (the legalization and -O pipelines of codegen/opt run on the
// module), validate.go (every compile's module checked by builder/validate;
// a broken rule is an internal error at the HLSL position).
package frontend

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv"
)

// Options are the compile options, named after dxc's flags.
type Options struct {
	Profile string // -T, e.g. "ps_6_0"
	Entry   string // -E; "main" when empty

	Defines     []string // -D NAME[=VALUE], in order
	IncludeDirs []string // -I
	// ReadFile reads #included files; nil means os.ReadFile. Library users
	// set it to compile from memory.
	ReadFile func(path string) ([]byte, error)
	// LegacyMacroExpansion is -flegacy-macro-expansion (fxc's expansion of
	// macros pasted with ##); IgnoreLineDirectives is -ignore-line-directives.
	LegacyMacroExpansion bool
	IgnoreLineDirectives bool

	TargetEnv        string // -fspv-target-env: vulkan1.0 (default), vulkan1.1, vulkan1.1spirv1.4, vulkan1.2, vulkan1.3, universal1.5
	HLSLVersion      int    // -HV: 2016, 2017, 2018, 2021 (default), 202x (2029)
	Enable16BitTypes bool   // -enable-16bit-types
	NoOptimize       bool   // -O0 or -Od: legalize only; -O1..-O3 (the default) also optimize
	CodeGenOnly      bool   // -fcgl: no legalization, no optimization, no validation
	RowMajor         bool   // -Zpr (-Zpc is the default, column major)

	WarningsAsErrors  bool // -WX
	NoWarnings        bool // -no-warnings
	DisableValidation bool // -Vd

	StageIOOrder   string // -fvk-stage-io-order: "decl" (default) or "alpha"
	InvertY        bool   // -fvk-invert-y
	UseDXPositionW bool   // -fvk-use-dx-position-w
	EntryPointName string // -fspv-entrypoint-name: the OpEntryPoint name (default: the -E name)

	// Buffer layout rules: -fvk-use-gl-layout, -fvk-use-dx-layout,
	// -fvk-use-scalar-layout.
	UseGLLayout, UseDXLayout, UseScalarLayout bool
	// Extensions are the -fspv-extension values: SPIR-V extensions the
	// output may use (empty: any the code needs).
	Extensions []string
	// Binding assignment: -fvk-{b,t,s,u}-shift, -fvk-bind-register,
	// -fvk-bind-globals.
	BindingShifts []BindingShift
	BindRegisters []RegisterBinding
	BindGlobals   *[2]int // binding, set of $Globals
	// DefaultSpace is -auto-binding-space; AutoShiftBindings is
	// -fvk-auto-shift-bindings.
	DefaultSpace      int
	AutoShiftBindings bool

	Reflect bool // -fspv-reflect: reflection decorations
	// -fvk-support-nonzero-base-instance, -fvk-support-nonzero-base-vertex
	NonZeroBaseInstance, NonZeroBaseVertex bool
	// -fvk-bind-resource-heap, -fvk-bind-sampler-heap: binding, set.
	// CounterHeap is -fvk-bind-counter-heap: binding, set of the counters
	// of the structured buffers taken from ResourceDescriptorHeap.
	ResourceHeap, SamplerHeap, CounterHeap *[2]int
	UnknownImageFormat                     bool // -fspv-use-unknown-image-format

	IEEEStrict           bool   // -Gis: no contraction, signed zeros/Inf/NaN preserved
	Denorm               string // -denorm: "any" (default), "preserve" or "ftz"
	FiniteMathOnly       bool   // -ffinite-math-only: min/max ignore NaNs
	PreserveInterface    bool   // -fspv-preserve-interface: keep unused stage variables
	VulkanMemoryModel    bool   // -fspv-use-vulkan-memory-model
	MaximalReconvergence bool   // -fspv-enable-maximal-reconvergence
	MaxID                uint32 // -fspv-max-id: fail when the module needs more ids (0: no limit)
	// OptConfig is -Oconfig: spirv-opt flags ("--ccp", "-O",
	// "--scalar-replacement=100") run instead of the -O pipeline.
	OptConfig []string
	// ReduceLoadSize is -fspv-reduce-load-size: loads of uniform and input
	// composites used only through extracts read the used members instead
	// (DXC's reduce-load-size pass at threshold 1.1, then dead-code
	// elimination, before the -O passes).
	ReduceLoadSize bool
	// FixFuncCallArguments is -fspv-fix-func-call-arguments: a call that
	// stays a call ([noinline], a library's exported functions) passes an
	// element or member it is given through a Function variable (DXC's
	// fix-func-call-param, after legalization).
	FixFuncCallArguments bool
	// PreserveBindings is -fspv-preserve-bindings: unused resource variables
	// stay.
	PreserveBindings bool
	// PrintAll, when set, receives the module after every optimizer pass
	// (-fspv-print-all prints to stderr).
	PrintAll io.Writer
	// TimeReport, when set, receives the optimizer's time per pass
	// (-ftime-report prints to stderr).
	TimeReport io.Writer
	// FlattenResourceArrays is -fspv-flatten-resource-arrays.
	FlattenResourceArrays bool
	// UseDescriptorHeap is -fspv-use-descriptor-heap: the SM 6.6 heaps
	// are SPV_EXT_descriptor_heap's built-in heaps.
	UseDescriptorHeap bool
	// PackOptimized is -pack-optimized: stage variables share locations
	// component by component (DXC's signature packing).
	PackOptimized bool
	// LegacyBufferMatrixOrder is -fspv-use-legacy-buffer-matrix-order.
	LegacyBufferMatrixOrder bool
	DisabledWarnings        []string // -Wno-<group>
	// Debug is the debug information -Zi and -fspv-debug= ask for (see
	// ParseDebugCategories).
	Debug DebugOptions
}

// DebugOptions are the categories of debug information.
type DebugOptions = spirv.DebugOptions

// ParseDebugCategories applies -Zi and the -fspv-debug= values in order,
// as DXC does: any -fspv-debug= overrules -Zi, and each value sets its
// category and those it implies (a value is one word: DXC splits no
// lists).
func ParseDebugCategories(zi bool, values []string) (DebugOptions, error) {
	var d DebugOptions
	if len(values) == 0 {
		if zi {
			d.File, d.Source, d.Line, d.Tool = true, true, true, true
		}
		return d, nil
	}
	for _, v := range values {
		switch v {
		case "file":
			d.File = true
		case "source":
			d.File, d.Source = true, true
		case "line":
			d.File, d.Source, d.Line = true, true, true
		case "tool":
			d.Tool = true
		case "rich", "rich-with-source", "vulkan", "vulkan-with-source", "vulkan-with-source-test":
			d.File, d.Line, d.Rich = true, true, true
			d.Source = v == "rich-with-source" || v == "vulkan-with-source" || v == "vulkan-with-source-test"
			d.Vulkan = v == "vulkan" || v == "vulkan-with-source" || v == "vulkan-with-source-test"
			if v == "vulkan-with-source-test" {
				d.SourceLen = 13 // DXC's testing length, to exercise DebugSourceContinued
			}
		default:
			return d, fmt.Errorf("unknown SPIR-V debug info control parameter: %s", v)
		}
	}
	return d, nil
}

// BindingShift is -fvk-<class>-shift N SPACE (see spirv.BindingShift).
type BindingShift = spirv.BindingShift

// RegisterBinding is -fvk-bind-register (see spirv.RegisterBinding).
type RegisterBinding = spirv.RegisterBinding

// Stage is a shader stage as named in a profile.
type Stage string

const (
	StagePixel    Stage = "ps"
	StageVertex   Stage = "vs"
	StageGeometry Stage = "gs"
	StageHull     Stage = "hs"
	StageDomain   Stage = "ds"
	StageCompute  Stage = "cs"
	StageLibrary  Stage = "lib"
	StageMesh     Stage = "ms"
	StageAmplify  Stage = "as"
)

// Profile is a parsed -T value.
type Profile struct {
	Stage        Stage
	Major, Minor int
}

func (p Profile) String() string { return fmt.Sprintf("%s_%d_%d", p.Stage, p.Major, p.Minor) }

// ParseProfile parses "ps_6_0"-style profiles: a stage and a shader model,
// 6.0 through 6.10, or the legacy 5.0 and 5.1 that dxc still accepts.
func ParseProfile(s string) (Profile, error) {
	parts := strings.Split(s, "_")
	if len(parts) != 3 {
		return Profile{}, fmt.Errorf("invalid profile '%s'", s)
	}
	st := Stage(parts[0])
	switch st {
	case StagePixel, StageVertex, StageGeometry, StageHull, StageDomain, StageCompute, StageLibrary, StageMesh, StageAmplify:
	default:
		return Profile{}, fmt.Errorf("invalid profile '%s': unknown shader stage '%s'", s, parts[0])
	}
	major, err1 := strconv.Atoi(parts[1])
	minor, err2 := strconv.Atoi(parts[2])
	valid := err1 == nil && err2 == nil && ((major == 6 && minor >= 0 && minor <= 10) || (major == 5 && (minor == 0 || minor == 1)))
	if !valid {
		return Profile{}, fmt.Errorf("invalid profile '%s': shader model must be 6.0 to 6.10 (or 5.0, 5.1)", s)
	}
	if major == 5 && (st == StageLibrary || st == StageMesh || st == StageAmplify) {
		return Profile{}, fmt.Errorf("invalid profile '%s': %s needs shader model 6", s, st)
	}
	if (st == StageMesh || st == StageAmplify) && minor < 5 {
		return Profile{}, fmt.Errorf("invalid profile '%s': mesh and amplification shaders need shader model 6.5", s)
	}
	if st == StageLibrary && minor < 3 {
		return Profile{}, fmt.Errorf("invalid profile '%s': libraries need shader model 6.3", s)
	}
	return Profile{Stage: st, Major: major, Minor: minor}, nil
}

// TargetEnvs lists the accepted -fspv-target-env values with the SPIR-V
// version each implies (major<<16 | minor<<8, as in the module header).
var TargetEnvs = map[string]uint32{
	"vulkan1.0":         0x10000,
	"vulkan1.1":         0x10300,
	"vulkan1.1spirv1.4": 0x10400,
	"vulkan1.2":         0x10500,
	"vulkan1.3":         0x10600,
	"vulkan1.4":         0x10600,
	"universal1.5":      0x10500,
}

// Normalize fills in defaults and checks option values that do not need the
// source. It returns the first problem found.
func (o *Options) Normalize() error {
	if o.Entry == "" {
		o.Entry = "main"
	}
	if o.TargetEnv == "" {
		o.TargetEnv = "vulkan1.0"
	}
	if _, ok := TargetEnvs[o.TargetEnv]; !ok {
		return fmt.Errorf("unknown SPIR-V target environment '%s'", o.TargetEnv)
	}
	switch o.HLSLVersion {
	case 0:
		o.HLSLVersion = 2021
	case 2016, 2017, 2018, 2021, 2029: // 202x is 2029, as in DXC
	default:
		return fmt.Errorf("unknown HLSL version: %d", o.HLSLVersion)
	}
	switch o.StageIOOrder {
	case "":
		o.StageIOOrder = "decl"
	case "decl", "alpha":
	default:
		return fmt.Errorf("unknown Vulkan stage I/O location assignment order: %s", o.StageIOOrder)
	}
	switch o.Denorm {
	case "", "any", "preserve", "ftz":
	default:
		return fmt.Errorf("Unsupported value '%s' for denorm option.", o.Denorm)
	}
	exts, err := expandExtensions(o.Extensions)
	if err != nil {
		return err
	}
	o.Extensions = exts
	return nil
}

// warningGroups is the set of -Wno-<group> groups.
func warningGroups(names []string) map[string]bool {
	if len(names) == 0 {
		return nil
	}
	set := make(map[string]bool, len(names))
	for _, n := range names {
		set[n] = true
	}
	return set
}
