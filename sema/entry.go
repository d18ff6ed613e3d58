package sema

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// checkEntry finds the -E function and checks what DXC requires of it
// before code generation: it exists (not for libraries), and it has the
// attributes its stage requires ([numthreads] for compute, ...).
func (c *checker) checkEntry() {
	stage := c.cfg.Stage
	if stage == "" || stage == "lib" {
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
	stageNames := map[string]string{"cs": "compute", "ms": "mesh", "as": "amplification", "hs": "hull"}
	required := map[string][]string{
		"cs": {"numthreads"},
		"as": {"numthreads"},
		"ms": {"numthreads", "outputtopology"},
		"hs": {"patchconstantfunc", "outputtopology", "outputcontrolpoints"},
	}
	for _, attr := range required[stage] {
		if !hasAttr(entry.Decl.Attrs, attr) {
			c.errorf(EntryAttribute, entry.pos, "%s entry point must have a valid %s attribute", stageNames[stage], attr)
		}
	}
}

func hasAttr(attrs []*ast.Attribute, name string) bool {
	for _, a := range attrs {
		if strings.EqualFold(a.Name, name) && a.Namespace == "" {
			return true
		}
	}
	return false
}
