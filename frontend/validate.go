package frontend

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/validate"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// Every compile's module is validated (as dxc runs spirv-val) unless -Vd
// or -fcgl: a module breaking a rule is the compiler's bug, reported as an
// internal error naming the rule and, when the module's debug lines (or
// those of a compile with line information) place the instruction, its
// HLSL position. The module is not written.

// ValidatorOptions are the validator's options for a compile (and for
// hlsl2spirv -opt's input and output), as dxc chooses spirv-val's: the environment of -fspv-target-env and the block
// layout rules of the layout flags (scalar for the DX and scalar layouts,
// the strict rules for the GL layout, relaxed otherwise).
func (o *Options) ValidatorOptions() validate.Options {
	var vo validate.Options
	vo.Env, _ = validate.ParseEnv(o.TargetEnv)
	switch {
	case o.UseDXLayout || o.UseScalarLayout:
		vo.ScalarBlockLayout = true
	case o.UseGLLayout:
	default:
		vo.RelaxBlockLayout = true
	}
	return vo
}

// validate checks the compiled module (m, or the words when m is nil) and
// reports a broken rule as an internal error.
func (r *Result) validate(opts *Options, m *builder.Module, filename string, src []byte) {
	if m == nil {
		var err error
		if m, err = builder.Load(r.SPIRV); err != nil {
			r.invalidSPIRV(&validate.Error{Rule: validate.RuleBinary, Msg: err.Error()}, diag.NoPos, "")
			return
		}
	}
	err := validate.Module(m, opts.ValidatorOptions())
	if err == nil {
		return
	}
	var ve *validate.Error
	if !errors.As(err, &ve) {
		ve = &validate.Error{Rule: validate.RuleInternal, Msg: err.Error()}
	}
	sp, ok := ve.SourcePos(m)
	if !ok && !opts.Debug.Line {
		sp, ok = locateWithLines(opts, filename, src, ve.Rule)
	}
	pos, where := diag.NoPos, ""
	if ok {
		pos = r.posOf(sp)
		if !pos.IsValid() {
			where = fmt.Sprintf(" (at %s:%d:%d)", sp.File, sp.Line, sp.Col)
		}
	}
	r.invalidSPIRV(ve, pos, where)
}

// sourceFaults are the validator's findings that come from the program,
// not from the compiler: what DXC also leaves for legalization to resolve
// and its validator refuses when legalization could not. Each is told in
// the source's terms.
var sourceFaults = []struct{ finding, msg string }{
	{"the interpolant must be an Input", "EvaluateAttributeCentroid, EvaluateAttributeAtSample and EvaluateAttributeSnapped need a pixel shader input as their argument: an entry parameter or a member of one, passed on unchanged"},
	{"VUID-StandaloneSpirv-Offset-04663", "the texel offset must be a constant: Vulkan allows an offset known only at run time on Gather only (one over the variable of an [unroll] loop whose trip count is known becomes a constant when the loop is unrolled)"},
}

func (r *Result) invalidSPIRV(ve *validate.Error, pos diag.Pos, where string) {
	for _, f := range sourceFaults {
		if strings.Contains(ve.Msg, f.finding) {
			r.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.InvalidSPIRV, Pos: pos, Msg: f.msg + where})
			return
		}
	}
	msg := fmt.Sprintf("internal compiler error: the generated SPIR-V is invalid: %s [%s]%s", ve.Msg, ve.Rule, where)
	if r.writesInlineSPIRV() {
		// The source's own instructions, types or capabilities may be at
		// fault (as dxc, whose validator then refuses the module).
		msg = fmt.Sprintf("the generated SPIR-V is invalid (the source writes inline SPIR-V): %s [%s]%s", ve.Msg, ve.Rule, where)
	}
	if ve.Inst != nil {
		msg += "\n  " + ve.Inst.String()
	}
	r.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.InvalidSPIRV, Pos: pos, Msg: msg})
}

// locateWithLines compiles again with line information and returns the
// source position of the instruction breaking rule there.
func locateWithLines(opts *Options, filename string, src []byte, rule validate.Rule) (validate.SourcePos, bool) {
	o := *opts
	o.Debug.File, o.Debug.Line, o.Debug.Rich, o.Debug.Vulkan = true, true, false, false
	o.DisableValidation = true
	res, err := Compile(o, filename, src)
	if err != nil || res.SPIRV == nil {
		return validate.SourcePos{}, false
	}
	m, err := builder.Load(res.SPIRV)
	if err != nil {
		return validate.SourcePos{}, false
	}
	var ve *validate.Error
	if !errors.As(validate.Module(m, o.ValidatorOptions()), &ve) || ve.Rule != rule {
		return validate.SourcePos{}, false
	}
	return ve.SourcePos(m)
}

// posOf finds a source position among the compile's files (when the file
// has no #line directive, which would make positions ambiguous).
func (r *Result) posOf(sp validate.SourcePos) diag.Pos {
	for _, f := range r.Files.Files() {
		if f.Name != sp.File {
			continue
		}
		if names, _ := f.LineDirectiveNames(); len(names) > 0 || sp.Line == 0 {
			return diag.NoPos
		}
		off := f.LineStart(int(sp.Line))
		if sp.Col > 0 {
			off += int(sp.Col) - 1
		}
		if off > f.Size() {
			return diag.NoPos
		}
		return f.Pos(off)
	}
	return diag.NoPos
}

// writesInlineSPIRV reports whether a source file of the compile uses
// inline SPIR-V (vk::ext_* attributes, vk::SpirvType, execution modes).
func (r *Result) writesInlineSPIRV() bool {
	for _, f := range r.Files.Files() {
		for _, marker := range []string{"vk::ext_", "vk::Spirv", "vk::spvexecutionmode"} {
			if bytes.Contains(f.Content, []byte(marker)) {
				return true
			}
		}
	}
	return false
}
