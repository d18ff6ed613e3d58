package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Entry point interfaces: every interface variable an entry point's call
// tree uses is listed on its OpEntryPoint (Input and Output variables
// before SPIR-V 1.4, every module-level variable from 1.4), and in Vulkan
// the Location, Component and Index assignments of each entry point's
// user-defined inputs and outputs ("Location Assignment" in the Vulkan
// specification's Shader Interfaces chapter) are complete and do not
// overlap.

// maxLocations bounds the location space checked for overlaps (locations
// times four components), as spirv-val's does.
const maxLocations = 4096 * 4

func (c *checker) interfaceRules() error {
	v14 := c.version >= spv.Version1_4
	for _, l := range c.order {
		in := l.in
		if in.Op != spv.OpVariable || !hasOperand(in, 0) {
			continue
		}
		sc := spv.StorageClass(opWord(in, 0))
		if v14 && sc == spv.StorageClassFunction || !v14 && sc != spv.StorageClassInput && sc != spv.StorageClassOutput {
			continue
		}
		if err := c.interfaceListed(in); err != nil {
			return err
		}
	}
	if !c.vulkan {
		return nil
	}
	for _, ep := range c.entries {
		if err := c.locations(ep); err != nil {
			return err
		}
	}
	return nil
}

// interfaceListed checks that every entry point reaching a use of the
// variable lists it.
func (c *checker) interfaceListed(v *builder.Inst) error {
	if v.Block != nil || c.defFn[v.Result] != 0 {
		// A function-level variable (of a storage class it may not have,
		// reported elsewhere) is no interface.
		return nil
	}
	for _, ep := range c.entryPointsReferencing(v.Result) {
		found := false
		for _, id := range ep.iface {
			if id == v.Result {
				found = true
				break
			}
		}
		if !found {
			return c.errorf(RuleInterface, v, "interface variable %%%d is used by entry point '%s' (%%%d) but is not listed in its interface", v.Result, ep.name, ep.fn)
		}
	}
	return nil
}

// locations checks the Location, Component and Index assignments of one
// entry point's interface.
func (c *checker) locations(ep *entryPoint) error {
	switch ep.model {
	case spv.ExecutionModelVertex, spv.ExecutionModelTessellationControl, spv.ExecutionModelTessellationEvaluation,
		spv.ExecutionModelGeometry, spv.ExecutionModelFragment:
	default:
		return nil
	}
	ls := &locationSets{in: map[uint32]bool{}, out0: map[uint32]bool{}, out1: map[uint32]bool{}}
	seen := map[ID]bool{}
	for _, id := range ep.iface {
		v := c.def(id)
		if v == nil || v.Op != spv.OpVariable {
			continue
		}
		sc := spv.StorageClass(opWord(v, 0))
		if sc != spv.StorageClassInput && sc != spv.StorageClassOutput || seen[id] {
			continue
		}
		seen[id] = true
		if err := c.variableLocations(ep, v, sc == spv.StorageClassOutput, ls); err != nil {
			return err
		}
	}
	return nil
}

type locationSets struct {
	in, out0, out1 map[uint32]bool // location*4+component
}

func (c *checker) variableLocations(ep *entryPoint, v *builder.Inst, output bool, ls *locationSets) error {
	fragment := ep.model == spv.ExecutionModelFragment
	pointee, _, ok := c.pointerInfo(v.Type)
	if !ok {
		return nil
	}
	typeID := pointee
	typ := c.def(typeID)
	if typ == nil {
		return nil
	}
	var (
		hasLocation, hasComponent, hasIndex bool
		location, component, index          uint32
		patch, perTask, perVertex           bool
	)
	// spirv-val walks the decorations sorted by kind: a built-in is never
	// checked, whatever else decorates it.
	if c.hasAnyDeco(v.Result, spv.DecorationBuiltIn) {
		return nil
	}
	for _, kind := range []spv.Decoration{spv.DecorationPatch, spv.DecorationLocation, spv.DecorationComponent, spv.DecorationIndex, spv.DecorationPerTaskNV, spv.DecorationPerVertexKHR} {
		for _, d := range c.decos[v.Result] {
			if d.kind != kind {
				continue
			}
			p := uint32(0)
			if len(d.params) > 0 {
				p = d.params[0].Word
			}
			switch kind {
			case spv.DecorationLocation:
				if hasLocation && p != location {
					return c.errorf(RuleInterface, v, "the variable has conflicting Location decorations")
				}
				hasLocation, location = true, p
			case spv.DecorationComponent:
				if hasComponent && p != component {
					return c.errorf(RuleInterface, v, "the variable has conflicting Component decorations")
				}
				hasComponent, component = true, p
			case spv.DecorationIndex:
				if !output || !fragment {
					return c.errorf(RuleInterface, v, "Index can only decorate Fragment output variables")
				}
				if hasIndex && p != index {
					return c.errorf(RuleInterface, v, "the variable has conflicting Index decorations")
				}
				hasIndex, index = true, p
			case spv.DecorationPatch:
				patch = true
			case spv.DecorationPerTaskNV:
				perTask = true
			case spv.DecorationPerVertexKHR:
				if !fragment {
					return c.errorf(RuleInterface, v, "[VUID-StandaloneSpirv-PerVertexKHR-06777] PerVertexKHR can only decorate Fragment stage variables")
				}
				if typ.Op != spv.OpTypeArray && typ.Op != spv.OpTypeRuntimeArray {
					return c.errorf(RuleInterface, v, "[VUID-StandaloneSpirv-Input-06778] a PerVertexKHR variable must be an array")
				}
				perVertex = true
			}
		}
	}

	// Per-vertex interfaces have an outer array that takes no locations.
	arrayed := false
	switch ep.model {
	case spv.ExecutionModelTessellationControl:
		arrayed = !patch
	case spv.ExecutionModelTessellationEvaluation:
		arrayed = !output && !patch
	case spv.ExecutionModelGeometry:
		arrayed = !output
	case spv.ExecutionModelFragment:
		arrayed = !output && perVertex
	case spv.ExecutionModelMeshNV:
		arrayed = output && !perTask
	}
	if arrayed && (typ.Op == spv.OpTypeArray || typ.Op == spv.OpTypeRuntimeArray) {
		typeID = opID(typ, 0)
		if typ = c.def(typeID); typ == nil {
			return nil
		}
	}
	if typ.Op == spv.OpTypeStruct && c.hasAnyDeco(typeID, spv.DecorationBuiltIn) {
		return nil
	}
	block := c.hasAnyDeco(typeID, spv.DecorationBlock)
	if !hasLocation && !block {
		if typ.Op == spv.OpTypeStruct {
			return c.errorf(RuleInterface, v, "[VUID-StandaloneSpirv-Location-04917] the variable needs a Location (or a Block type whose members have them)")
		}
		return c.errorf(RuleInterface, v, "[VUID-StandaloneSpirv-Location-04916] the variable needs a Location")
	}
	class := "input"
	set := ls.in
	if output {
		class = "output"
		set = ls.out0
		if hasIndex && index == 1 {
			set = ls.out1
		}
	}
	claim := func(slot uint32) error {
		if set[slot] {
			return c.errorf(RuleInterface, ep.inst, "entry point '%s' has conflicting %s location assignments at location %d, component %d", ep.name, class, slot/4, slot%4)
		}
		set[slot] = true
		return nil
	}

	if hasLocation {
		sub := typ
		arraySize := uint32(1)
		if typ.Op == spv.OpTypeArray {
			isInt, isConst, n := c.evalInt32(opID(typ, 1))
			if isInt && isConst {
				arraySize = n
			}
			if sub = c.def(opID(typ, 0)); sub == nil {
				return nil
			}
		}
		for i := uint32(0); i < arraySize; i++ {
			nloc, err := c.consumedLocations(sub, 0)
			if err != nil {
				return err
			}
			ncomp := c.consumedComponents(sub, 0)
			at := location + nloc*i
			start := at * 4
			if start >= maxLocations {
				break
			}
			end := (at + nloc) * 4
			if ncomp != 0 {
				start += component
				end = at*4 + component + ncomp
			}
			for s := start; s < end; s++ {
				if err := claim(s); err != nil {
					return err
				}
			}
		}
		return nil
	}

	// A Block without a Location on the variable: every member has one.
	memberLoc := map[int32]uint32{}
	memberComp := map[int32]uint32{}
	for _, d := range c.decos[typeID] {
		if len(d.params) == 0 {
			continue
		}
		var m map[int32]uint32
		what := ""
		switch d.kind {
		case spv.DecorationLocation:
			m, what = memberLoc, "location"
		case spv.DecorationComponent:
			m, what = memberComp, "component"
		default:
			continue
		}
		if old, ok := m[d.member]; ok && old != d.params[0].Word {
			return c.errorf(RuleInterface, typ, "member %d has conflicting %s assignments", d.member, what)
		}
		m[d.member] = d.params[0].Word
	}
	for i, mo := range typ.Operands {
		loc, ok := memberLoc[int32(i)]
		if !ok {
			return c.errorf(RuleInterface, typ, "[VUID-StandaloneSpirv-Location-04919] member %d has no Location", i)
		}
		member := c.def(mo.ID())
		if member == nil {
			continue
		}
		nloc, err := c.consumedLocations(member, 0)
		if err != nil {
			return err
		}
		ncomp := c.consumedComponents(member, 0)
		comp := memberComp[int32(i)]
		start := loc * 4
		if start >= maxLocations {
			continue
		}
		if member.Op == spv.OpTypeArray && ncomp >= 1 && ncomp < 4 {
			// Elements smaller than a location take the same components
			// of consecutive locations.
			for l := loc; l < nloc+loc; l++ {
				for k := comp; k < comp+ncomp; k++ {
					if err := claim(4*l + k); err != nil {
						return err
					}
				}
			}
			continue
		}
		end := (loc + nloc) * 4
		if ncomp != 0 {
			start += comp
			end = loc*4 + comp + ncomp
		}
		for s := start; s < end; s++ {
			if err := claim(s); err != nil {
				return err
			}
		}
	}
	return nil
}

// consumedLocations is the number of locations a value of the type takes.
func (c *checker) consumedLocations(t *builder.Inst, depth int) (uint32, error) {
	if t == nil || depth > 64 {
		return 0, nil
	}
	switch t.Op {
	case spv.OpTypeInt, spv.OpTypeFloat:
		return 1, nil
	case spv.OpTypeVector:
		if (c.containsSized(t.Result, spv.OpTypeInt, 64) || c.containsSized(t.Result, spv.OpTypeFloat, 64)) && opWord(t, 1) > 2 {
			return 2, nil
		}
		return 1, nil
	case spv.OpTypeMatrix:
		n, _ := c.consumedLocations(c.def(opID(t, 0)), depth+1)
		return n * opWord(t, 1), nil
	case spv.OpTypeArray:
		n, _ := c.consumedLocations(c.def(opID(t, 0)), depth+1)
		if isInt, isConst, k := c.evalInt32(opID(t, 1)); isInt && isConst {
			n *= k
		}
		return n, nil
	case spv.OpTypeStruct:
		if c.hasAnyDeco(t.Result, spv.DecorationLocation) {
			return 0, c.errorf(RuleInterface, t, "[VUID-StandaloneSpirv-Location-04918] the members of a struct in a variable with a Location cannot have Locations")
		}
		var sum uint32
		for _, m := range t.Operands {
			n, err := c.consumedLocations(c.def(m.ID()), depth+1)
			if err != nil {
				return 0, err
			}
			sum += n
		}
		return sum, nil
	}
	return 0, nil
}

// consumedComponents is the number of components a value of the type
// takes in its location (0 when it is not counted in components).
func (c *checker) consumedComponents(t *builder.Inst, depth int) uint32 {
	if t == nil || depth > 64 {
		return 0
	}
	switch t.Op {
	case spv.OpTypeInt, spv.OpTypeFloat:
		if opWord(t, 0) == 64 {
			return 2
		}
		return 1
	case spv.OpTypeVector:
		return c.consumedComponents(c.def(opID(t, 0)), depth+1) * opWord(t, 1)
	case spv.OpTypeArray:
		return c.consumedComponents(c.def(opID(t, 0)), depth+1)
	}
	return 0
}
