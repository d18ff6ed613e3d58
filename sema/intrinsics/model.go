// Package intrinsics is the table of HLSL's intrinsic functions and
// built-in object methods, and overload resolution over it.
//
// The table is data: intrinsics.def, in a small DSL described at its top,
// is turned into tables.go by `go generate` (the generator is
// internal/gen). Sema resolves calls with Resolve; codegen maps the
// resulting ID to its lowering.
//
// Files: model.go holds the table's types (Intrinsic, Param, type sets);
// tables.go the generated table (IDs stable, numbered by ids.txt);
// resolve.go overload resolution (Call, Match); element.go DXC's rule on
// which texture element types a method may read.
package intrinsics

//go:generate go run ./gen

import (
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// ID names one intrinsic (all overloads of a global function, or one
// method name across the object kinds that have it). IDs are generated in
// table order; the names, not the numbers, are the stable interface.
type ID uint16

func (id ID) String() string {
	if int(id) < len(idNames) {
		return idNames[id].String()
	}
	return "ID(?)"
}

// The generated tables hold no pointers, so that the linker puts them in
// .noptrdata and the Go runtime builds no pointer mask for them at process
// start: a name is a str, a list a span of a pool array.

// A str is a name of the tables: its offset in textPool shifted left by 8,
// or-ed with its length.
type str uint32

func (s str) String() string {
	off := uint32(s) >> 8
	return textPool[off : off+uint32(s)&0xff]
}

// A span is a list of the tables: a range of varPool or paramPool.
type span struct{ off, n uint16 }

// paramPool is the generated paramTable; a test adds parameters of its own
// overloads to it.
var paramPool = paramTable[:]

// Shapes is a set of allowed layouts for a type variable.
type Shapes uint8

const (
	ShapeScalar Shapes = 1 << iota
	ShapeVector
	ShapeMatrix
	ShapeAny = ShapeScalar | ShapeVector | ShapeMatrix
)

// VarKind says what a template variable of an overload stands for.
type VarKind uint8

const (
	VarType   VarKind = iota // a scalar/vector/matrix type (shape and components)
	VarDim                   // a dimension 1..4
	VarStruct                // a user-defined struct
	VarObject                // any object of kind Var.Object (vk::BufferPointer<T, A>)
)

// Var is one template variable of an overload.
type Var struct {
	name   str
	Kind   VarKind
	Set    SetID  // VarType: allowed component kinds
	Shapes Shapes // VarType: allowed layouts
	object str
}

// Name returns the variable's name in the table ("T").
func (v Var) Name() string { return v.name.String() }

// Object returns, for a VarObject, the object kind's name.
func (v Var) Object() string { return v.object.String() }

// SetID indexes the component-type sets.
type SetID uint8

// Set is a component-type set: an argument whose kind is in Kinds keeps
// it, any other kind converts to Kinds[0], unless Strict.
type Set struct {
	Name   string
	Kinds  []types.Scalar
	Strict bool
}

// Contains reports whether s is in the set.
func (s *Set) Contains(k types.Scalar) bool {
	for _, x := range s.Kinds {
		if x == k {
			return true
		}
	}
	return false
}

// Dim is a vector or matrix size in a pattern.
type Dim int8

const (
	DimNone Dim = 0
	// 1..4 are literal sizes; DimVar+i is dim variable i.
	DimVar Dim = 10
	// Sizes taken from the receiver object of a method.
	DimCoord  Dim = -1 // sample location: dimensions plus array layer
	DimOffset Dim = -2 // texel offset
	DimLoad   Dim = -3 // Load location
	DimGrad   Dim = -4 // gradient: spatial dimensions
)

// CompRef is a component kind in a pattern: a type variable's components,
// a fixed kind, or the receiver element's.
type CompRef int8

const (
	CompFixed CompRef = -1 // Pattern.Scalar
	CompElem  CompRef = -2 // the receiver's element component kind
	// values >= 0 index Overload.Vars
)

// PatKind is the form of a parameter or result pattern.
type PatKind uint8

const (
	PatVoid       PatKind = iota
	PatNamed              // a fixed type named by Pattern.Name (float4, SamplerState, RayDesc, string)
	PatVar                // type variable Var, with components Comp
	PatVec                // vec<Comp, Cols>
	PatMat                // mat<Comp, Rows, Cols>
	PatScalar             // scalar<Comp>
	PatElem               // the receiver's element type
	PatTmpl               // the explicit template argument
	PatStruct             // struct or object variable Var
	PatSampler            // SamplerState, absent for combined image-samplers
	PatCmpSampler         // SamplerComparisonState, likewise
	PatAnySampler         // either sampler kind (the argument's), likewise
	PatElemObject         // object kind Name holding the receiver's element (NodeOutput<T> gives ThreadNodeOutputRecords<T>)
)

// Pattern describes a parameter or result type in terms of the overload's
// variables and the receiver.
type Pattern struct {
	Kind       PatKind
	Var        int8
	Comp       CompRef
	Scalar     types.Scalar
	Rows, Cols Dim
	name       str
	Exact      bool // PatNamed written NAME!: the argument must have exactly this type
}

// Name returns the type name of a PatNamed or PatElemObject pattern.
func (p Pattern) Name() string { return p.name.String() }

// Param is one parameter of an overload.
type Param struct {
	name str
	Mode types.ParamMode
	Type Pattern
}

// Name returns the parameter's name.
func (p Param) Name() string { return p.name.String() }

// Stage is a set of shader stages (the shared stage.Set): the stages an
// overload is allowed in.
type Stage = stage.Set

// The stage sets the generated table names: each stage.Stage's Bit.
const (
	StageVertex        Stage = 1 << (stage.Vertex - stage.Vertex)
	StageHull          Stage = 1 << (stage.Hull - stage.Vertex)
	StageDomain        Stage = 1 << (stage.Domain - stage.Vertex)
	StageGeometry      Stage = 1 << (stage.Geometry - stage.Vertex)
	StagePixel         Stage = 1 << (stage.Pixel - stage.Vertex)
	StageCompute       Stage = 1 << (stage.Compute - stage.Vertex)
	StageMesh          Stage = 1 << (stage.Mesh - stage.Vertex)
	StageAmplification Stage = 1 << (stage.Amplification - stage.Vertex)
	StageRayGeneration Stage = 1 << (stage.RayGeneration - stage.Vertex)
	StageIntersection  Stage = 1 << (stage.Intersection - stage.Vertex)
	StageAnyHit        Stage = 1 << (stage.AnyHit - stage.Vertex)
	StageClosestHit    Stage = 1 << (stage.ClosestHit - stage.Vertex)
	StageMiss          Stage = 1 << (stage.Miss - stage.Vertex)
	StageCallable      Stage = 1 << (stage.Callable - stage.Vertex)
	StageNode          Stage = 1 << (stage.Node - stage.Vertex)
	AllStages                = stage.All
)

// Overload is one signature of an intrinsic.
type Overload struct {
	ID       ID
	Method   bool // a method of a built-in object
	Vk       bool // in the vk:: namespace
	vars     span
	params   span
	Result   Pattern
	Variadic bool
	SM       uint16 // minimum shader model as major*100+minor (6.10 is 610); 0 for any
	Stages   Stage  // 0: every stage
	// LateStages are among Stages but allowed only from shader model
	// LateSM (derivatives and implicit-LOD sampling in compute, mesh and
	// amplification shaders need 6.6).
	LateStages Stage
	LateSM     uint16
}

// Name returns the intrinsic's name ("abs", "Sample").
func (o *Overload) Name() string { return o.ID.String() }

// Vars returns the overload's template variables.
func (o *Overload) Vars() []Var {
	lo, hi := int(o.vars.off), int(o.vars.off)+int(o.vars.n)
	return varPool[lo:hi:hi]
}

// Params returns the overload's parameters.
func (o *Overload) Params() []Param {
	lo, hi := int(o.params.off), int(o.params.off)+int(o.params.n)
	return paramPool[lo:hi:hi]
}

// MinShaderModel returns the minimum shader model as major and minor.
func (o *Overload) MinShaderModel() (major, minor int) {
	if o.SM == 0 {
		return 6, 0
	}
	return int(o.SM / 100), int(o.SM % 100)
}
