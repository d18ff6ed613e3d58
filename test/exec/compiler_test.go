package exec

import (
	"errors"
	"testing"
)

func TestHlsl2spirvOptions(t *testing.T) {
	o, err := hlsl2spirvOptions([]string{"-T", "cs_6_2", "-E", "k", "-D", "A=1", "-DB", "-HV", "2018",
		"-enable-16bit-types", "-fspv-target-env=vulkan1.1", "-Zpr", "-O0"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Profile != "cs_6_2" || o.Entry != "k" || len(o.Defines) != 2 || o.Defines[0] != "A=1" || o.Defines[1] != "B" ||
		o.HLSLVersion != 2018 || !o.Enable16BitTypes || o.TargetEnv != "vulkan1.1" || !o.RowMajor || !o.NoOptimize {
		t.Errorf("options %+v", o)
	}
	if o, err := hlsl2spirvOptions([]string{"-HV", "202x"}); err != nil || o.HLSLVersion != 2029 {
		t.Errorf("-HV 202x: %+v, %v", o, err)
	}
	if o, err := hlsl2spirvOptions([]string{"-fvk-use-dx-layout", "-fspv-extension=SPV_KHR_x"}); err != nil || !o.UseDXLayout || len(o.Extensions) != 1 {
		t.Errorf("layout and extension flags: %+v, %v", o, err)
	}
	if _, err := hlsl2spirvOptions([]string{"-fvk-invert-y"}); !errors.Is(err, ErrNotAvailable) {
		t.Errorf("an unmapped flag gives %v, want ErrNotAvailable (a skip)", err)
	}
	if _, err := hlsl2spirvOptions([]string{"-E"}); err == nil || errors.Is(err, ErrNotAvailable) {
		t.Errorf("a flag without its value gives %v", err)
	}
}
