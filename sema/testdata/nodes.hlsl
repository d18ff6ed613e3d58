// CONFIG: -T lib_6_8
// Work-graph node entries: DXC's front-end rules on launch types, their
// attributes, node inputs and outputs, and node record element types.

struct R { uint a; };

[Shader /* WARNING "SPIR-V implementation of node shaders is experimental and subject to change" */ ("node")]
[NodeLaunch("thread")]
void thread(ThreadNodeInputRecord<R> input, NodeOutput<R> o) {
  R r = input.Get();
  input.Get().a = /* ERROR "expression is not assignable" */ 1;
  ThreadNodeOutputRecords<R> recs = o.GetThreadNodeOutputRecords(1);
  recs.Get().a = r.a;
  recs.OutputComplete();
  input.Count /* ERROR "no member named 'Count' in 'ThreadNodeInputRecord<R>'" */ ();
}

[Shader /* WARNING "SPIR-V implementation of node shaders is experimental and subject to change" */ ("node")]
[NodeLaunch("coalescing")]
[NumThreads(4, 1, 1)]
void batch([MaxRecords(4)] RWGroupNodeInputRecords<R> inputs, NodeOutputArray<R> outs) {
  inputs[inputs.Count() - 1].a = inputs.Get(0).a;
  bool valid = outs[1].IsValid();
}

[Shader /* WARNING "SPIR-V implementation of node shaders is experimental and subject to change" */ ("node")]
[NodeLaunch("broadcasting")]
[NumThreads(4, 1, 1)]
void grid /* ERROR "Broadcasting node shader 'grid' must have either the NodeDispatchGrid or NodeMaxDispatchGrid attribute" */ () {}

[Shader /* WARNING "SPIR-V implementation of node shaders is experimental and subject to change" */ ("node")]
[NodeLaunch("thread")]
void records(ThreadNodeInputRecord /* ERROR "'float' is not valid as a node record type - struct/class required" */ <float> f) {}
