package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// -pack-optimized: DXC's signature packing. Stage variables without
// explicit locations share locations component by component instead of
// taking a location each: a variable goes to the first run of already
// assigned locations that has enough free components after the highest
// one used in any of them, else to new locations. Per-patch variables
// (a hull shader's patch constants, a domain shader's patch inputs) are
// placed first. A vertex shader's inputs and a pixel shader's outputs keep
// their locations: the application binds those. Unless -fcgl, the arrays
// and matrices among the packed variables then become a variable per
// location: DXC's legalization runs interface-variable-scalar-replacement
// first (codegen/opt) when it packs.

// componentsPerLocation is the number of 32-bit components of a location.
const componentsPerLocation = 4

// locationComponents is how many components of each of its locations a
// stage variable of type t takes, and whether they are 64-bit (which may
// start only at component 0 or 2), as DXC counts them for packing.
func locationComponents(t *types.Type) (n int, align64 bool) {
	c := t.Canonical()
	for c.IsArray() {
		c = c.Elem().Canonical()
	}
	n = 1
	switch {
	case c.IsMatrix() && c.Rows() > 1 && c.Cols() > 1:
		n = c.Cols() // a location per row
	case c.IsVector() || c.IsMatrix():
		n = flatCount(c)
	}
	if s := c.Scalar(); s == types.Double || s == types.Int64 || s == types.Uint64 {
		// two components each; three or four fill two locations
		return min(2*n, componentsPerLocation), true
	}
	return n, false
}

// packs reports whether the stage variables of one direction are packed.
func (e *emitter) packs(in bool, vars []*stageVar) bool {
	if !e.opts.PackOptimized || e.opts.StageIOOrder == "alpha" {
		return false
	}
	if (in && e.stage() == stage.Vertex) || (!in && e.stage() == stage.Pixel) {
		return false
	}
	for _, sv := range vars {
		if sv.location >= 0 {
			return false // explicit locations are kept as written
		}
	}
	return true
}

// packLocations assigns locations and components to vars (none of which
// has a location yet) and returns them in the order they were placed.
func packLocations(vars []*stageVar) []*stageVar {
	var (
		locs    []int // the locations assigned so far, in order
		nextUse []int // the first free component of each of them
		next    int   // the next new location
		placed  []*stageVar
	)
	place := func(sv *stageVar) {
		slots := max(sv.slots, 1)
		for start := range locs {
			first := 0
			for i := range slots {
				if start+i >= len(locs) || nextUse[start+i]+sv.comps > componentsPerLocation {
					first = componentsPerLocation
					break
				}
				first = max(first, nextUse[start+i])
			}
			if first >= componentsPerLocation {
				continue
			}
			if sv.align64 {
				first = 2 // a 64-bit value shares only the upper half
			}
			sv.location, sv.component = locs[start], first
			for i := range slots {
				nextUse[start+i] = first + sv.comps
			}
			return
		}
		sv.location = next
		for i := range slots {
			locs = append(locs, next+i)
			nextUse = append(nextUse, sv.comps)
		}
		next += slots
	}
	for _, patch := range []bool{true, false} {
		for _, sv := range vars {
			if sv.patch == patch {
				place(sv)
				placed = append(placed, sv)
			}
		}
	}
	return placed
}

// arrayLength is the length of an array type.
func (e *emitter) arrayLength(t builder.ID) (uint32, bool) {
	d := e.b.Def(t)
	if d == nil || d.Op != spv.OpTypeArray {
		return 0, false
	}
	n, ok := e.b.ConstantValue(d.Operands[1].ID())
	return uint32(n), ok
}
