package sema

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Work-graph node shaders ([shader("node")] in a library): the checker
// resolves the node attributes of the entry and of its parameters into a
// NodeEntry (codegen reads it, never the raw attributes) and reports what
// DXC's front end rejects (DiagnoseNodeEntry in SemaHLSL), with DXC's
// words. DXC's SPIR-V support for node shaders is experimental: every
// node entry gets its warning saying so.

// NodeLaunch is a node's launch mode, [NodeLaunch("...")].
type NodeLaunch uint8

const (
	LaunchInvalid NodeLaunch = iota
	LaunchBroadcasting
	LaunchCoalescing
	LaunchThread
)

var launchNames = [...]string{"invalid", "broadcasting", "coalescing", "thread"}

func (l NodeLaunch) String() string { return launchNames[l] }

// NodeID is a node's name and array index: [NodeID("name", index)] on an
// entry or an output, [NodeShareInputOf("name", index)].
type NodeID struct {
	Name  string
	Index uint32
}

// NodeEntry is what a node shader's attributes say.
type NodeEntry struct {
	Launch     NodeLaunch
	NumThreads [3]uint32 // (1,1,1) when not given
	// ID is [NodeID]; nil when absent (the function's name, index 0).
	ID *NodeID
	// MaxRecursionDepth is [NodeMaxRecursionDepth(n)], -1 when absent.
	MaxRecursionDepth int64
	// ShareInputOf is [NodeShareInputOf(name[, index])], nil when absent.
	ShareInputOf *NodeID
	// DispatchGrid and MaxDispatchGrid are [NodeDispatchGrid(x,y,z)] and
	// [NodeMaxDispatchGrid(x,y,z)], nil when absent.
	DispatchGrid, MaxDispatchGrid *[3]uint32
	// Params holds the node inputs and outputs among the parameters.
	Params map[*Var]*NodeParam
}

// NodeParam is what the attributes of a node input or output say.
type NodeParam struct {
	// ID is [NodeID] on an output; nil: the parameter's name, index 0.
	ID *NodeID
	// MaxRecords is [MaxRecords(n)], -1 when absent.
	MaxRecords int64
	// SharedWith is the output [MaxRecordsSharedWith(name)] names.
	SharedWith *Var
	// Sparse: [AllowSparseNodes] or [UnboundedSparseNodes].
	Sparse bool
	// ArraySize is [NodeArraySize(n)] (-1 for [UnboundedSparseNodes]);
	// HasArraySize says whether either was given.
	ArraySize    int64
	HasArraySize bool
}

// NodeRecordInfo is what codegen needs to know of a struct used as a
// node record: the field carrying SV_DispatchGrid (the innermost struct
// holding it, as DXC decorates it) and [NodeTrackRWInputSharing].
type NodeRecordInfo struct {
	DispatchGridField   int // index in the struct's Fields (bases not counted); -1 when none
	TrackRWInputSharing bool
}

// NodeRecord returns what the checker recorded about struct st used as a
// node record (zero value, DispatchGridField -1, when nothing).
func (in *Info) NodeRecord(st *types.Type) NodeRecordInfo {
	if r, ok := in.NodeRecords[st.Canonical()]; ok {
		return r
	}
	return NodeRecordInfo{DispatchGridField: -1}
}

func (c *checker) nodeRecord(st *types.Type) NodeRecordInfo {
	if c.info.NodeRecords == nil {
		c.info.NodeRecords = map[*types.Type]NodeRecordInfo{}
	}
	return c.info.NodeRecord(st)
}

// attrArgString is a string literal argument of an attribute.
func attrArgString(a *ast.Attribute, i int) (string, bool) {
	if i >= len(a.Args) {
		return "", false
	}
	lit, ok := a.Args[i].(*ast.BasicLit)
	if !ok || lit.Kind != ast.StringLit {
		return "", false
	}
	return strings.Trim(lit.Value, `"`), true
}

func findAttr(attrs []*ast.Attribute, name string) *ast.Attribute {
	for _, a := range attrs {
		if a.Namespace == "" && strings.EqualFold(a.Name, name) {
			return a
		}
	}
	return nil
}

// attrInts evaluates the integer arguments of an attribute.
func (c *checker) attrInts(a *ast.Attribute) ([]int64, bool) {
	out := make([]int64, len(a.Args))
	for i, x := range a.Args {
		v, ok := c.constInt(x)
		if !ok {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// attrNodeID reads [NodeID("name"[, index])] or [NodeShareInputOf(...)].
func (c *checker) attrNodeID(a *ast.Attribute) *NodeID {
	name, ok := attrArgString(a, 0)
	if !ok {
		if len(a.Args) > 0 {
			c.errorf(NodeAttribute, a.Args[0].Pos(), "'%s' attribute requires a string", a.Name)
		}
		return nil
	}
	id := &NodeID{Name: name}
	if len(a.Args) > 1 {
		if v, ok := c.constInt(a.Args[1]); ok {
			id.Index = uint32(v)
		}
	}
	return id
}

// checkNodeEntry resolves and checks a [shader("node")] function.
func (c *checker) checkNodeEntry(f *Func, shaderAttr *ast.Attribute) {
	c.warnf(NodeExperimental, shaderAttr.Pos(), "SPIR-V implementation of node shaders is experimental and subject to change")
	d := f.Decl
	ne := &NodeEntry{Launch: LaunchBroadcasting, NumThreads: [3]uint32{1, 1, 1}, MaxRecursionDepth: -1, Params: map[*Var]*NodeParam{}}
	if c.info.Nodes == nil {
		c.info.Nodes = map[*Func]*NodeEntry{}
	}
	c.info.Nodes[f] = ne

	launchAttr := findAttr(d.Attrs, "NodeLaunch")
	var launchPos diag.Pos
	if launchAttr != nil {
		launchPos = launchAttr.Pos()
		name, ok := attrArgString(launchAttr, 0)
		switch {
		case !ok:
			c.errorf(NodeAttribute, launchAttr.Pos(), "'NodeLaunch' attribute requires a string")
			ne.Launch = LaunchInvalid
		case name == "broadcasting":
			ne.Launch = LaunchBroadcasting
		case name == "coalescing":
			ne.Launch = LaunchCoalescing
		case name == "thread":
			ne.Launch = LaunchThread
		default:
			c.errorf(NodeAttribute, launchAttr.Args[0].Pos(), "attribute NodeLaunch must have one of these values: broadcasting,coalescing,thread")
			ne.Launch = LaunchInvalid
		}
	}
	launchNote := func(d *diag.Diagnostic) {
		if launchPos.IsValid() {
			d.Notes = append(d.Notes, diag.Diagnostic{Severity: diag.Note, Pos: launchPos, Msg: "Launch type defined here"})
		}
	}
	report := func(p diag.Pos, note func(*diag.Diagnostic), format string, args ...any) {
		dg := diag.Diagnostic{Severity: diag.Error, Code: NodeAttribute, Pos: p, Msg: fmt.Sprintf(format, args...)}
		if note != nil {
			note(&dg)
		}
		c.diags.Add(dg)
	}

	nt := findAttr(d.Attrs, "numthreads")
	if nt != nil {
		if v, ok := c.attrInts(nt); ok && len(v) == 3 {
			ne.NumThreads = [3]uint32{uint32(v[0]), uint32(v[1]), uint32(v[2])}
		}
	}
	if ne.Launch == LaunchThread {
		if nt != nil && ne.NumThreads != [3]uint32{1, 1, 1} {
			report(nt.Pos(), launchNote, "Thread launch nodes must have a thread group size of (1,1,1)")
		}
	} else if nt == nil {
		c.errorf(NodeAttribute, f.pos, "Node shader '%s' with %s launch type requires 'numthreads' attribute", f.name, ne.Launch)
	}

	if a := findAttr(d.Attrs, "NodeID"); a != nil {
		ne.ID = c.attrNodeID(a)
	}
	if a := findAttr(d.Attrs, "NodeShareInputOf"); a != nil {
		ne.ShareInputOf = c.attrNodeID(a)
	}
	if a := findAttr(d.Attrs, "NodeMaxRecursionDepth"); a != nil {
		if v, ok := c.attrInts(a); ok && len(v) == 1 {
			if v[0] > 32 {
				c.errorf(NodeAttribute, a.Pos(), "NodeMaxRecursionDepth may not exceed 32")
			}
			ne.MaxRecursionDepth = v[0]
		}
	}
	grid := func(a *ast.Attribute) *[3]uint32 {
		v, ok := c.attrInts(a)
		if !ok || len(v) != 3 {
			return nil
		}
		for i, n := range v {
			if n < 1 || n > 65535 {
				c.errorf(NodeAttribute, a.Args[i].Pos(), "%s %s component value must be between 1 and 65,535 (2^16-1) inclusive", a.Name, "XYZ"[i:i+1])
			}
		}
		return &[3]uint32{uint32(v[0]), uint32(v[1]), uint32(v[2])}
	}
	dg, mdg := findAttr(d.Attrs, "NodeDispatchGrid"), findAttr(d.Attrs, "NodeMaxDispatchGrid")
	if dg != nil {
		ne.DispatchGrid = grid(dg)
	}
	if mdg != nil {
		ne.MaxDispatchGrid = grid(mdg)
	}
	if ne.Launch != LaunchBroadcasting {
		for _, a := range []*ast.Attribute{dg, mdg} {
			if a != nil && ne.Launch != LaunchInvalid {
				report(a.Pos(), launchNote, "'%s' may only be used with broadcasting nodes", a.Name)
			}
		}
	} else {
		if dg == nil && mdg == nil {
			c.errorf(NodeAttribute, f.pos, "Broadcasting node shader '%s' must have either the NodeDispatchGrid or NodeMaxDispatchGrid attribute", f.name)
		}
		if dg != nil && mdg != nil {
			report(mdg.Pos(), func(d *diag.Diagnostic) {
				d.Notes = append(d.Notes, diag.Diagnostic{Severity: diag.Note, Pos: dg.Pos(), Msg: dg.Name + " defined here"})
			}, "Node shader '%s' may not use both '%s' and '%s'", f.name, mdg.Name, dg.Name)
		}
	}
	if f.Result != nil && !f.Result.IsVoid() {
		c.errorf(NodeAttribute, f.pos, "return type for 'node' shaders must be void")
	}

	inputs, found := 0, false
	for i, p := range f.Params {
		if i >= len(d.Params) {
			break
		}
		pd := d.Params[i]
		pt := p.typ.Canonical()
		o := pt.Object()
		if pt.IsArray() && pt.Elem().Canonical().Object().IsNode() {
			eo := pt.Elem().Canonical().Object()
			dg := diag.Diagnostic{Severity: diag.Error, Code: NodeAttribute, Pos: p.pos,
				Msg: fmt.Sprintf("entry parameter of type %s may not be an array", types.Quote(p.typ))}
			if eo == types.NodeOutput || eo == types.EmptyNodeOutput {
				dg.Notes = append(dg.Notes, diag.Diagnostic{Severity: diag.Note, Pos: p.pos,
					Msg: fmt.Sprintf("'%s' cannot be used as an array; did you mean '%sArray'?", eo, eo)})
			}
			c.diags.Add(dg)
			continue
		}
		maxRec := findAttr(pd.Attrs, "MaxRecords")
		shared := findAttr(pd.Attrs, "MaxRecordsSharedWith")
		sparse := findAttr(pd.Attrs, "AllowSparseNodes")
		arraySize := findAttr(pd.Attrs, "NodeArraySize")
		unbounded := findAttr(pd.Attrs, "UnboundedSparseNodes")
		if !pt.IsObject() || !o.IsNode() {
			if maxRec != nil {
				c.errorf(NodeAttribute, maxRec.Pos(), "attribute MaxRecords may only be used with output nodes or input record objects")
			}
			for _, a := range []*ast.Attribute{shared, sparse, arraySize, unbounded} {
				if a != nil {
					c.errorf(NodeAttribute, a.Pos(), "attribute %s may only be used with output nodes", a.Name)
				}
			}
			c.checkNodeSystemValue(ne.Launch, p, pd)
			continue
		}
		np := &NodeParam{MaxRecords: -1}
		ne.Params[p] = np
		if maxRec != nil {
			if v, ok := c.attrInts(maxRec); ok && len(v) == 1 {
				np.MaxRecords = v[0]
			}
		}
		if a := findAttr(pd.Attrs, "NodeID"); a != nil {
			np.ID = c.attrNodeID(a)
		}
		if o.IsNodeInput() {
			inputs++
			if ne.Launch != LaunchInvalid && !nodeInputFits(o, ne.Launch) {
				allowed := [...]string{"", "DispatchNodeInputRecord or RWDispatchNodeInputRecord",
					"GroupNodeInputRecords, RWGroupNodeInputRecords, or EmptyNodeInput",
					"ThreadNodeInputRecord or RWThreadNodeInputRecord"}[ne.Launch]
				report(p.pos, launchNote, "'%s' may not be used with %s nodes (only %s)", o, ne.Launch, allowed)
			}
			if inputs > 1 {
				c.errorf(NodeAttribute, p.pos, "Node shader '%s' may not have more than one input record", f.name)
			}
			if maxRec != nil && ne.Launch != LaunchCoalescing {
				c.errorf(NodeAttribute, maxRec.Pos(), "attribute MaxRecords must only be used with node outputs or coalescing launch inputs")
			}
			for _, a := range []*ast.Attribute{shared, sparse, arraySize, unbounded} {
				if a != nil {
					c.errorf(NodeAttribute, a.Pos(), "attribute %s may only be used with output nodes", a.Name)
				}
			}
			if st := pt.Elem(); st != nil && st.Canonical().IsStruct() {
				rec := c.nodeRecord(st)
				if c.recordHasTrackRWInputSharing(st) {
					if o != types.RWDispatchNodeInputRecord {
						c.errorf(NodeAttribute, p.pos, "NodeTrackRWInputSharing attribute cannot be applied to Input Records that are not RWDispatchNodeInputRecord")
					}
				}
				// DXC checks the SV_DispatchGrid field of a broadcasting
				// node's input; codegen decorates it on any input record
				c.dispatchGridField(st, p.pos, &found, ne.Launch == LaunchBroadcasting, true)
				_ = rec
			}
			continue
		}
		// outputs
		if o.NodeFlags()&types.NodeArrayOut == 0 {
			for _, a := range []*ast.Attribute{arraySize, unbounded} {
				if a != nil {
					c.errorf(NodeAttribute, a.Pos(), "attribute %s may only be used with node output arrays (NodeOutputArray or EmptyNodeOutputArray)", a.Name)
				}
			}
		}
		np.Sparse = sparse != nil || unbounded != nil
		if arraySize != nil {
			if v, ok := c.attrInts(arraySize); ok && len(v) == 1 {
				np.ArraySize, np.HasArraySize = v[0], true
				if unbounded != nil && v[0] != -1 {
					report(arraySize.Pos(), func(d *diag.Diagnostic) {
						d.Notes = append(d.Notes, diag.Diagnostic{Severity: diag.Note, Pos: unbounded.Pos(), Msg: "conflicting attribute is here"})
					}, "[NodeArraySize(%d)] conflict: [UnboundedSparseNodes] implies [NodeArraySize(-1)]", v[0])
				}
			}
		} else if unbounded != nil {
			np.ArraySize, np.HasArraySize = -1, true
		}
		if shared != nil {
			np.SharedWith = c.sharedWithTarget(f, p, shared)
		}
		if st := pt.Elem(); st != nil && st.Canonical().IsStruct() {
			c.dispatchGridField(st, p.pos, new(bool), true, false)
		}
	}
	if ne.Launch == LaunchBroadcasting && mdg != nil && !found {
		c.errorf(NodeAttribute, f.pos, "Broadcasting node shader '%s' with NodeMaxDispatchGrid attribute must declare an input record containing a field with SV_DispatchGrid semantic", f.name)
	}
}

// nodeInputFits reports whether an input kind suits the launch mode.
func nodeInputFits(o types.Object, l NodeLaunch) bool {
	switch l {
	case LaunchBroadcasting:
		return o == types.DispatchNodeInputRecord || o == types.RWDispatchNodeInputRecord
	case LaunchCoalescing:
		return o == types.GroupNodeInputRecords || o == types.RWGroupNodeInputRecords || o == types.EmptyNodeInput
	case LaunchThread:
		return o == types.ThreadNodeInputRecord || o == types.RWThreadNodeInputRecord
	}
	return true
}

// checkNodeSystemValue: thread launch nodes take no system values,
// coalescing ones only SV_GroupIndex and SV_GroupThreadID.
func (c *checker) checkNodeSystemValue(l NodeLaunch, p *Var, pd *ast.Param) {
	s := semanticName(pd.Semantics)
	if s == nil {
		return
	}
	sem := s.Name
	up := strings.ToUpper(sem)
	if !strings.HasPrefix(up, "SV_") {
		return
	}
	switch l {
	case LaunchThread:
		c.errorf(NodeAttribute, p.pos, "Invalid system value semantic '%s' for launchtype 'Thread'", sem)
	case LaunchCoalescing:
		if up != "SV_GROUPINDEX" && up != "SV_GROUPTHREADID" {
			c.errorf(NodeAttribute, p.pos, "Invalid system value semantic '%s' for launchtype 'Coalescing'", sem)
		}
	}
}

// sharedWithTarget resolves [MaxRecordsSharedWith(name)]: another output
// parameter of the same node.
func (c *checker) sharedWithTarget(f *Func, p *Var, a *ast.Attribute) *Var {
	name := ""
	if len(a.Args) == 1 {
		if ne, ok := a.Args[0].(*ast.NameExpr); ok {
			name = ne.Name
		}
	}
	if name == p.name {
		c.errorf(NodeAttribute, a.Pos(), "attribute MaxRecordsSharedWith must not reference the same parameter it is applied to.")
		return nil
	}
	for _, q := range f.Params {
		if q.name == name && q != p && q.typ.Canonical().Object().IsNodeOutput() {
			return q
		}
	}
	c.errorf(NodeAttribute, a.Pos(), "attribute MaxRecordsSharedWith must reference a valid output parameter name.")
	return nil
}

// recordHasTrackRWInputSharing reads [NodeTrackRWInputSharing] on a
// record struct and records it for codegen.
func (c *checker) recordHasTrackRWInputSharing(st *types.Type) bool {
	nd := st.Canonical().Named()
	sd, ok := nd.Decl.(*ast.StructDecl)
	if !ok || findAttr(sd.Attrs, "NodeTrackRWInputSharing") == nil {
		return false
	}
	rec := c.nodeRecord(st)
	rec.TrackRWInputSharing = true
	c.info.NodeRecords[st.Canonical()] = rec
	return true
}

// dispatchGridField finds the first SV_DispatchGrid field of a record
// (bases first, then fields, nested structs included); check: reports a
// field type DXC rejects; record: records the field on the struct that
// declares it, for codegen's PayloadDispatchIndirectAMDX.
func (c *checker) dispatchGridField(st *types.Type, recordPos diag.Pos, found *bool, check, record bool) {
	nd := st.Canonical().Named()
	if nd == nil {
		return
	}
	if nd.Base != nil && nd.Base.Canonical().IsStruct() {
		c.dispatchGridField(nd.Base, recordPos, found, check, record)
	}
	for i, fl := range nd.Fields {
		vd, _ := fl.Decl.(*ast.VarDecl)
		if vd != nil {
			if sem := semanticName(vd.Semantics); sem != nil && strings.EqualFold(sem.Name, "SV_DispatchGrid") && !*found {
				*found = true
				ft := fl.Type.Canonical()
				elem, n := ft, int64(1)
				switch {
				case ft.IsVector():
					elem, n = types.ScalarType(ft.Scalar()), int64(ft.VecSize())
				case ft.IsArray() && ft.Len() > 0:
					elem, n = ft.Elem().Canonical(), ft.Len()
				}
				if check && (n > 3 || elem.Kind() != types.Basic || (elem.Scalar() != types.Uint && elem.Scalar() != types.Uint16)) {
					c.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: NodeAttribute, Pos: semanticNamePos(sem),
						Msg:   fmt.Sprintf("SV_DispatchGrid can only be applied to a declaration of unsigned 32 or 16-bit integer scalar, vector, or array up to 3 elements, not %s", types.Quote(fl.Type)),
						Notes: []diag.Diagnostic{{Severity: diag.Note, Pos: recordPos, Msg: "NodeInput/Output record defined here"}}})
				}
				if record {
					rec := c.nodeRecord(st)
					rec.DispatchGridField = i
					c.info.NodeRecords[st.Canonical()] = rec
				}
			}
		}
		if ft := fl.Type.Canonical(); ft.IsStruct() {
			c.dispatchGridField(ft, recordPos, found, check, record)
		}
	}
}
