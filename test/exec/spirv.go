package exec

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
)

// This file is a small, test-only SPIR-V reader: just enough reflection to
// create the resources a compute module declares (descriptor bindings and
// their types, the push constant block, specialization constants, entry
// points). It reads the binary directly so that the execution tests depend on
// no other package of the project.

// SPIR-V numbers used here (from the SPIR-V specification's unified grammar).
const (
	opName               = 5
	opEntryPoint         = 15
	opExecutionMode      = 16
	opCapability         = 17
	opTypeBool           = 20
	opTypeInt            = 21
	opTypeFloat          = 22
	opTypeVector         = 23
	opTypeMatrix         = 24
	opTypeImage          = 25
	opTypeSampler        = 26
	opTypeSampledImage   = 27
	opTypeArray          = 28
	opTypeRuntimeArray   = 29
	opTypeStruct         = 30
	opTypePointer        = 32
	opConstant           = 43
	opSpecConstantTrue   = 48
	opSpecConstantFalse  = 49
	opSpecConstant       = 50
	opVariable           = 59
	opFunction           = 54
	opDecorate           = 71
	opMemberDecorate     = 72
	decSpecID            = 1
	decBlock             = 2
	decBufferBlock       = 3
	decRowMajor          = 4
	decArrayStride       = 6
	decMatrixStride      = 7
	decBinding           = 33
	decDescriptorSet     = 34
	decOffset            = 35
	scUniformConstant    = 0
	scUniform            = 2
	scPushConstant       = 9
	scStorageBuffer      = 12
	execModelGLCompute   = 5
	execModeLocalSize    = 17
	dimBuffer            = 5
	imageSampledStorage  = 2
	spirvMagic           = 0x07230203
	spirvHeaderWordCount = 5
)

// Kind is what a descriptor is, as Vulkan sees it.
type Kind int

const (
	UniformBuffer Kind = iota
	StorageBuffer
	UniformTexelBuffer
	StorageTexelBuffer
	StorageImage
	SampledImage
	CombinedImageSampler
	Sampler
)

var kindNames = [...]string{"uniform buffer", "storage buffer", "uniform texel buffer", "storage texel buffer",
	"storage image", "sampled image", "combined image sampler", "sampler"}

func (k Kind) String() string { return kindNames[k] }

// A Binding is one descriptor the module declares.
type Binding struct {
	Set, Binding uint32
	// Count is the length of an array of descriptors: 0 for a single
	// descriptor, -1 for a runtime array (the test says how many: the
	// elements it names, or count=N).
	Count    int
	Kind     Kind
	VarName  string // the OpName of the variable ("" when unnamed)
	TypeName string // the OpName of the variable's type (block struct or image)
	// Buffers: the size of the fixed part of the block, and the stride of a
	// trailing runtime array (0 when there is none).
	Size, RuntimeStride int
	// Images and texel buffers.
	Dim, Arrayed int
	Format       int // SPIR-V ImageFormat (0: Unknown)
	SampledType  string
}

// A SpecConstant is an OpSpecConstant* with a SpecId.
type SpecConstant struct {
	ID    uint32
	Bytes int
}

// Module is what the runner needs to know about a compiled module.
type Module struct {
	EntryPoints  []string // GLCompute entry point names
	LocalSize    [3]uint32
	Capabilities []uint32
	Bindings     []Binding
	PushSize     int // 0 when there is no push constant block
	Specs        []SpecConstant
}

type spvType struct {
	op     uint32
	args   []uint32
	name   string
	stride int
}

type spvMember struct {
	offset, matrixStride int
	rowMajor             bool
}

// Reflect reads a SPIR-V binary.
func Reflect(code []byte) (*Module, error) {
	if len(code)%4 != 0 || len(code) < 4*spirvHeaderWordCount {
		return nil, fmt.Errorf("spirv: %d bytes is not a SPIR-V module", len(code))
	}
	words := make([]uint32, len(code)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(code[4*i:])
	}
	if words[0] != spirvMagic {
		return nil, fmt.Errorf("spirv: bad magic number 0x%08x", words[0])
	}
	names := map[uint32]string{}
	types := map[uint32]*spvType{}
	constants := map[uint32]uint32{}
	decorations := map[uint32]map[uint32]uint32{} // id → decoration → first operand
	members := map[uint32]map[uint32]*spvMember{}
	var variables [][3]uint32 // pointer type, id, storage class
	var specIDs []uint32
	m := &Module{}
	entries := map[uint32]string{}
	// the words of the functions' instructions: a resource variable none
	// of them names is not statically used and needs no descriptor (a
	// module compiled without legalization keeps every declared resource)
	inFunctions := false
	used := map[uint32]bool{}
	for pc := spirvHeaderWordCount; pc < len(words); {
		n := int(words[pc] >> 16)
		op := words[pc] & 0xffff
		if n == 0 || pc+n > len(words) {
			return nil, fmt.Errorf("spirv: bad instruction length at word %d", pc)
		}
		ins := words[pc+1 : pc+n]
		pc += n
		inFunctions = inFunctions || op == opFunction
		if inFunctions {
			for _, w := range ins {
				used[w] = true
			}
		}
		switch op {
		case opName:
			if len(ins) >= 1 {
				names[ins[0]] = spvString(ins[1:])
			}
		case opEntryPoint:
			if len(ins) >= 3 && ins[0] == execModelGLCompute {
				name := spvString(ins[2:])
				m.EntryPoints = append(m.EntryPoints, name)
				entries[ins[1]] = name
			}
		case opExecutionMode:
			if len(ins) >= 5 && ins[1] == execModeLocalSize {
				copy(m.LocalSize[:], ins[2:5])
			}
		case opCapability:
			if len(ins) >= 1 {
				m.Capabilities = append(m.Capabilities, ins[0])
			}
		case opTypeBool, opTypeInt, opTypeFloat, opTypeVector, opTypeMatrix, opTypeImage, opTypeSampler,
			opTypeSampledImage, opTypeArray, opTypeRuntimeArray, opTypeStruct, opTypePointer:
			if len(ins) >= 1 {
				types[ins[0]] = &spvType{op: op, args: ins[1:]}
			}
		case opConstant:
			if len(ins) >= 3 {
				constants[ins[1]] = ins[2]
			}
		case opSpecConstant, opSpecConstantTrue, opSpecConstantFalse:
			if len(ins) >= 2 {
				specIDs = append(specIDs, ins[0], ins[1])
			}
		case opVariable:
			if len(ins) >= 3 {
				variables = append(variables, [3]uint32{ins[0], ins[1], ins[2]})
			}
		case opDecorate:
			if len(ins) >= 2 {
				if decorations[ins[0]] == nil {
					decorations[ins[0]] = map[uint32]uint32{}
				}
				v := uint32(0)
				if len(ins) >= 3 {
					v = ins[2]
				}
				decorations[ins[0]][ins[1]] = v
			}
		case opMemberDecorate:
			if len(ins) >= 3 {
				if members[ins[0]] == nil {
					members[ins[0]] = map[uint32]*spvMember{}
				}
				mem := members[ins[0]][ins[1]]
				if mem == nil {
					mem = &spvMember{}
					members[ins[0]][ins[1]] = mem
				}
				v := 0
				if len(ins) >= 4 {
					v = int(ins[3])
				}
				switch ins[2] {
				case decOffset:
					mem.offset = v
				case decMatrixStride:
					mem.matrixStride = v
				case decRowMajor:
					mem.rowMajor = true
				}
			}
		}
	}
	for id, t := range types {
		t.name = names[id]
		t.stride = int(decorations[id][decArrayStride])
	}
	r := &reflector{types: types, constants: constants, members: members}

	for i := 0; i+1 < len(specIDs); i += 2 {
		typ, id := specIDs[i], specIDs[i+1]
		sid, ok := decorations[id][decSpecID]
		if !ok {
			continue
		}
		size := 4
		if t := types[typ]; t != nil && (t.op == opTypeInt || t.op == opTypeFloat) && len(t.args) > 0 {
			size = int(t.args[0]) / 8
		}
		m.Specs = append(m.Specs, SpecConstant{ID: sid, Bytes: size})
	}

	for _, v := range variables {
		ptr, id, sc := v[0], v[1], v[2]
		if sc != scUniformConstant && sc != scUniform && sc != scStorageBuffer && sc != scPushConstant || !used[id] {
			continue
		}
		pt := types[ptr]
		if pt == nil || pt.op != opTypePointer || len(pt.args) < 2 {
			return nil, fmt.Errorf("spirv: variable %%%d has no pointer type", id)
		}
		tid := pt.args[1]
		t := types[tid]
		if t == nil {
			return nil, fmt.Errorf("spirv: variable %%%d points to an unknown type", id)
		}
		if sc == scPushConstant {
			size, _, err := r.blockSize(tid)
			if err != nil {
				return nil, err
			}
			m.PushSize = size
			continue
		}
		count := 0
		switch t.op {
		case opTypeArray: // an array of descriptors: one binding, Count elements
			n, ok := constants[t.args[1]]
			if !ok || n == 0 {
				return nil, fmt.Errorf("spirv: %q is an array of descriptors of unknown length", names[id])
			}
			count, tid, t = int(n), t.args[0], types[t.args[0]]
		case opTypeRuntimeArray:
			count, tid, t = -1, t.args[0], types[t.args[0]]
		}
		if t == nil {
			return nil, fmt.Errorf("spirv: variable %%%d is an array of an unknown type", id)
		}
		b := Binding{
			Set:      decorations[id][decDescriptorSet],
			Binding:  decorations[id][decBinding],
			Count:    count,
			VarName:  names[id],
			TypeName: t.name,
		}
		switch {
		case sc == scStorageBuffer:
			b.Kind = StorageBuffer
		case sc == scUniform:
			b.Kind = UniformBuffer
			if _, ok := decorations[tid][decBufferBlock]; ok {
				b.Kind = StorageBuffer
			}
		case t.op == opTypeSampler:
			b.Kind = Sampler
		case t.op == opTypeImage || t.op == opTypeSampledImage:
			img := t
			if t.op == opTypeSampledImage {
				img = types[t.args[0]]
				if img == nil || img.op != opTypeImage {
					return nil, fmt.Errorf("spirv: sampled image %q has no image type", names[id])
				}
			}
			if len(img.args) < 7 {
				return nil, fmt.Errorf("spirv: short OpTypeImage for %q", names[id])
			}
			b.Dim, b.Arrayed, b.Format = int(img.args[1]), int(img.args[3]), int(img.args[6])
			b.SampledType = r.scalarName(img.args[0])
			storage := img.args[5] == imageSampledStorage
			switch {
			case t.op == opTypeSampledImage:
				b.Kind = CombinedImageSampler
			case b.Dim == dimBuffer && storage:
				b.Kind = StorageTexelBuffer
			case b.Dim == dimBuffer:
				b.Kind = UniformTexelBuffer
			case storage:
				b.Kind = StorageImage
			default:
				b.Kind = SampledImage
			}
		default:
			return nil, fmt.Errorf("spirv: cannot bind %q (type op %d in storage class %d)", names[id], t.op, sc)
		}
		if b.Kind == UniformBuffer || b.Kind == StorageBuffer {
			size, stride, err := r.blockSize(tid)
			if err != nil {
				return nil, fmt.Errorf("spirv: %q: %v", names[id], err)
			}
			b.Size, b.RuntimeStride = size, stride
		}
		m.Bindings = append(m.Bindings, b)
	}
	sort.Slice(m.Bindings, func(i, j int) bool {
		a, b := m.Bindings[i], m.Bindings[j]
		if a.Set != b.Set {
			return a.Set < b.Set
		}
		return a.Binding < b.Binding
	})
	for i := 1; i < len(m.Bindings); i++ {
		a, b := m.Bindings[i-1], m.Bindings[i]
		if a.Set == b.Set && a.Binding == b.Binding {
			return nil, fmt.Errorf("spirv: %q and %q share set %d binding %d", a.VarName, b.VarName, a.Set, a.Binding)
		}
	}
	return m, nil
}

func spvString(ws []uint32) string {
	var sb strings.Builder
	for _, w := range ws {
		for i := 0; i < 4; i++ {
			c := byte(w >> (8 * i))
			if c == 0 {
				return sb.String()
			}
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

type reflector struct {
	types     map[uint32]*spvType
	constants map[uint32]uint32
	members   map[uint32]map[uint32]*spvMember
}

func (r *reflector) scalarName(id uint32) string {
	t := r.types[id]
	if t == nil || len(t.args) < 1 {
		return "?"
	}
	switch {
	case t.op == opTypeFloat:
		return fmt.Sprintf("f%d", t.args[0])
	case t.op == opTypeInt && len(t.args) > 1 && t.args[1] == 1:
		return fmt.Sprintf("i%d", t.args[0])
	case t.op == opTypeInt:
		return fmt.Sprintf("u%d", t.args[0])
	}
	return "?"
}

// blockSize returns the byte size of the fixed part of a block struct and
// the array stride of its trailing runtime array (0 when it has none).
func (r *reflector) blockSize(id uint32) (size, runtimeStride int, err error) {
	t := r.types[id]
	if t == nil || t.op != opTypeStruct {
		return 0, 0, fmt.Errorf("block type %%%d is not a struct", id)
	}
	for i, mt := range t.args {
		mem := r.members[id][uint32(i)]
		if mem == nil {
			mem = &spvMember{}
		}
		mtt := r.types[mt]
		if mtt != nil && mtt.op == opTypeRuntimeArray {
			if mem.offset > size {
				size = mem.offset
			}
			runtimeStride = mtt.stride
			continue
		}
		s, err := r.sizeOf(mt, mem)
		if err != nil {
			return 0, 0, err
		}
		if mem.offset+s > size {
			size = mem.offset + s
		}
	}
	return size, runtimeStride, nil
}

// sizeOf is the byte size of a type laid out by its decorations; mem gives a
// struct member's matrix decorations.
func (r *reflector) sizeOf(id uint32, mem *spvMember) (int, error) {
	t := r.types[id]
	if t == nil {
		return 0, fmt.Errorf("unknown type %%%d", id)
	}
	switch t.op {
	case opTypeBool:
		return 4, nil
	case opTypeInt, opTypeFloat:
		return int(t.args[0]) / 8, nil
	case opTypeVector:
		s, err := r.sizeOf(t.args[0], nil)
		return s * int(t.args[1]), err
	case opTypeMatrix:
		col := r.types[t.args[0]]
		cols := int(t.args[1])
		colSize, err := r.sizeOf(t.args[0], nil)
		if err != nil || col == nil {
			return 0, err
		}
		if mem == nil || mem.matrixStride == 0 {
			return cols * colSize, nil
		}
		if mem.rowMajor {
			return int(col.args[1]) * mem.matrixStride, nil
		}
		return cols * mem.matrixStride, nil
	case opTypeArray:
		n, ok := r.constants[t.args[1]]
		if !ok {
			return 0, fmt.Errorf("array length %%%d is not a constant", t.args[1])
		}
		if t.stride > 0 {
			return int(n) * t.stride, nil
		}
		s, err := r.sizeOf(t.args[0], mem)
		return int(n) * s, err
	case opTypeStruct:
		s, _, err := r.blockSize(id)
		return s, err
	}
	return 0, fmt.Errorf("type op %d has no size in a buffer", t.op)
}
