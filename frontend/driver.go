package frontend

import (
	"fmt"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/headers"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// Result is what one compilation produced. Diags holds every diagnostic of
// every stage; SPIRV is nil when there were errors.
type Result struct {
	Files *diag.FileSet
	Diags *diag.List
	SPIRV []uint32
	// AST is the parsed file (nil before parsing ran).
	AST *ast.File
	// Info is what semantic analysis learnt of AST (nil before it ran).
	Info *sema.Info
	// Dependencies are the files the source was read from (the main file,
	// then every #included one; see pp.Result.Dependencies), once the
	// preprocessor ran.
	Dependencies []string

	profile Profile
	legal   spirv.Legalization // what code generation said of legalization
}

// Failed reports whether the compilation had errors.
func (r *Result) Failed() bool { return r.Diags.HasErrors() }

// newResult checks the options and sets up the file set and diagnostics.
func newResult(opts *Options) (*Result, error) {
	if err := opts.Normalize(); err != nil {
		return nil, err
	}
	r := &Result{Files: diag.NewFileSet()}
	r.Diags = diag.NewList(r.Files, diag.Options{WarningsAsErrors: opts.WarningsAsErrors, NoWarnings: opts.NoWarnings,
		DisabledGroups: warningGroups(opts.DisabledWarnings)})
	return r, nil
}

// ppConfig is the preprocessor configuration for the options: DXC's
// predefined macros for the target, then -D.
func (o *Options) ppConfig(p Profile) pp.Config {
	spv := TargetEnvs[o.TargetEnv]
	return pp.Config{
		Defines:     o.Defines,
		IncludeDirs: o.IncludeDirs,
		ReadFile:    o.ReadFile,
		// <vk/spirv.h> and friends, found after the -I folders.
		BuiltinHeader: headers.Lookup,

		LegacyMacroExpansion: o.LegacyMacroExpansion,
		IgnoreLineDirectives: o.IgnoreLineDirectives,
		Predefined: pp.PredefinedMacros(pp.Target{
			Stage: string(p.Stage), Major: p.Major, Minor: p.Minor,
			HLSLVersion: o.HLSLVersion, Enable16Bit: o.Enable16BitTypes,
			SPIRV: true, SPIRVMajor: int(spv >> 16), SPIRVMinor: int(spv>>8) & 0xff,
		}),
	}
}

// profileFor parses the -T profile. Preprocessing and parsing can run without
// one (as dxc -P does), in which case the macros describe a library target.
func (o *Options) profileFor(needed bool) (Profile, error) {
	if o.Profile == "" {
		if needed {
			return Profile{}, fmt.Errorf("target profile missing: use -T, e.g. -T ps_6_0")
		}
		return Profile{Stage: StageLibrary, Major: 6, Minor: 3}, nil
	}
	return ParseProfile(o.Profile)
}

// preprocess runs the preprocessor on the main file.
func (r *Result) preprocess(opts *Options, filename string, src []byte) *pp.Result {
	res := pp.Preprocess(r.Files, r.Diags, filename, src, opts.ppConfig(r.profile))
	r.Dependencies = res.Dependencies()
	return res
}

// check preprocesses, parses and runs semantic analysis, which runs only
// on a file that parsed without errors. Without -T (dxc -P and -ast-dump
// allow that) the file is checked as a library. The parser reads the
// tokens as the preprocessor produces them, on a goroutine of its own for
// a file of concurrentPPBytes or more (when preprocessing fails there is
// no AST and no syntax error, as if parsing had not started). On a file
// worth it, sema checks each declaration on a second goroutine while the
// parser makes the next (pipeline.go), with the same result.
func (r *Result) check(c *Compiler, opts *Options, filename string, src []byte) {
	s := pp.NewStream(r.Files, r.Diags, filename, src, opts.ppConfig(r.profile), len(src) >= concurrentPPBytes)
	defer func() { r.Dependencies = s.Close().Dependencies() }()
	entry := opts.Entry
	if opts.Profile == "" {
		entry = ""
	}
	cfg := sema.Config{
		Stage: string(r.profile.Stage), Major: r.profile.Major, Minor: r.profile.Minor,
		Entry: entry, HLSLVersion: opts.HLSLVersion,
		Enable16BitTypes: opts.Enable16BitTypes, RowMajor: opts.RowMajor,
		TargetEnv: opts.TargetEnv,
	}
	// The token count is not known before the stream ends: about one
	// token per three bytes (2.6 on the 5,000-line shader, 4.2 on the
	// 183-line pbr_forward).
	pipe := newSemaPipe(r.Files, r.Diags.Opts, cfg, len(src)/3)
	if pipe != nil {
		defer pipe.stop() // when the parse fails or panics
		r.AST = c.parser.StreamTo(r.Files, r.Diags, filename, s, pipe)
	} else {
		r.AST = c.parser.Stream(r.Files, r.Diags, filename, s)
	}
	if r.Failed() || r.AST == nil {
		return
	}
	if pipe != nil && pipe.finish(r) {
		return // checked beside the parser
	}
	r.Info = sema.Check(r.Files, r.Diags, r.AST, cfg)
}

// concurrentPPBytes is the source size from which the preprocessor runs
// on a goroutine of its own, beside the parser (a variable for the tests).
// Measured on the 5,000-line shader (155 KB), preprocessing and parsing
// took about 2 ms (7%) less wall time that way and 4-5 ms more CPU; a
// typical 200-line shader paid 1.5-2 ms more CPU (the second thread's
// start in a fresh process) and gained nothing.
var concurrentPPBytes = 64 << 10

// typeAnnotation shows the type sema gave a node, for -ast-dump, in clang's
// quoting: 'float4'.
func (r *Result) typeAnnotation(n ast.Node) string {
	if r.Info == nil {
		return ""
	}
	if t := r.Info.TypeOf(n); t != nil {
		return "'" + t.String() + "'"
	}
	return ""
}

// codegenOptions are the options the SPIR-V emitter needs.
func (o *Options) codegenOptions(p Profile) spirv.Options {
	version := spv.Version(TargetEnvs[o.TargetEnv])
	return spirv.Options{
		Version: version, Stage: string(p.Stage), Major: p.Major, Minor: p.Minor,
		Entry: o.Entry, EntryPointName: o.EntryPointName, HLSLVersion: o.HLSLVersion,
		Enable16BitTypes: o.Enable16BitTypes, RowMajor: o.RowMajor, StageIOOrder: o.StageIOOrder,
		InvertY: o.InvertY, UseDXPositionW: o.UseDXPositionW, CodeGenOnly: o.CodeGenOnly, DisableValidation: o.DisableValidation,
		FixFuncCallArguments:      o.FixFuncCallArguments,
		PointerVariablesOptimized: !o.CodeGenOnly && !o.NoOptimize && len(o.OptConfig) == 0,
		Demote:                    version >= spv.Version1_6 || slices.Contains(o.Extensions, "SPV_EXT_demote_to_helper_invocation"),
		Extensions:                o.Extensions, BindingShifts: o.BindingShifts, BindRegisters: o.BindRegisters,
		BindGlobals: o.BindGlobals, Reflect: o.Reflect, UnknownImageFormat: o.UnknownImageFormat,
		DefaultSpace: o.DefaultSpace, AutoShiftBindings: o.AutoShiftBindings,
		NonZeroBaseInstance: o.NonZeroBaseInstance, NonZeroBaseVertex: o.NonZeroBaseVertex,
		ResourceHeap: o.ResourceHeap, SamplerHeap: o.SamplerHeap, CounterHeap: o.CounterHeap,
		IEEEStrict: o.IEEEStrict, Denorm: o.Denorm, FiniteMathOnly: o.FiniteMathOnly,
		PreserveInterface: o.PreserveInterface, VulkanMemoryModel: o.VulkanMemoryModel, MaximalReconvergence: o.MaximalReconvergence,
		LegacyBufferMatrixOrder: o.LegacyBufferMatrixOrder, FlattenResourceArrays: o.FlattenResourceArrays,
		PackOptimized: o.PackOptimized, UseDescriptorHeap: o.UseDescriptorHeap,
		Debug:  o.Debug,
		Layout: layout.Flags{UseDXLayout: o.UseDXLayout, UseGLLayout: o.UseGLLayout, UseScalarLayout: o.UseScalarLayout},
	}
}
