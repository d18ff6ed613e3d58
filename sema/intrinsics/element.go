package intrinsics

import (
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// CheckElement applies DXC's rule on which texture elements a resolved
// method may read, which depends on the shader model: Sample* need float
// elements (integers from shader model 6.7, never for the comparison
// forms, never 64-bit), GatherRaw needs a one-component unsigned element.
// The error reads as DXC's: "cannot Sample from resource containing int4".
func CheckElement(m Match, receiver *types.Type, smMajor, smMinor int) error {
	elem := receiver.Canonical().Elem()
	if elem == nil || m.Overload == nil {
		return nil
	}
	s := elem.Scalar()
	ok := true
	switch m.ID {
	case MethodSample, MethodSampleBias, MethodSampleGrad, MethodSampleLevel,
		MethodSampleCmp, MethodSampleCmpBias, MethodSampleCmpGrad, MethodSampleCmpLevel, MethodSampleCmpLevelZero:
		switch {
		case s.IsFloat():
			ok = s.SPIRVBits() != 64
		case s.IsInteger():
			cmp := m.ID != MethodSample && m.ID != MethodSampleBias && m.ID != MethodSampleGrad && m.ID != MethodSampleLevel
			ok = !cmp && smMajor*100+smMinor >= 607
		default:
			ok = false
		}
	case MethodGatherRaw:
		ok = s.IsUnsigned() && elem.ComponentCount() == 1
	default:
		return nil
	}
	if ok {
		return nil
	}
	name := s.String()
	if n := elem.ComponentCount(); n > 1 {
		name += strconv.Itoa(n)
	}
	return &Error{Kind: NoMatch, Msg: "cannot " + m.Overload.Name() + " from resource containing " + name}
}
