package spirv

import (
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// standardSamplePositions are Direct3D's standard multisample patterns for
// 2, 4, 8 and 16 samples, in sixteenths of a pixel from its centre.
// Vulkan has no query for sample positions; DXC answers
// GetSamplePosition from this table (the standard patterns Vulkan
// implementations also use when standardSampleLocations is set).
var standardSamplePositions = []struct {
	count int
	pos   [][2]int
}{
	{2, [][2]int{{4, 4}, {-4, -4}}},
	{4, [][2]int{{-2, -6}, {6, -2}, {-6, 2}, {2, 6}}},
	{8, [][2]int{{1, -3}, {-1, 3}, {5, 1}, {-3, -5}, {-5, 5}, {-7, -1}, {3, 7}, {7, -7}}},
	{16, [][2]int{{1, 1}, {-1, -3}, {-3, 2}, {4, -1}, {-5, -2}, {2, 5}, {5, 3}, {3, -5},
		{-2, 6}, {0, -7}, {-4, -6}, {-6, 4}, {-8, 0}, {7, -4}, {6, 7}, {-7, -8}}},
}

// samplePosition emits GetSamplePosition(index) on a multisampled texture:
// the texture's sample count picks the table, index the entry; an unknown
// count gives (0, 0).
func (e *emitter) samplePosition(img builder.ID, indexArg func() builder.ID) builder.ID {
	fb := e.fb
	v2 := types.Vec(types.Float, 2)
	v2t := e.typeID(v2)
	var tables []builder.ID
	var vars []builder.ID
	for _, tab := range standardSamplePositions {
		arr := e.b.TypeArrayN(v2t, uint32(tab.count), 0)
		vars = append(vars, fb.Variable(e.b.TypePointer(spv.StorageClassFunction, arr), "var.GetSamplePosition.data."+strconv.Itoa(tab.count), 0))
		elems := make([]builder.ID, tab.count)
		for i, p := range tab.pos {
			elems[i] = e.b.ConstComposite(v2t, e.scalarConst(types.Float, float64(p[0])/16), e.scalarConst(types.Float, float64(p[1])/16))
		}
		tables = append(tables, e.b.ConstComposite(arr, elems...))
	}
	result := fb.Variable(e.b.TypePointer(spv.StorageClassFunction, v2t), "var.GetSamplePosition.result", 0)
	zero := e.b.ConstComposite(v2t, e.scalarConst(types.Float, 0), e.scalarConst(types.Float, 0))
	count := fb.Emit(spv.OpImageQuerySamples, e.typeID(types.ScalarType(types.Uint)), builder.Ref(img))
	e.b.Capability(spv.CapabilityImageQuery)
	index := indexArg() // after the query, as DXC orders them
	for i := range tables {
		fb.Store(vars[i], tables[i])
	}
	var merges []builder.ID
	for i, tab := range standardSamplePositions {
		n := strconv.Itoa(tab.count)
		then, els, merge := fb.NewBlock("if.GetSamplePosition.then"+n), fb.NewBlock("if.GetSamplePosition.else"+n), fb.NewBlock("if.GetSamplePosition.merge"+n)
		eq := fb.Emit(spv.OpIEqual, e.b.TypeBool(), builder.Ref(count), builder.Ref(e.b.ConstUint32(uint32(tab.count))))
		fb.Emit(spv.OpSelectionMerge, 0, builder.Ref(merge), builder.Enum(spv.SelectionControlNone))
		fb.BranchConditional(eq, then, els)
		fb.StartBlock(then)
		p := fb.AccessChain(e.b.TypePointer(spv.StorageClassFunction, v2t), vars[i], index)
		fb.Store(result, fb.Load(v2t, p))
		fb.Branch(merge)
		fb.StartBlock(els)
		if i == len(standardSamplePositions)-1 {
			fb.Store(result, zero)
			fb.Branch(merge)
		}
		merges = append(merges, merge)
	}
	for i := len(merges) - 1; i >= 0; i-- {
		fb.StartBlock(merges[i])
		if i > 0 {
			fb.Branch(merges[i-1])
		}
	}
	return fb.Load(v2t, result)
}
