package builder

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// MinVersion returns the lowest SPIR-V version the module's features
// allow: the highest core version among its opcodes, enumerants and
// capabilities that no declared extension provides instead, with what
// needs it ("OpGroupNonUniformBallot", "StorageClass StorageBuffer"). Run
// it after InferCapabilities; codegen compares it with the target
// environment to report, as DXC does, a feature the target cannot have.
func MinVersion(m *Module) (spv.Version, string) {
	best, why := spv.Version1_0, ""
	consider := func(v spv.Version, exts []string, what func() string) {
		if v == 0 || v == spv.VersionNone || v <= best {
			return
		}
		for _, e := range exts {
			if m.HasExtension(e) {
				return
			}
		}
		best, why = v, what()
	}
	var operands func(ops []Operand)
	operands = func(ops []Operand) {
		for i := range ops {
			o := &ops[i]
			switch o.Kind.Category() {
			case spv.CategoryValueEnum:
				if e := o.Kind.Enumerant(o.Word); e != nil {
					consider(e.Version, e.Extensions(), func() string { return fmt.Sprintf("%s %s", o.Kind, e.Name()) })
				}
			case spv.CategoryBitEnum:
				for bit := uint32(1); bit != 0; bit <<= 1 {
					if o.Word&bit == 0 {
						continue
					}
					if e := o.Kind.Enumerant(bit); e != nil {
						consider(e.Version, e.Extensions(), func() string { return fmt.Sprintf("%s %s", o.Kind, e.Name()) })
					}
				}
			}
			operands(o.Params())
		}
	}
	for _, c := range m.Capabilities {
		if e := spv.KindCapability.Enumerant(uint32(c)); e != nil {
			consider(e.Version, e.Extensions(), func() string { return "Capability " + e.Name() })
		}
	}
	visit := func(in *Inst) {
		if info := spv.InstructionInfo(in.Op); info != nil {
			consider(info.Version, info.Extensions(), func() string { return info.Name() })
		}
		operands(in.Operands)
	}
	if m.MemoryModel != nil {
		visit(m.MemoryModel)
	}
	for in := range m.All() {
		if in != m.MemoryModel {
			visit(in)
		}
	}
	return best, why
}
