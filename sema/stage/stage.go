// Package stage is the one shader-stage type of the compiler: sema's
// checks, the intrinsic table's stage sets and codegen's entry points
// all name a stage by a Stage, and its spellings are data here (the
// profile prefix of -T, the [shader("...")] name DXC's messages use).
// Codegen keeps the SPIR-V execution model of each stage in its own table.
//
// Files: stage.go holds Stage, its names and Set.
package stage

import "strings"

// Stage is a shader stage. The zero value is None (no stage known).
type Stage uint8

const (
	None Stage = iota
	Vertex
	Hull
	Domain
	Geometry
	Pixel
	Compute
	Mesh
	Amplification
	RayGeneration
	Intersection
	AnyHit
	ClosestHit
	Miss
	Callable
	Node // work-graph node shaders
	Library
	count
)

// names are each stage's spellings: the profile prefix of -T ("lib" for
// a library; ray tracing stages have none, so codegen's short names are
// used) and the [shader("...")] name.
var names = [count]struct{ profile, long string }{
	None:          {"", ""},
	Vertex:        {"vs", "vertex"},
	Hull:          {"hs", "hull"},
	Domain:        {"ds", "domain"},
	Geometry:      {"gs", "geometry"},
	Pixel:         {"ps", "pixel"},
	Compute:       {"cs", "compute"},
	Mesh:          {"ms", "mesh"},
	Amplification: {"as", "amplification"},
	RayGeneration: {"rgen", "raygeneration"},
	Intersection:  {"rint", "intersection"},
	AnyHit:        {"rahit", "anyhit"},
	ClosestHit:    {"rchit", "closesthit"},
	Miss:          {"rmiss", "miss"},
	Callable:      {"rcall", "callable"},
	Node:          {"node", "node"},
	Library:       {"lib", "library"},
}

// Profile is the stage's short name: the -T prefix ("ps", "cs", "lib").
func (s Stage) Profile() string { return names[s].profile }

// Name is the stage's name as [shader("...")] spells it ("pixel").
func (s Stage) Name() string { return names[s].long }

func (s Stage) String() string { return s.Name() }

// ByProfile is the stage of a short name ("ps", "rgen", "lib"); None when
// unknown.
func ByProfile(p string) Stage {
	for s := Vertex; s < count; s++ {
		if names[s].profile == p {
			return s
		}
	}
	return None
}

// ByName is the stage [shader("name")] names, in any case; None when
// unknown.
func ByName(name string) Stage {
	for s := Vertex; s < count; s++ {
		if strings.EqualFold(names[s].long, name) {
			return s
		}
	}
	return None
}

// IsRayTracing reports the six ray tracing stages.
func (s Stage) IsRayTracing() bool { return s >= RayGeneration && s <= Callable }

// IsHit reports the stages that see a hit: any-hit and closest-hit.
func (s Stage) IsHit() bool { return s == AnyHit || s == ClosestHit }

// IsComputeLike reports the stages with thread groups: compute, mesh and
// amplification.
func (s Stage) IsComputeLike() bool { return s == Compute || s == Mesh || s == Amplification }

// IsMeshLike reports mesh and amplification shaders.
func (s Stage) IsMeshLike() bool { return s == Mesh || s == Amplification }

// Set is a set of stages (the stages an intrinsic is allowed in).
type Set uint16

// Bit is the set holding s alone (Library and None have none: a library
// is checked per entry stage).
func (s Stage) Bit() Set {
	if s == None || s == Library {
		return 0
	}
	return 1 << (s - Vertex)
}

// All holds every stage that has a bit.
const All Set = 1<<(Library-Vertex) - 1

// Has reports whether s is in the set.
func (set Set) Has(s Stage) bool { return set&s.Bit() != 0 }
