package types

// Work-graph node objects (shader model 6.8). A node shader's parameters
// are its input (at most one: a record, a record array or EmptyNodeInput)
// and its outputs (NodeOutput<T>, NodeOutputArray<T> and their empty
// forms); GetThreadNodeOutputRecords and GetGroupNodeOutputRecords
// allocate output records from an output. The flags follow DXIL's
// NodeIOFlags: what matters to the checker and to codegen is the
// direction, whether records are writable, whether the object holds
// several records (indexable, with a Count), and whether it has records
// at all.

// NodeFlags describe a node object kind.
type NodeFlags uint8

const (
	NodeInput     NodeFlags = 1 << iota // a node input (the entry's input record)
	NodeOutputDir                       // a node output or output records
	NodeReadWrite                       // records may be written (RW inputs, outputs)
	NodeEmpty                           // no record data (EmptyNodeInput, EmptyNodeOutput*)
	NodeArrayOut                        // an array of outputs (NodeOutputArray, EmptyNodeOutputArray)
	NodeRecords                         // several records: Get(i), [i] and Count()
	NodeDispatch                        // a DispatchNodeInputRecord (broadcasting launch)
	NodeAllocated                       // output records allocated by Get*NodeOutputRecords
)

// nodeFlags is indexed by Object: static data (as a map it was built at
// every process start).
var nodeFlags = [NumObjects]NodeFlags{
	DispatchNodeInputRecord:   NodeInput | NodeDispatch,
	RWDispatchNodeInputRecord: NodeInput | NodeDispatch | NodeReadWrite,
	GroupNodeInputRecords:     NodeInput | NodeRecords,
	RWGroupNodeInputRecords:   NodeInput | NodeRecords | NodeReadWrite,
	ThreadNodeInputRecord:     NodeInput,
	RWThreadNodeInputRecord:   NodeInput | NodeReadWrite,
	EmptyNodeInput:            NodeInput | NodeEmpty | NodeRecords,
	NodeOutput:                NodeOutputDir | NodeReadWrite,
	NodeOutputArray:           NodeOutputDir | NodeReadWrite | NodeArrayOut,
	EmptyNodeOutput:           NodeOutputDir | NodeEmpty,
	EmptyNodeOutputArray:      NodeOutputDir | NodeEmpty | NodeArrayOut,
	ThreadNodeOutputRecords:   NodeOutputDir | NodeReadWrite | NodeRecords | NodeAllocated,
	GroupNodeOutputRecords:    NodeOutputDir | NodeReadWrite | NodeRecords | NodeAllocated,
}

// NodeFlags returns the flags of a node object kind (0 for other kinds).
func (o Object) NodeFlags() NodeFlags {
	if o < NumObjects {
		return nodeFlags[o]
	}
	return 0
}

// IsNode reports a work-graph node object kind.
func (o Object) IsNode() bool { return o.Class() == ClassNode }

// IsNodeInput reports a node input kind (records or EmptyNodeInput).
func (o Object) IsNodeInput() bool { return o.NodeFlags()&NodeInput != 0 }

// IsNodeOutput reports a node output (NodeOutput, NodeOutputArray and the
// empty forms), not the output records allocated from one.
func (o Object) IsNodeOutput() bool {
	f := o.NodeFlags()
	return f&NodeOutputDir != 0 && f&NodeAllocated == 0
}

// IsNodeRecord reports an object that holds record data: an input record
// (or records) or allocated output records. Their Get() and [i] reach the
// records; Barrier accepts them as its memory argument.
func (o Object) IsNodeRecord() bool {
	f := o.NodeFlags()
	return f != 0 && f&NodeEmpty == 0 && (f&NodeInput != 0 || f&NodeAllocated != 0)
}

// NodeOutputElem is what indexing a node output array gives: NodeOutput
// for NodeOutputArray, EmptyNodeOutput for EmptyNodeOutputArray.
func (o Object) NodeOutputElem() Object {
	switch o {
	case NodeOutputArray:
		return NodeOutput
	case EmptyNodeOutputArray:
		return EmptyNodeOutput
	}
	return NoObject
}
