package builder

import "github.com/hlsl2spirv/hlsl2spirv/builder/spv"

// InterfaceVariables returns the global variables that belong in the
// interface of the entry point whose function is entry: those used by it
// or by any function it calls, in definition order — Input and Output
// variables before SPIR-V 1.4, every global storage class from 1.4 on (as
// the specification requires and DXC does).
func InterfaceVariables(m *Module, entry ID) []ID {
	funcs := make(map[ID]*Function, len(m.Functions))
	for _, f := range m.Functions {
		funcs[f.Def.Result] = f
	}
	globals := make(map[ID]spv.StorageClass)
	for _, in := range m.Globals {
		if (in.Op == spv.OpVariable || in.Op == spv.OpUntypedVariableKHR) && len(in.Operands) > 0 {
			globals[in.Result] = spv.StorageClass(in.Operands[0].Word)
		}
	}
	used := map[ID]bool{}
	visited := map[ID]bool{}
	work := []ID{entry}
	for len(work) > 0 {
		fid := work[len(work)-1]
		work = work[:len(work)-1]
		f := funcs[fid]
		if f == nil || visited[fid] {
			continue
		}
		visited[fid] = true
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				in.ForEachUse(func(id *ID) {
					if _, ok := globals[*id]; ok {
						used[*id] = true
					}
					if _, ok := funcs[*id]; ok && !visited[*id] {
						work = append(work, *id)
					}
				})
			}
		}
	}
	var out []ID
	for _, in := range m.Globals {
		sc, ok := globals[in.Result]
		if !ok || !used[in.Result] {
			continue
		}
		if m.Version >= spv.Version1_4 || sc == spv.StorageClassInput || sc == spv.StorageClassOutput {
			out = append(out, in.Result)
		}
	}
	return out
}
