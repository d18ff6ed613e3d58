package sema

import (
	"fmt"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// checkEntry finds the -E function and checks what DXC requires of it
// before code generation: it exists (not for libraries), and it has the
// attributes its stage requires ([numthreads] for compute, ...).
func (c *checker) checkEntry() {
	st := stage.ByProfile(c.cfg.Stage)
	if st == stage.None || st == stage.Library {
		c.checkLibraryEntries(c.file.Decls)
		return
	}
	name := c.cfg.Entry
	if name == "" {
		name = "main"
	}
	var entry *Func
	if set, ok := c.global.Lookup(name).(*Overloads); ok {
		for _, f := range set.Funcs {
			if f.Decl != nil && f.Decl.Body != nil {
				entry = f
				break
			}
		}
	}
	if entry == nil {
		c.errorf(EntryMissing, diag.NoPos, "missing entry point definition")
		return
	}
	c.info.Entry = entry
	c.checkRecursion(entry)
	c.checkEntrySemantics(entry)
	if st != stage.Pixel {
		c.checkReachable(entry)
	}
	c.checkStageAttributes(entry, st)
}

func hasAttr(attrs []*ast.Attribute, name string) bool {
	for _, a := range attrs {
		if strings.EqualFold(a.Name, name) && a.Namespace == "" {
			return true
		}
	}
	return false
}

// checkEntrySemantics: an entry's parameters and result of scalar, vector
// or matrix type (and arrays of them) need a semantic to become stage
// variables; structs carry theirs on their fields. DXC's SPIR-V back end
// reports the omission; doing it here gives the same message earlier.
func (c *checker) checkEntrySemantics(entry *Func) {
	d := entry.Decl
	for i, p := range d.Params {
		if i >= len(entry.Params) || hasSemanticName(p.Semantics) {
			continue
		}
		if hasMod(p.Mods, "vertices") || hasMod(p.Mods, "indices") || hasMod(p.Mods, "primitives") || hasMod(p.Mods, "payload") || hasMod(p.Mods, "uniform") {
			continue
		}
		v := entry.Params[i]
		if !needsSemantic(v.typ) {
			continue
		}
		dir := "input"
		if v.Mode == types.Out {
			dir = "output"
		}
		c.errorf(EntrySemantic, v.pos, "semantic string missing for shader %s variable '%s'", dir, v.name)
	}
	if !hasSemanticName(d.Semantics) && needsSemantic(entry.Result) {
		c.errorf(EntrySemantic, entry.pos, "semantic string missing for shader output variable '%s'", entry.name)
	}
}

func hasSemanticName(sems []*ast.Semantic) bool {
	for _, s := range sems {
		if s.Kind == ast.SemanticName {
			return true
		}
	}
	return false
}

// needsSemantic reports a numeric type (or array of one): a value that
// can only reach the pipeline through a semantic.
func needsSemantic(t *types.Type) bool {
	if t == nil {
		return false
	}
	t = t.Canonical()
	for t.IsArray() {
		t = t.Elem().Canonical()
	}
	return t.IsNumeric()
}

// requiredAttributes are the attributes an entry of a stage must have.
var requiredAttributes = map[stage.Stage][]string{
	stage.Compute:       {"numthreads"},
	stage.Amplification: {"numthreads"},
	stage.Mesh:          {"numthreads", "outputtopology"},
	stage.Hull:          {"patchconstantfunc", "outputtopology", "outputcontrolpoints"},
}

func (c *checker) checkStageAttributes(entry *Func, st stage.Stage) {
	for _, attr := range requiredAttributes[st] {
		if !hasAttr(entry.Decl.Attrs, attr) {
			c.errorf(EntryAttribute, entry.pos, "%s entry point must have a valid %s attribute", st.Name(), attr)
		}
	}
	if st == stage.Hull {
		c.checkPatchSizes(entry)
	}
	if a := findAttr(entry.Decl.Attrs, "wavesize"); a != nil && st == stage.Compute {
		// SubgroupSize is a Kernel execution mode: Vulkan sets the size
		// from the API, so DXC warns and ignores the attribute
		c.warnf(codes.NoVulkanEquivalent, a.Pos(), "Wave size is not supported by Vulkan SPIR-V. Consider using VK_EXT_subgroup_size_control.")
	}
}

// patchConstantFunc is the definition of the function a hull shader's
// [patchconstantfunc("name")] names, nil if there is none.
func (c *checker) patchConstantFunc(name string) *Func {
	set, ok := c.global.Lookup(name).(*Overloads)
	if name == "" || !ok {
		return nil
	}
	var pcf *Func
	for _, f := range set.Funcs {
		if f.Decl != nil && f.Decl.Body != nil {
			pcf = f
		}
	}
	return pcf
}

// patchConstantFuncOf is the patch constant function of hull entry f.
func (c *checker) patchConstantFuncOf(f *Func) *Func {
	if f.Decl == nil {
		return nil
	}
	for _, a := range f.Decl.Attrs {
		if a.Namespace == "" && len(a.Args) == 1 && strings.EqualFold(a.Name, "patchconstantfunc") {
			if lit, ok := a.Args[0].(*ast.BasicLit); ok && lit.Kind == ast.StringLit {
				return c.patchConstantFunc(strings.Trim(lit.Value, `"`))
			}
		}
	}
	return nil
}

// checkPatchSizes: a hull shader's patch constant function sees the same
// input patch as the entry, and an output patch of outputcontrolpoints
// elements (clang's check on the translation unit).
func (c *checker) checkPatchSizes(entry *Func) {
	var pcfName string
	var outputPoints int64 = -1
	for _, a := range entry.Decl.Attrs {
		if a.Namespace != "" || len(a.Args) != 1 {
			continue
		}
		switch strings.ToLower(a.Name) {
		case "patchconstantfunc":
			if lit, ok := a.Args[0].(*ast.BasicLit); ok && lit.Kind == ast.StringLit {
				pcfName = strings.Trim(lit.Value, `"`)
			}
		case "outputcontrolpoints":
			if v := c.info.ValueOf(a.Args[0]); v != nil && len(v.Elems) == 1 {
				outputPoints, _ = v.Elems[0].Int64()
			} else if lit, ok := a.Args[0].(*ast.BasicLit); ok && lit.Kind == ast.IntLit {
				outputPoints, _ = strconv.ParseInt(lit.Value, 0, 64)
			}
		}
	}
	pcf := c.patchConstantFunc(pcfName)
	if pcf == nil {
		return
	}
	patchLen := func(f *Func, o types.Object) int64 {
		for _, p := range f.Params {
			if t := p.typ; t != nil && t.Canonical().IsObject() && t.Canonical().Object() == o {
				return t.Canonical().Len()
			}
		}
		return -1
	}
	if want, got := patchLen(entry, types.InputPatch), patchLen(pcf, types.InputPatch); want > 0 && got > 0 && want != got {
		c.errorf(EntryAttribute, pcf.Decl.Pos(), "Patch constant function's input patch input should have %d elements, but has %d.", want, got)
	}
	if got := patchLen(pcf, types.OutputPatch); outputPoints > 0 && got > 0 && outputPoints != got {
		c.errorf(EntryAttribute, pcf.Decl.Pos(), "Patch constant function's output patch input should have %d elements, but has %d.", outputPoints, got)
	}
}

// checkLibraryEntries checks the functions of a library marked
// [shader("stage")] as entry points of that stage, in source order.
func (c *checker) checkLibraryEntries(decls []ast.Decl) {
	c.libraryEntries(decls, func(f *Func, a *ast.Attribute, name string) {
		c.checkRecursion(f)
		if strings.EqualFold(name, "node") {
			c.checkNodeEntry(f, a) // nodes.go
			return
		}
		c.checkStageAttributes(f, exactStage(name)) // vulkan.go
	})
}

// libraryEntries calls visit with every function definition marked
// [shader("name")] (the attribute in any letter case, namespaces
// included), once per such attribute, in source order.
func (c *checker) libraryEntries(decls []ast.Decl, visit func(f *Func, a *ast.Attribute, name string)) {
	for _, d := range decls {
		switch d := d.(type) {
		case *ast.NamespaceDecl:
			c.libraryEntries(d.Decls, visit)
		case *ast.FuncDecl:
			f, ok := c.info.ObjectOf(d).(*Func)
			if !ok || d.Body == nil {
				continue
			}
			for _, a := range d.Attrs {
				if !strings.EqualFold(a.Name, "shader") || len(a.Args) != 1 {
					continue
				}
				if lit, ok := a.Args[0].(*ast.BasicLit); ok && lit.Kind == ast.StringLit {
					visit(f, a, strings.Trim(lit.Value, `"`))
				}
			}
		}
	}
}

// checkReachable reports what the entry (of a stage other than pixel)
// reaches that only pixel shaders may do.
func (c *checker) checkReachable(entry *Func) {
	seen := map[*Func]bool{}
	var visit func(f *Func)
	visit = func(f *Func) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, p := range f.discards {
			c.errorf(DiscardStage, p, "discard statement may only be used in pixel shaders")
		}
		for _, g := range f.Callees {
			visit(c.definition(g))
		}
	}
	visit(entry)
}

// checkRecursion reports, as DXC does, the first recursive function the
// entry reaches (SPIR-V for Vulkan forbids cycles in the call graph), once
// per function.
func (c *checker) checkRecursion(entry *Func) {
	const (
		visiting = 1
		done     = 2
	)
	state := map[*Func]int{}
	var cycle *Func
	var visit func(f *Func)
	visit = func(f *Func) {
		f = c.definition(f)
		switch state[f] {
		case visiting:
			cycle = f
			return
		case done:
			return
		}
		state[f] = visiting
		for _, g := range f.Callees {
			if visit(g); cycle != nil {
				return
			}
		}
		state[f] = done
	}
	visit(entry)
	if cycle == nil || c.recursive[cycle] {
		return
	}
	if c.recursive == nil {
		c.recursive = map[*Func]bool{}
	}
	c.recursive[cycle] = true
	p := cycle.pos
	if cycle.Decl != nil {
		p = cycle.Decl.Pos()
	}
	c.errorNote(Recursion, p, fmt.Sprintf("recursive functions are not allowed: function '%s' calls recursive function '%s'",
		qualifiedName(entry), qualifiedName(cycle)), p, "recursive function located here:")
}

// qualifiedName is a function's name with its struct's, as clang prints it.
func qualifiedName(f *Func) string {
	if f.Recv != nil && f.Recv.Named() != nil {
		return f.Recv.Named().Name + "::" + f.name
	}
	return f.name
}

// definition returns the Func with a body for a prototype, when known.
func (c *checker) definition(f *Func) *Func {
	if f.Decl != nil && f.Decl.Body != nil {
		return f
	}
	if set, ok := c.global.Lookup(f.name).(*Overloads); ok {
		for _, g := range set.Funcs {
			if g.Decl != nil && g.Decl.Body != nil && types.Identical(g.typ, f.typ) {
				return g
			}
		}
	}
	return f
}
