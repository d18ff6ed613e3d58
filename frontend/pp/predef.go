package pp

import (
	"strconv"
	"sync"
)

// Target describes what DXC's predefined macros depend on.
type Target struct {
	Stage        string // the profile's stage: "ps", "vs", "gs", "hs", "ds", "cs", "lib", "ms", "as"
	Major, Minor int    // shader model, e.g. 6 and 0
	HLSLVersion  int    // -HV: 2016, 2017, 2018, 2021 (202x is 2029 in DXC)
	Enable16Bit  bool   // -enable-16bit-types
	SPIRV        bool   // -spirv
	// SPIR-V version of the target environment (1.0 for vulkan1.0, 1.3 for
	// vulkan1.1, 1.5 for vulkan1.2, 1.6 for vulkan1.3); used when SPIRV.
	SPIRVMajor, SPIRVMinor int
}

// DXC's version, as __DXC_VERSION_* report it: the release this compiler
// follows (DXC's utils/version/latest-release.json).
const (
	dxcVersionMajor   = 1
	dxcVersionMinor   = 9
	dxcVersionRelease = 2607
	dxcVersionCommits = 0
)

// Shader kinds in DXIL::ShaderKind order, the values of __SHADER_STAGE_*.
var shaderKinds = []struct {
	macro, stage string
	kind         int
}{
	{"__SHADER_STAGE_VERTEX", "vs", 1},
	{"__SHADER_STAGE_PIXEL", "ps", 0},
	{"__SHADER_STAGE_GEOMETRY", "gs", 2},
	{"__SHADER_STAGE_HULL", "hs", 3},
	{"__SHADER_STAGE_DOMAIN", "ds", 4},
	{"__SHADER_STAGE_COMPUTE", "cs", 5},
	{"__SHADER_STAGE_AMPLIFICATION", "as", 14},
	{"__SHADER_STAGE_MESH", "ms", 13},
	{"__SHADER_STAGE_LIBRARY", "lib", 6},
}

// PredefinedMacros returns DXC's predefined macros for a target as
// "NAME=VALUE" strings, in DXC's order (tools/clang/lib/Frontend/
// InitPreprocessor.cpp, InitializeStandardPredefinedMacros): pass them as
// Config.Predefined. The list is made once per target and shared by the
// callers (a batch asks for it at every compile): it must not be changed.
func PredefinedMacros(t Target) []string {
	predefinedLists.Lock()
	defer predefinedLists.Unlock()
	if m, ok := predefinedLists.byTarget[t]; ok {
		return m
	}
	m := predefinedMacros(t)
	if predefinedLists.byTarget == nil {
		predefinedLists.byTarget = map[Target][]string{}
	}
	if len(predefinedLists.byTarget) < maxPredefinedSets {
		predefinedLists.byTarget[t] = m[:len(m):len(m)]
	}
	return m[:len(m):len(m)]
}

var predefinedLists struct {
	sync.Mutex
	byTarget map[Target][]string
}

func predefinedMacros(t Target) []string {
	itoa := strconv.Itoa
	m := []string{
		"__hlsl_dx_compiler=1",
		"__DXC_VERSION_MAJOR=" + itoa(dxcVersionMajor),
		"__DXC_VERSION_MINOR=" + itoa(dxcVersionMinor),
		"__DXC_VERSION_RELEASE=" + itoa(dxcVersionRelease),
		"__DXC_VERSION_COMMITS=" + itoa(dxcVersionCommits),
		"__HLSL_VERSION=" + itoa(t.HLSLVersion),
	}
	if t.Enable16Bit {
		m = append(m, "__HLSL_ENABLE_16_BIT=1")
	}
	stage := -1
	for _, k := range shaderKinds {
		m = append(m, k.macro+"="+itoa(k.kind))
		if k.stage == t.Stage {
			stage = k.kind
		}
	}
	if stage >= 0 {
		m = append(m, "__SHADER_TARGET_STAGE="+itoa(stage))
	}
	m = append(m,
		"__SHADER_TARGET_MAJOR="+itoa(t.Major),
		"__SHADER_TARGET_MINOR="+itoa(t.Minor))
	if t.SPIRV {
		m = append(m,
			"__spirv__=1",
			"__SPIRV_MAJOR_VERSION__="+itoa(t.SPIRVMajor),
			"__SPIRV_MINOR_VERSION__="+itoa(t.SPIRVMinor))
	}
	return m
}
