package disasm

import (
	"math"
	"strconv"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// friendlyNames gives every id the name spirv-dis prints for it, following
// SPIRV-Tools v2023.1's FriendlyNameMapper in one pass over the module:
//
//   - the first OpName of an id wins; then a BuiltIn decoration (gl_Position,
//     gl_GlobalInvocationID, SubgroupSize...); then a name derived from the
//     defining instruction: void, bool, int/uint/short/ulong/i24, half,
//     float, double, fp24, v4float, mat4v4float, _arr_float_uint_4,
//     _runtimearr_float, _ptr_Uniform_float, _struct_12, Opaque_x,
//     Pipe<access>, true/false, <type>_<value> for OpConstant (a '-' in the
//     value becomes 'n': int_n1, float_0_5); any other result gets its number.
//   - a name is sanitised: each byte that is not [A-Za-z0-9_] becomes '_',
//     and an empty name becomes '_';
//   - a name already taken gets "_<n>" with the first free n from 0.
//
// A type name built from another id's name uses that id's name at the time
// (its number when it is not yet named, e.g. a forward pointer).
type friendlyNames struct {
	dense  []string // by id, "" when unnamed
	sparse map[uint32]string
	used   map[string]struct{}
	limit  uint32 // ids below limit live in dense
	// nextSuffix remembers, per base name, the suffix after the last one
	// given: base_0 .. base_<n-1> are all taken then (used only grows), so
	// the search can resume there and n colliding names cost O(n), not
	// O(n²), with the same result.
	nextSuffix map[string]uint64
	// spelling2023 names storage classes in pointer type names as
	// spirv-dis v2023.1 does (Options.SpirvDis2023).
	spelling2023 bool
}

// init names the ids of m, in memory n kept from the module it named
// before, if any.
func (n *friendlyNames) init(m *binary.Module, spelling2023 bool) {
	limit := m.Header.Bound
	if max := uint32(4*len(m.Words) + 16); limit > max {
		limit = max
	}
	dense := n.dense
	if uint32(cap(dense)) >= limit {
		dense = dense[:limit]
		clear(dense)
	} else {
		dense = make([]string, limit)
	}
	used := n.used
	if used != nil {
		clear(used)
	} else {
		// About a third of the instructions name an id (types,
		// constants, OpNames; at most 0.44 of the golden tests'
		// modules): the rest are named by their number, which is not
		// stored.
		used = make(map[string]struct{}, len(m.Insts)/2)
	}
	*n = friendlyNames{dense: dense, used: used, limit: limit, spelling2023: spelling2023}
	for i := range m.Insts {
		n.visit(&m.Insts[i])
	}
}

// numericName marks an id whose name is its own number: most ids, so they
// are neither stored as strings nor put in the used set (taken knows them).
// It cannot be a real name: sanitize never leaves a NUL.
const numericName = "\x00"

// name returns the friendly name of id (its number if it has none).
func (n *friendlyNames) name(id uint32) string {
	if s, ok := n.lookup(id); ok && s != numericName {
		return s
	}
	return strconv.FormatUint(uint64(id), 10)
}

// appendName appends the friendly name of id.
func (n *friendlyNames) appendName(b []byte, id uint32) []byte {
	if s, ok := n.lookup(id); ok && s != numericName {
		return append(b, s...)
	}
	return strconv.AppendUint(b, uint64(id), 10)
}

// taken reports whether name is some id's name.
func (n *friendlyNames) taken(name string) bool {
	if _, ok := n.used[name]; ok {
		return true
	}
	// Is it the number of an id that is named by its number? (Read here,
	// not by strconv.ParseUint: most names are not numbers, and its error
	// for each was an allocation.)
	if name == "" || len(name) > 10 || (name[0] == '0' && len(name) > 1) {
		return false
	}
	var v uint64
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < '0' || c > '9' {
			return false
		}
		v = 10*v + uint64(c-'0')
	}
	if v > math.MaxUint32 {
		return false
	}
	s, ok := n.lookup(uint32(v))
	return ok && s == numericName
}

func (n *friendlyNames) lookup(id uint32) (string, bool) {
	if id < n.limit {
		s := n.dense[id]
		return s, s != ""
	}
	s, ok := n.sparse[id]
	return s, ok
}

func (n *friendlyNames) set(id uint32, s string) {
	if id < n.limit {
		n.dense[id] = s
		return
	}
	if n.sparse == nil {
		n.sparse = map[uint32]string{}
	}
	n.sparse[id] = s
}

// save names id after suggested unless id already has a name.
func (n *friendlyNames) save(id uint32, suggested string) {
	if _, ok := n.lookup(id); ok {
		return
	}
	base := sanitize(suggested)
	name := base
	if n.taken(name) {
		if n.nextSuffix == nil {
			n.nextSuffix = map[string]uint64{}
		}
		for i := n.nextSuffix[base]; ; i++ {
			name = base + "_" + strconv.FormatUint(i, 10)
			if !n.taken(name) {
				n.nextSuffix[base] = i + 1
				break
			}
		}
	}
	n.used[name] = struct{}{}
	n.set(id, name)
}

// saveNumber names id after its number unless it already has a name.
func (n *friendlyNames) saveNumber(id uint32) {
	if _, ok := n.lookup(id); ok {
		return
	}
	var buf [10]byte
	if num := strconv.AppendUint(buf[:0], uint64(id), 10); n.taken(string(num)) {
		n.save(id, string(num))
		return
	}
	n.set(id, numericName)
}

// sanitize replaces each byte outside [A-Za-z0-9_] by '_' (bytes, not runes:
// a two-byte UTF-8 letter becomes "__").
func sanitize(s string) string {
	if s == "" {
		return "_"
	}
	ok := true
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if !isNameByte(c) {
			b[i] = '_'
		}
	}
	return string(b)
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

func (n *friendlyNames) visit(in *binary.Inst) {
	w := in.Words
	id := in.ResultID
	switch in.Op {
	case spv.OpName:
		n.save(w[1], in.String(1))
	case spv.OpDecorate:
		if spv.Decoration(w[2]) == spv.DecorationBuiltIn && len(w) > 3 {
			if s, ok := builtinNames()[spv.BuiltIn(w[3])]; ok {
				n.save(w[1], s)
			}
		}
	case spv.OpTypeVoid:
		n.save(id, "void")
	case spv.OpTypeBool:
		n.save(id, "bool")
	case spv.OpTypeInt:
		var root, sign string
		switch w[2] {
		case 8:
			root = "char"
		case 16:
			root = "short"
		case 32:
			root = "int"
		case 64:
			root = "long"
		default:
			root, sign = strconv.FormatUint(uint64(w[2]), 10), "i"
		}
		if w[3] == 0 {
			sign = "u"
		}
		n.save(id, sign+root)
	case spv.OpTypeFloat:
		switch w[2] {
		case 16:
			n.save(id, "half")
		case 32:
			n.save(id, "float")
		case 64:
			n.save(id, "double")
		default:
			n.save(id, "fp"+strconv.FormatUint(uint64(w[2]), 10))
		}
	case spv.OpTypeVector:
		n.save(id, "v"+strconv.FormatUint(uint64(w[3]), 10)+n.name(w[2]))
	case spv.OpTypeMatrix:
		n.save(id, "mat"+strconv.FormatUint(uint64(w[3]), 10)+n.name(w[2]))
	case spv.OpTypeArray:
		n.save(id, "_arr_"+n.name(w[2])+"_"+n.name(w[3]))
	case spv.OpTypeRuntimeArray:
		n.save(id, "_runtimearr_"+n.name(w[2]))
	case spv.OpTypePointer:
		n.save(id, "_ptr_"+enumName(spv.KindStorageClass, w[2], n.spelling2023)+"_"+n.name(w[3]))
	case spv.OpTypePipe:
		n.save(id, "Pipe"+enumName(spv.KindAccessQualifier, w[2], n.spelling2023))
	case spv.OpTypeEvent:
		n.save(id, "Event")
	case spv.OpTypeDeviceEvent:
		n.save(id, "DeviceEvent")
	case spv.OpTypeReserveId:
		n.save(id, "ReserveId")
	case spv.OpTypeQueue:
		n.save(id, "Queue")
	case spv.OpTypeOpaque:
		n.save(id, "Opaque_"+sanitize(in.String(1)))
	case spv.OpTypePipeStorage:
		n.save(id, "PipeStorage")
	case spv.OpTypeNamedBarrier:
		n.save(id, "NamedBarrier")
	case spv.OpTypeStruct:
		n.save(id, "_struct_"+strconv.FormatUint(uint64(id), 10))
	case spv.OpConstantTrue:
		n.save(id, "true")
	case spv.OpConstantFalse:
		n.save(id, "false")
	case spv.OpConstant:
		value := appendNumber(nil, in, 2)
		for i, c := range value {
			if c == '-' {
				value[i] = 'n'
			}
		}
		n.save(id, n.name(in.TypeID)+"_"+string(value))
	default:
		if id != 0 {
			n.saveNumber(id)
		}
	}
}

// builtinNames are the names SPIRV-Tools gives ids decorated BuiltIn: GLSL's
// gl_ names where GLSL has one, the OpenCL and subgroup built-ins by their
// SPIR-V names. Other built-ins give no name.
var builtinNames = sync.OnceValue(func() map[spv.BuiltIn]string {
	return map[spv.BuiltIn]string{
		spv.BuiltInPosition:                  "gl_Position",
		spv.BuiltInPointSize:                 "gl_PointSize",
		spv.BuiltInClipDistance:              "gl_ClipDistance",
		spv.BuiltInCullDistance:              "gl_CullDistance",
		spv.BuiltInVertexId:                  "gl_VertexID",
		spv.BuiltInInstanceId:                "gl_InstanceID",
		spv.BuiltInPrimitiveId:               "gl_PrimitiveID",
		spv.BuiltInInvocationId:              "gl_InvocationID",
		spv.BuiltInLayer:                     "gl_Layer",
		spv.BuiltInViewportIndex:             "gl_ViewportIndex",
		spv.BuiltInTessLevelOuter:            "gl_TessLevelOuter",
		spv.BuiltInTessLevelInner:            "gl_TessLevelInner",
		spv.BuiltInTessCoord:                 "gl_TessCoord",
		spv.BuiltInPatchVertices:             "gl_PatchVertices",
		spv.BuiltInFragCoord:                 "gl_FragCoord",
		spv.BuiltInPointCoord:                "gl_PointCoord",
		spv.BuiltInFrontFacing:               "gl_FrontFacing",
		spv.BuiltInSampleId:                  "gl_SampleID",
		spv.BuiltInSamplePosition:            "gl_SamplePosition",
		spv.BuiltInSampleMask:                "gl_SampleMask",
		spv.BuiltInFragDepth:                 "gl_FragDepth",
		spv.BuiltInHelperInvocation:          "gl_HelperInvocation",
		spv.BuiltInNumWorkgroups:             "gl_NumWorkGroups",
		spv.BuiltInWorkgroupSize:             "gl_WorkGroupSize",
		spv.BuiltInWorkgroupId:               "gl_WorkGroupID",
		spv.BuiltInLocalInvocationId:         "gl_LocalInvocationID",
		spv.BuiltInGlobalInvocationId:        "gl_GlobalInvocationID",
		spv.BuiltInLocalInvocationIndex:      "gl_LocalInvocationIndex",
		spv.BuiltInWorkDim:                   "WorkDim",
		spv.BuiltInGlobalSize:                "GlobalSize",
		spv.BuiltInEnqueuedWorkgroupSize:     "EnqueuedWorkgroupSize",
		spv.BuiltInGlobalOffset:              "GlobalOffset",
		spv.BuiltInGlobalLinearId:            "GlobalLinearId",
		spv.BuiltInSubgroupSize:              "SubgroupSize",
		spv.BuiltInSubgroupMaxSize:           "SubgroupMaxSize",
		spv.BuiltInNumSubgroups:              "NumSubgroups",
		spv.BuiltInNumEnqueuedSubgroups:      "NumEnqueuedSubgroups",
		spv.BuiltInSubgroupId:                "SubgroupId",
		spv.BuiltInSubgroupLocalInvocationId: "SubgroupLocalInvocationId",
		spv.BuiltInVertexIndex:               "gl_VertexIndex",
		spv.BuiltInInstanceIndex:             "gl_InstanceIndex",
		spv.BuiltInBaseInstance:              "gl_BaseInstance",
		spv.BuiltInSubgroupEqMask:            "SubgroupEqMaskKHR",
		spv.BuiltInSubgroupGeMask:            "SubgroupGeMaskKHR",
		spv.BuiltInSubgroupGtMask:            "SubgroupGtMaskKHR",
		spv.BuiltInSubgroupLeMask:            "SubgroupLeMaskKHR",
		spv.BuiltInSubgroupLtMask:            "SubgroupLtMaskKHR",
	}
})
