package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// Template instances are ordinary functions, structs and variables to the
// emitter (sema checked a copy of the template per argument list): a
// function instance is emitted on first call under the template's name, a
// struct instance is lowered under the template's name. What the file's
// declarations do not reach are the statics the instances declare.

// instanceGlobals declares the static data members of struct template
// instances and the variables of variable templates as Private variables.
// DXC names them by the member's own name.
func (e *emitter) instanceGlobals() {
	for _, d := range e.info.Instances {
		switch d := d.(type) {
		case *ast.StructDecl:
			for _, m := range d.Members {
				if vd, ok := m.(*ast.VarDecl); ok {
					if v, ok := e.info.ObjectOf(vd).(*sema.Var); ok && v.Storage == sema.StorageStaticField {
						e.templateStatic(v)
					}
				}
			}
		case *ast.VarDecl:
			if v, ok := e.info.ObjectOf(d).(*sema.Var); ok && v.Storage == sema.StorageStatic {
				e.templateStatic(v)
			}
		}
	}
}

// templateStatic declares v unless it folds to a constant.
func (e *emitter) templateStatic(v *sema.Var) {
	if _, folded := e.constVar(v); folded {
		return
	}
	if _, done := e.vars[v]; !done && v.Type() != nil {
		e.pos = v.Pos()
		e.privateVar(v, v.Name())
	}
}
