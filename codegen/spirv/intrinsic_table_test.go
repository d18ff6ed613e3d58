package spirv

import (
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
)

// withoutLowering are the intrinsic functions that have no entry in
// intrinsicLowerings: they are lowered before intrinsic is reached, or
// reported as not supported yet.
var withoutLowering = []string{
	"AddUint64", "GetRenderTargetSampleCount", "GetRenderTargetSamplePosition", "ClusterID",
	"Process2DQuadTessFactorsAvg", "Process2DQuadTessFactorsMax", "Process2DQuadTessFactorsMin",
	"ProcessIsolineTessFactors", "ProcessQuadTessFactorsAvg", "ProcessQuadTessFactorsMax",
	"ProcessQuadTessFactorsMin", "ProcessTriTessFactorsAvg", "ProcessTriTessFactorsMax",
	"ProcessTriTessFactorsMin", "abort",
	"tex1D", "tex1Dbias", "tex1Dgrad", "tex1Dlod", "tex1Dproj",
	"tex2D", "tex2Dbias", "tex2Dgrad", "tex2Dlod", "tex2Dproj",
	"tex3D", "tex3Dbias", "tex3Dgrad", "tex3Dlod", "tex3Dproj",
	"texCUBE", "texCUBEbias", "texCUBEgrad", "texCUBElod", "texCUBEproj",
}

// isFunction reports whether id names an intrinsic function (global or
// vk::), not a method.
func isFunction(id intrinsics.ID) bool {
	for _, vk := range []bool{false, true} {
		for _, o := range intrinsics.Overloads(intrinsics.Call{Name: id.String(), Vk: vk}) {
			if o.ID == id && !o.Method {
				return true
			}
		}
	}
	return false
}

// TestIntrinsicTableCoverage checks that every intrinsic function has a
// lowering except the listed ones, so that a function added to the
// intrinsics table is not silently left to "not supported yet".
func TestIntrinsicTableCoverage(t *testing.T) {
	var missing []string
	functions := 0
	for id := intrinsics.ID(1); id.String() != "ID(?)"; id++ {
		if !isFunction(id) {
			if loweringOf(id) != nil {
				t.Errorf("%s is not an intrinsic function but has a lowering", id)
			}
			continue
		}
		functions++
		if loweringOf(id) == nil {
			missing = append(missing, id.String())
		}
	}
	if !slices.Equal(missing, withoutLowering) {
		t.Errorf("intrinsic functions without a lowering:\n got %s\nwant %s", strings.Join(missing, " "), strings.Join(withoutLowering, " "))
	}
	if functions < 200 {
		t.Errorf("only %d intrinsic functions found: the enumeration is broken", functions)
	}
}
