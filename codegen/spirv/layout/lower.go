package layout

import (
	"fmt"
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Interface says which block decoration a lowered struct gets.
type Interface uint8

const (
	// NotABlock: a plain struct.
	NotABlock Interface = iota
	// UniformBlock: Block (cbuffer, ConstantBuffer, $Globals, push
	// constants, shader record buffers).
	UniformBlock
	// StorageBlock: BufferBlock before SPIR-V 1.4, Block from 1.4 on
	// (tbuffer, TextureBuffer, structured and byte-address buffers, the
	// Append/Consume counter).
	StorageBlock
)

// BlockSpec describes a block built from a member list rather than from a
// struct type: a cbuffer or tbuffer ("type.MyCBuffer"), $Globals
// ("type.$Globals"), a push-constant struct ("type.PushConstant.S").
type BlockSpec struct {
	Name      string
	Members   []Member
	Rule      Rule
	Interface Interface
	// ReadOnly decorates every member NonWritable (tbuffer).
	ReadOnly bool
}

// A LowerError is a type that cannot be lowered under a rule.
type LowerError struct {
	Type *types.Type
	Rule Rule
	Msg  string
}

func (e *LowerError) Error() string {
	return fmt.Sprintf("%s (type '%s', %s layout)", e.Msg, e.Type, e.Rule)
}

// ErrNonFloatColumnMajor is dxc's message for a column-major matrix of
// non-floating-point components in a buffer.
const ErrNonFloatColumnMajor = "externally initialized non-floating-point column-major matrices not supported yet"

// Lowerer turns HLSL types into SPIR-V types through a builder: one SPIR-V
// struct per (HLSL struct, rule), with the layout decorations dxc emits.
type Lowerer struct {
	B     *builder.ModuleBuilder
	Calc  *Calculator
	Rules Rules // the rules buffer objects use when lowered under Void
	// Object lowers the object types this package does not own (textures,
	// samplers, acceleration structures...). Nil makes them an error.
	Object func(t *types.Type, r Rule) (builder.ID, error)
	// StructDecorations gives the decorations of the struct itself that
	// its declaration asks for (work-graph records' TrackFinishWritingAMDX),
	// added after its members', under every rule. Nil: none.
	StructDecorations func(t *types.Type) []builder.Decoration
	// VoidValue, when set, is asked first for every type lowered under
	// Void: it gives the type of a resource held in function or private
	// memory (DXC's -fcgl shape: a structured buffer is held as the
	// pointer to its block), or ok false to lower t as usual. Structs
	// lowered under Void may then hold resources.
	VoidValue func(t *types.Type) (id builder.ID, ok bool, err error)
	// PerVertexMember, when set, reports the fields of a struct lowered
	// under Void that hold a per-vertex attribute: such a member is an
	// array of the three vertices' values (DXC's shape for nointerpolation
	// members of a pixel shader calling GetAttributeAtVertex).
	PerVertexMember func(st *types.Type, field int) bool

	cache  ruleCache[builder.ID]
	active ruleCache[bool] // structs being lowered, to refuse recursion
	path   []straddleStep  // where straddleWalk is
}

// NewLowerer returns a Lowerer writing types into b.
func NewLowerer(b *builder.ModuleBuilder, calc *Calculator, rules Rules) *Lowerer {
	return &Lowerer{B: b, Calc: calc, Rules: rules}
}

// Type returns the SPIR-V type of t under r. Under a layout rule, bool
// becomes a 32-bit uint, arrays carry ArrayStride and struct members
// Offset, MatrixStride and RowMajor/ColMajor. One-component vectors and
// 1x1 matrices become scalars, 1xN and Nx1 matrices vectors, and non-float
// matrices arrays of row vectors.
//
// Buffer objects lower to their block struct: StructuredBuffer<T> to
// "type.StructuredBuffer.T" holding a runtime array, ConstantBuffer<T> to
// "type.ConstantBuffer.T", ByteAddressBuffer to "type.ByteAddressBuffer";
// under Void they use the rule Rules gives their kind (dxc then wants a
// pointer to them; making it is the caller's business).
func (l *Lowerer) Type(t *types.Type, r Rule) (builder.ID, error) {
	if id, ok := l.cache.get(t, r); ok {
		return id, nil
	}
	id, err := l.lower(t, r)
	if err != nil {
		return 0, err
	}
	if err := l.B.Err(); err != nil {
		return 0, err
	}
	l.cache.set(t, r, id)
	return id, nil
}

func (l *Lowerer) errorf(t *types.Type, r Rule, format string, args ...any) error {
	return &LowerError{Type: t, Rule: r, Msg: fmt.Sprintf(format, args...)}
}

// Scalar returns the SPIR-V type of a scalar kind under r.
func (l *Lowerer) Scalar(s types.Scalar, r Rule) builder.ID {
	b := l.B
	use16 := l.Calc.Enable16BitTypes
	switch s {
	case types.Bool:
		// Booleans have no defined bit pattern: buffers hold them as uint.
		if r.HasLayout() {
			return b.TypeInt(32, false)
		}
		return b.TypeBool()
	case types.Int, types.LiteralInt:
		return b.TypeInt(32, true)
	case types.Uint, types.Int8_4Packed, types.Uint8_4Packed:
		return b.TypeInt(32, false)
	case types.Int64:
		return b.TypeInt(64, true)
	case types.Uint64:
		return b.TypeInt(64, false)
	case types.Int16:
		return b.TypeInt(16, true)
	case types.Uint16:
		return b.TypeInt(16, false)
	case types.Float16:
		return b.TypeFloat(16)
	case types.Double:
		return b.TypeFloat(64)
	case types.Min10Float, types.Min16Float:
		if use16 {
			return b.TypeFloat(16)
		}
		return b.TypeFloat(32)
	case types.Min12Int, types.Min16Int:
		if use16 {
			return b.TypeInt(16, true)
		}
		return b.TypeInt(32, true)
	case types.Min16Uint:
		if use16 {
			return b.TypeInt(16, false)
		}
		return b.TypeInt(32, false)
	}
	// float, the 32-bit 'half', literal float
	return b.TypeFloat(32)
}

func (l *Lowerer) lower(t *types.Type, r Rule) (builder.ID, error) {
	b := l.B
	if r == Void && l.VoidValue != nil {
		if id, ok, err := l.VoidValue(t); ok || err != nil {
			return id, err
		}
	}
	sh, u := classify(t)

	// In an fxc cbuffer a matrix with one component per register (a
	// column_major float1xN, a row_major floatNx1) is an array of scalars,
	// one register each, not a vector.
	if r == DXCBuffer && u.Kind() == types.Matrix {
		rows, cols := u.Rows(), u.Cols()
		if !l.Calc.SPIRVRowMajor(u) {
			rows, cols = cols, rows
		}
		if rows == 1 && cols > 1 {
			lay := l.Calc.Of(u, r)
			return b.TypeArrayN(l.Scalar(u.Scalar(), r), uint32(cols), lay.Stride), nil
		}
	}

	switch sh {
	case shapeScalar:
		if u.Kind() == types.Enum {
			return b.TypeInt(32, true), nil
		}
		return l.Scalar(u.Scalar(), r), nil

	case shapeVector:
		return b.TypeVector(l.Scalar(u.Scalar(), r), uint32(vectorCount(u))), nil

	case shapeMatrix:
		s := u.Scalar()
		vec := b.TypeVector(l.Scalar(s, r), uint32(u.Cols()))
		if s.IsFloat() {
			return b.TypeMatrix(vec, uint32(u.Rows())), nil
		}
		// SPIR-V matrices are float-only: other matrices are arrays of
		// their HLSL rows, which cannot hold a column-major layout.
		var stride uint32
		if r.HasLayout() {
			if l.Calc.SPIRVRowMajor(u) {
				return 0, l.errorf(t, r, ErrNonFloatColumnMajor)
			}
			stride = l.Calc.Of(u, r).Stride
		}
		return b.TypeArrayN(vec, uint32(u.Rows()), stride), nil

	case shapeArray:
		elem := u.Elem()
		eid, err := l.Type(elem, r)
		if err != nil {
			return 0, err
		}
		var stride uint32
		if r.HasLayout() && !isBufferObject(elem) && !isOpaque(elem) {
			stride = l.Calc.Of(u, r).Stride
			if stride == 0 {
				return 0, l.errorf(t, r, "array of zero-sized elements cannot be laid out")
			}
		}
		if u.Len() == types.Unsized {
			return b.TypeRuntimeArray(eid, stride), nil
		}
		if u.Len() <= 0 || u.Len() > 1<<31 {
			return 0, l.errorf(t, r, "array length %d out of range", u.Len())
		}
		return b.TypeArrayN(eid, uint32(u.Len()), stride), nil

	case shapeStruct:
		nd := u.Named()
		if nd == nil {
			return 0, l.errorf(t, r, "struct without declaration")
		}
		if active, _ := l.active.get(u, r); active {
			return 0, l.errorf(t, r, "struct contains itself")
		}
		l.active.set(u, r, true)
		defer l.active.delete(u, r)
		ms := l.Calc.structMembers(u)
		for _, m := range ms {
			e := m.Type
			for e.Underlying().Kind() == types.Array {
				e = e.Underlying().Elem()
			}
			if isOpaque(e) && !(r == Void && l.VoidValue != nil) {
				// Vulkan forbids opaque types in structs
				// (VUID-StandaloneSpirv-None-04667); code generation
				// splits structs holding resources that live in
				// functions, but not those stored in buffers.
				return 0, l.errorf(t, r, "a struct holding a resource (member '%s' of type %s) cannot be stored in a buffer or block in SPIR-V for Vulkan", m.Name, m.Type)
			}
		}
		var perVertex func(int) bool
		if r == Void && l.PerVertexMember != nil {
			perVertex = func(field int) bool { return field >= 0 && l.PerVertexMember(u, field) }
		}
		id, err := l.structType(nd.Name, ms, l.Calc.Struct(u, r), r, NotABlock, false, perVertex)
		if err == nil && l.StructDecorations != nil {
			for _, d := range l.StructDecorations(u) {
				l.B.Decorate(id, d.Kind, d.Params...)
			}
		}
		return id, err

	case shapeObject:
		return l.object(u, r)
	}
	return 0, l.errorf(t, r, "type cannot be lowered to SPIR-V")
}

// Block returns the block struct of a member list.
func (l *Lowerer) Block(spec BlockSpec) (builder.ID, error) {
	ms := make([]member, len(spec.Members))
	for i, m := range spec.Members {
		ms[i] = member{m, i}
	}
	sl := l.Calc.Members(spec.Members, spec.Rule)
	if err := l.checkStraddles(ms, sl, spec.Rule); err != nil {
		return 0, err
	}
	return l.structType(spec.Name, ms, sl, spec.Rule, spec.Interface, spec.ReadOnly, nil)
}

// checkStraddles rejects a block whose relaxed layout puts a vector across
// a 16-byte boundary. Member offsets are relative to their struct, and a
// struct aligned to less than 16 (std430) may sit anywhere: its vectors,
// fine where dxc checks them, can straddle where the struct lands. dxc
// emits that invalid SPIR-V (DirectXShaderCompiler#2639); we refuse it.
func (l *Lowerer) checkStraddles(ms []member, sl *StructLayout, r Rule) error {
	if r != VkStd140 && r != VkStd430 {
		return nil
	}
	for i, m := range ms {
		if err := l.straddleStepWalk(m.Type, sl.Members[i].Offset, r, straddleStep{name: m.Name}, 0); err != nil {
			return err
		}
	}
	return nil
}

// straddleStep is a step of the path straddleWalk is at (Lowerer.path),
// from the block's member (or the buffer's element) down: the path is
// spelled out only for an error, where formatting it at each step of a
// block's walk (every member, every element of its arrays) was the most
// of what lowering a type allocated.
type straddleStep struct {
	elem  bool   // an array's (or buffer's) element, else a member
	name  string // a member's name ("(base)" for a base struct)
	index int64  // an element's index
}

// straddlePath spells out the path: "m.f[2].g", "element 3.f".
func (l *Lowerer) straddlePath() string {
	var b []byte
	for i, st := range l.path {
		switch {
		case st.elem && i == 0:
			b = strconv.AppendInt(append(b, "element "...), st.index, 10)
		case st.elem:
			b = append(strconv.AppendInt(append(b, '['), st.index, 10), ']')
		case i == 0:
			b = append(b, st.name...)
		default:
			b = append(append(b, '.'), st.name...)
		}
	}
	return string(b)
}

// straddleStepWalk walks t one step down the path.
func (l *Lowerer) straddleStepWalk(t *types.Type, off uint32, r Rule, step straddleStep, depth int) error {
	l.path = append(l.path, step)
	err := l.straddleWalk(t, off, r, depth)
	l.path = l.path[:len(l.path)-1]
	return err
}

func (l *Lowerer) straddleWalk(t *types.Type, off uint32, r Rule, depth int) error {
	if depth > 32 {
		return nil
	}
	sh, u := classify(t)
	switch sh {
	case shapeVector:
		size := l.Calc.Of(u, r).Size
		if size <= 16 && off/16 != (off+size-1)/16 || size > 16 && off%16 != 0 {
			return &LowerError{Type: t, Rule: r, Msg: fmt.Sprintf(
				"the %s layout puts %s at byte %d of its buffer, across a 16-byte boundary, which Vulkan forbids; reorder the members or use -fvk-use-scalar-layout",
				r, l.straddlePath(), off)}
		}
	case shapeStruct:
		nd := u.Named()
		if nd == nil {
			return nil
		}
		sub := l.Calc.Struct(u, r)
		for i, m := range l.Calc.structMembers(u) {
			name := m.Name
			if m.field < 0 {
				name = "(base)"
			}
			if err := l.straddleStepWalk(m.Type, off+sub.Members[i].Offset, r, straddleStep{name: name}, depth+1); err != nil {
				return err
			}
		}
	case shapeArray:
		// Element offsets repeat modulo 16 within 16 elements.
		n := int64(16)
		if u.Len() > 0 && u.Len() < n {
			n = u.Len()
		}
		stride := l.Calc.Of(u, r).Stride
		for k := int64(0); k < n; k++ {
			if err := l.straddleStepWalk(u.Elem(), off+uint32(k)*stride, r, straddleStep{elem: true, index: k}, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// perVertex, when not nil, reports the fields whose members are arrays of
// three (PerVertexMember).
func (l *Lowerer) structType(name string, ms []member, sl *StructLayout, r Rule, iface Interface, readOnly bool, perVertex func(field int) bool) (builder.ID, error) {
	st := builder.StructType{Name: name, Members: make([]builder.StructMember, 0, len(ms))}
	for i, m := range ms {
		if sl.Members[i].BitOffset > 0 {
			continue // packed into the previous bitfield's member
		}
		id, err := l.Type(m.Type, r)
		if err != nil {
			return 0, err
		}
		if perVertex != nil && perVertex(m.field) {
			id = l.B.TypeArrayN(id, 3, 0)
		}
		sm := builder.StructMember{Type: id, Name: m.Name}
		if r.HasLayout() {
			ml := sl.Members[i]
			sm.Decorations = append(sm.Decorations, builder.Deco(spv.DecorationOffset, builder.Lit(ml.Offset)))
			if ml.MatrixStride != 0 {
				sm.Decorations = append(sm.Decorations, builder.Deco(spv.DecorationMatrixStride, builder.Lit(ml.MatrixStride)), majorDeco(ml.SPIRVRowMajor))
			}
		}
		if l.relaxedPrecision(m.Type) {
			sm.Decorations = append(sm.Decorations, builder.Deco(spv.DecorationRelaxedPrecision))
		}
		sm.Decorations = append(sm.Decorations, m.Decorations...)
		if readOnly {
			sm.Decorations = append(sm.Decorations, builder.Deco(spv.DecorationNonWritable))
		}
		st.Members = append(st.Members, sm)
	}
	return l.block(st, iface), nil
}

// block interns st and decorates it Block or BufferBlock. The decoration is
// added after the struct, not through StructType.Decorations, so it follows
// the member decorations as in dxc's output; block structs are named
// "type.<...>", which no HLSL struct can be, so none is interned twice.
func (l *Lowerer) block(st builder.StructType, iface Interface) builder.ID {
	id := l.B.TypeStruct(st)
	if d, ok := l.blockDeco(iface); ok && id != 0 {
		l.B.Decorate(id, d)
	}
	return id
}

func majorDeco(spirvRowMajor bool) builder.Decoration {
	if spirvRowMajor {
		return builder.Deco(spv.DecorationRowMajor)
	}
	return builder.Deco(spv.DecorationColMajor)
}

func (l *Lowerer) blockDeco(iface Interface) (spv.Decoration, bool) {
	switch iface {
	case UniformBlock:
		return spv.DecorationBlock, true
	case StorageBlock:
		if l.B.M.Version >= spv.Version1_4 {
			return spv.DecorationBlock, true
		}
		return spv.DecorationBufferBlock, true
	}
	return 0, false
}

// relaxedPrecision reports whether a member of type t is decorated
// RelaxedPrecision: min-precision scalars, vectors, matrices and arrays of
// them, when they are stored as 32-bit types.
func (l *Lowerer) relaxedPrecision(t *types.Type) bool {
	if l.Calc.Enable16BitTypes {
		return false
	}
	for {
		sh, u := classify(t)
		switch sh {
		case shapeArray:
			t = u.Elem()
			continue
		case shapeScalar, shapeVector, shapeMatrix:
			return u.Kind() != types.Enum && u.Scalar().IsMinPrecision()
		}
		return false
	}
}

// isOpaque reports objects that have no size: textures, samplers... whose
// arrays carry no ArrayStride.
func isOpaque(t *types.Type) bool {
	if t.Underlying().Kind() != types.ObjectK {
		return false
	}
	switch t.Object() {
	case types.VkBufferPointer, types.VkSpirvType:
		return false
	case types.VkSpirvOpaqueType:
		// an inline SPIR-V type is opaque when its opcode makes one
		// (a cooperative matrix, say, is a composite)
		if args := t.Underlying().Args(); len(args) > 0 && args[0].Type == nil {
			return opaqueOpcodes[spv.Op(args[0].Value)]
		}
	}
	return true
}

// opaqueOpcodes are the type instructions of opaque types, which Vulkan
// keeps out of structs: images, samplers, acceleration structures, ray
// queries, and logical pointers.
var opaqueOpcodes = map[spv.Op]bool{
	spv.OpTypeImage: true, spv.OpTypeSampler: true, spv.OpTypeSampledImage: true, spv.OpTypeOpaque: true,
	spv.OpTypeEvent: true, spv.OpTypeDeviceEvent: true, spv.OpTypeReserveId: true, spv.OpTypeQueue: true,
	spv.OpTypePipe: true, spv.OpTypeAccelerationStructureKHR: true, spv.OpTypeRayQueryKHR: true,
	spv.OpTypePointer: true,
}

// isBufferObject reports the objects whose arrays carry no ArrayStride:
// structured, byte-address, constant and texture buffers.
func isBufferObject(t *types.Type) bool {
	if t.Underlying().Kind() != types.ObjectK {
		return false
	}
	switch t.Object().Class() {
	case types.ClassStructuredBuffer, types.ClassByteAddressBuffer, types.ClassCBuffer:
		return true
	}
	return false
}

func (l *Lowerer) object(t *types.Type, r Rule) (builder.ID, error) {
	o := t.Object()
	switch o.Class() {
	case types.ClassStructuredBuffer:
		if r == Void {
			r = l.Rules.SBuffer
		}
		elem := t.Elem()
		eid, err := l.Type(elem, r)
		if err != nil {
			return 0, err
		}
		stride := l.Calc.ArrayStride(elem, r)
		if stride == 0 {
			return 0, l.errorf(t, r, "structured buffer of a zero-sized element")
		}
		if r == VkStd140 || r == VkStd430 {
			for k := uint32(0); k < 16; k++ {
				if err := l.straddleStepWalk(elem, k*stride, r, straddleStep{elem: true, index: int64(k)}, 0); err != nil {
					return 0, err
				}
			}
		}
		m := builder.StructMember{Type: l.B.TypeRuntimeArray(eid, stride)}
		m.Decorations = []builder.Decoration{builder.Deco(spv.DecorationOffset, builder.Lit(0))}
		if mat := floatMatrixOf(elem); mat != nil {
			m.Decorations = append(m.Decorations,
				builder.Deco(spv.DecorationMatrixStride, builder.Lit(l.Calc.Of(mat, r).Stride)),
				majorDeco(l.Calc.SPIRVRowMajor(mat)))
		}
		if o == types.StructuredBuffer {
			m.Decorations = append(m.Decorations, builder.Deco(spv.DecorationNonWritable))
		}
		return l.block(builder.StructType{
			Name:    "type." + o.String() + "." + TypeName(elem),
			Members: []builder.StructMember{m},
		}, StorageBlock), nil

	case types.ClassByteAddressBuffer:
		return l.ByteAddressBuffer(o != types.ByteAddressBuffer), nil

	case types.ClassCBuffer:
		tbuf := o == types.TextureBuffer
		if r == Void {
			r = l.Rules.CBuffer
			if tbuf {
				r = l.Rules.TBuffer
			}
		}
		elem := t.Elem().Underlying()
		if elem.Kind() != types.Struct || elem.Named() == nil {
			return 0, l.errorf(t, r, "the element of %s must be a struct", o)
		}
		iface := UniformBlock
		if tbuf {
			iface = StorageBlock
		}
		ms, sl := l.Calc.structMembers(elem), l.Calc.Struct(elem, r)
		if err := l.checkStraddles(ms, sl, r); err != nil {
			return 0, err
		}
		return l.structType("type."+o.String()+"."+elem.Named().Name, ms, sl, r, iface, tbuf, nil)
	}
	if l.Object != nil {
		return l.Object(t, r)
	}
	return 0, l.errorf(t, r, "object type is not lowered by the layout package")
}

// ByteAddressBuffer returns "type.ByteAddressBuffer" (or
// "type.RWByteAddressBuffer" when writable): a block holding a runtime
// array of uint with stride 4.
func (l *Lowerer) ByteAddressBuffer(writable bool) builder.ID {
	m := builder.StructMember{
		Type:        l.B.TypeRuntimeArray(l.B.TypeInt(32, false), 4),
		Decorations: []builder.Decoration{builder.Deco(spv.DecorationOffset, builder.Lit(0))},
	}
	name := "type.RWByteAddressBuffer"
	if !writable {
		name = "type.ByteAddressBuffer"
		m.Decorations = append(m.Decorations, builder.Deco(spv.DecorationNonWritable))
	}
	return l.block(builder.StructType{Name: name, Members: []builder.StructMember{m}}, StorageBlock)
}

// Counter returns "type.ACSBuffer.counter", the block of the counter of a
// RW/Append/Consume structured buffer: one int named "counter" at offset 0.
func (l *Lowerer) Counter() builder.ID {
	return l.block(builder.StructType{
		Name: "type.ACSBuffer.counter",
		Members: []builder.StructMember{{
			Type:        l.B.TypeInt(32, true),
			Name:        "counter",
			Decorations: []builder.Decoration{builder.Deco(spv.DecorationOffset, builder.Lit(0))},
		}},
	}, StorageBlock)
}

// TypeName is DXC's name of a type where it names SPIR-V objects after
// one: a buffer's element in the buffer's type (type.StructuredBuffer.v4float)
// and a temporary (temp.var.mat2v3float). A scalar, a one-component vector
// or a 1x1 matrix is its scalar's name ("half" for half with and without
// -enable-16bit-types), a vector or a 1xN or Nx1 matrix "v<N><scalar>", a
// matrix "mat<rows>v<cols><scalar>", a struct its name; an enum, an array
// or an object has no name (""). A literal is named as the concrete type
// it becomes.
func TypeName(t *types.Type) string {
	sh, u := classify(t)
	switch sh {
	case shapeScalar:
		if u.Kind() == types.Enum {
			return ""
		}
		return scalarName(u.Scalar())
	case shapeVector:
		return "v" + strconv.Itoa(vectorCount(u)) + scalarName(u.Scalar())
	case shapeMatrix:
		return "mat" + strconv.Itoa(u.Rows()) + "v" + strconv.Itoa(u.Cols()) + scalarName(u.Scalar())
	case shapeStruct:
		if nd := u.Named(); nd != nil {
			return nd.Name
		}
	}
	return ""
}

// scalarNames are DXC's names of the scalar types (an array: static data,
// nothing built at package initialization).
var scalarNames = [types.NumScalars]string{
	types.Bool:       "bool",
	types.Int:        "int",
	types.Uint:       "uint",
	types.Float:      "float",
	types.Double:     "double",
	types.Int64:      "int64",
	types.Uint64:     "uint64",
	types.Int16:      "short",
	types.Uint16:     "ushort",
	types.Float16:    "half",
	types.HalfPP:     "half",
	types.Min12Int:   "min12int",
	types.Min16Int:   "min16int",
	types.Min16Uint:  "min16uint",
	types.Min16Float: "min16float",
	types.Min10Float: "min10float",
}

func scalarName(s types.Scalar) string {
	if s = s.Concrete(); s.IsNumeric() {
		return scalarNames[s]
	}
	return ""
}

// MemberIndex is the index of the SPIR-V struct member that holds field i
// of struct st (an index into Named().Fields): a base class is member 0,
// and bitfields packed together share one member. Access chains into
// lowered structs use it (the packing is the same under every rule).
func (c *Calculator) MemberIndex(st *types.Type, field int) uint32 {
	st = st.Underlying()
	nd := st.Named()
	if nd == nil {
		return uint32(field)
	}
	if nd.Base != nil {
		field++
	}
	sl := c.Struct(st, Void)
	if field < 0 || field >= len(sl.Members) {
		return uint32(field)
	}
	return sl.Members[field].Index
}
