package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// A library's `export` functions are emitted for linking, as DXC does:
// each is an ordinary function under its own name, decorated
// LinkageAttributes "name" Export (the Linkage capability), with no entry
// point of its own. A library may consist of nothing else.

// exportedFuncs returns the library's exported function definitions in
// declaration order.
func (e *emitter) exportedFuncs() []*sema.Func {
	var out []*sema.Func
	var walk func(ds []ast.Decl)
	walk = func(ds []ast.Decl) {
		for _, d := range ds {
			switch d := d.(type) {
			case *ast.NamespaceDecl:
				walk(d.Decls)
			case *ast.FuncDecl:
				if d.Body == nil || !hasModifier(d.Mods, "export") || e.hasShaderAttr(d) {
					continue
				}
				if f, ok := e.info.ObjectOf(d).(*sema.Func); ok {
					out = append(out, f)
				}
			}
		}
	}
	walk(e.file.Decls)
	return out
}

// hasShaderAttr reports a [shader("...")] entry function.
func (e *emitter) hasShaderAttr(d *ast.FuncDecl) bool {
	for _, a := range e.attrs(d) {
		if a.Namespace == "" && (a.Name == "shader" || a.Name == "Shader") {
			return true
		}
	}
	return false
}

// exportFunctions queues the exported functions with their linkage.
func (e *emitter) exportFunctions() {
	for _, f := range e.exportedFuncs() {
		fn := e.funcFor(f)
		e.b.Capability(spv.CapabilityLinkage)
		e.b.Decorate(fn.id, spv.DecorationLinkageAttributes, builder.Str(f.Name()), builder.Enum(spv.LinkageTypeExport))
	}
}
