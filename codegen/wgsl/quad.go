package wgsl

import (
	"fmt"
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Derivatives and quad operations of compute shaders. A compute entry
// point with DerivativeGroupQuadsKHR or DerivativeGroupLinearKHR (DXC adds
// them for ddx, Sample and Quad* in compute shaders) groups its
// invocations in quads by local invocation id: 2x2 in x and y, or four
// consecutive local invocation indices. WGSL has no derivatives in
// compute shaders, and its quad operations group subgroup lanes, which
// WebGPU does not tie to local invocation ids. So the values cross the
// quad through workgroup memory: each invocation stores its value at its
// local invocation index, a barrier, each reads its quad's lanes, a
// barrier (before the memory is used again). Barriers need uniform
// control flow: the instruction must be in the entry function, outside
// every selection and loop, in a function no invocation leaves early.

// quadGroup is the derivative group of the module's compute entry points.
type quadGroup struct {
	mode spv.ExecutionMode // 0 when no compute entry point has one
	size [3]uint32         // the workgroup size
	fns  map[builder.ID]bool
	// index is the private variable holding the local invocation index
	// (filled by the entry point wrappers), "" until needed.
	index   string
	scratch map[string]string // workgroup arrays by element type
}

// analyzeDerivativeGroups finds the compute entry points' derivative
// groups; entry points with different ones are refused.
func (t *translator) analyzeDerivativeGroups(entries []*builder.Inst) {
	t.quads = quadGroup{fns: map[builder.ID]bool{}, scratch: map[string]string{}}
	for _, ep := range entries {
		if spv.ExecutionModel(ep.Operands[0].Word) != spv.ExecutionModelGLCompute {
			continue
		}
		fn := ep.Operands[1].ID()
		for _, em := range t.m.ExecutionModes {
			if len(em.Operands) < 2 || em.Operands[0].ID() != fn {
				continue
			}
			mode := spv.ExecutionMode(em.Operands[1].Word)
			if mode != spv.ExecutionModeDerivativeGroupQuadsKHR && mode != spv.ExecutionModeDerivativeGroupLinearKHR {
				continue
			}
			t.cur = em
			var size [3]uint32
			for i, s := range t.workgroupSize(ep) {
				n, err := strconv.ParseUint(s, 10, 32)
				if err != nil {
					t.unsupported("a derivative group in a workgroup whose size is specialized")
				}
				size[i] = uint32(n)
			}
			if t.quads.mode != 0 && (t.quads.mode != mode || t.quads.size != size) {
				t.unsupported("compute entry points with different derivative groups")
			}
			if mode == spv.ExecutionModeDerivativeGroupQuadsKHR && (size[0]%2 != 0 || size[1]%2 != 0) {
				t.fail("DerivativeGroupQuadsKHR in a workgroup of odd width or height")
			}
			if mode == spv.ExecutionModeDerivativeGroupLinearKHR && size[0]*size[1]*size[2]%4 != 0 {
				t.fail("DerivativeGroupLinearKHR in a workgroup whose size is not a multiple of 4")
			}
			t.quads.mode, t.quads.size = mode, size
			t.quads.fns[fn] = true
		}
	}
	t.cur = nil
}

// inQuadGroup reports whether the function's quads are those of a
// compute derivative group (else derivatives and quad operations are
// WGSL's own).
func (fs *funcState) inQuadGroup() bool {
	if fs.t.quads.mode == 0 {
		return false
	}
	if fs.t.quads.fns[fs.f.Def.Result] {
		return true
	}
	if fs.t.funcStages[fs.f.Def.Result][spv.ExecutionModelGLCompute] {
		fs.t.unsupported("a derivative or quad operation of a compute shader outside its entry function (WGSL exchanges the values through workgroup memory, behind barriers that need uniform control flow)")
	}
	return false
}

// refuseComputeDerivatives refuses a derivative (what) in a function a
// compute shader without a derivative group calls: WGSL has derivatives in
// fragment shaders only.
func (fs *funcState) refuseComputeDerivatives(what string) {
	if fs.t.funcStages[fs.f.Def.Result][spv.ExecutionModelGLCompute] {
		fs.t.unsupported("%s in a compute shader without a derivative group (DerivativeGroupQuadsKHR or LinearKHR)", what)
	}
}

// quadLanes emits the exchange of value v (of WGSL type typ) across the
// quad and returns a let holding read(lane), where lane(k) reads lane k's
// value and q is this invocation's lane.
func (fs *funcState) quadLanes(in *builder.Inst, v expr, typ string, out *[]stmt, read func(lane func(k expr) expr, q expr) expr) expr {
	t := fs.t
	fs.checkQuadUniform(in)
	li := t.quadIndexVar()
	s := t.quads.scratch[typ]
	if s == "" {
		s = t.names.uniqueGlobal("quad_exchange")
		t.quads.scratch[typ] = s
		n := t.quads.size[0] * t.quads.size[1] * t.quads.size[2]
		t.decls = append(t.decls, fmt.Sprintf("var<workgroup> %s : array<%s, %d>;\n", s, typ, n))
	}
	index, lane := t.quadHelpers()
	*out = append(*out, sLine{fmt.Sprintf("%s[%s] = %s;", s, li, v.text)}, sLine{"workgroupBarrier();"})
	r := read(func(k expr) expr { return primary(fmt.Sprintf("%s[%s(%s)]", s, index, k.text)) }, call(lane))
	name := t.names.unique("quad")
	*out = append(*out, sLine{fmt.Sprintf("let %s : %s = %s;", name, typ, r.text)}, sLine{"workgroupBarrier();"})
	return primary(name)
}

// checkQuadUniform refuses an exchange its barriers cannot reach
// uniformly: in a selection or loop, or after an early exit.
func (fs *funcState) checkQuadUniform(in *builder.Inst) {
	if !fs.reachedByAll(in) {
		fs.t.unsupported("a derivative or quad operation of a compute shader under non-uniform control flow (WGSL exchanges the values through workgroup memory, behind barriers that need uniform control flow)")
	}
}

// reachedByAll reports whether every invocation of a compute entry point
// reaches instruction in exactly once, as a WGSL barrier there needs: it
// is in a compute entry function, outside every selection and loop, and
// no invocation leaves the function early.
func (fs *funcState) reachedByAll(in *builder.Inst) bool {
	t := fs.t
	eps := t.entryFuncs[fs.f.Def.Result]
	if len(eps) == 0 || in.Block == nil {
		return false
	}
	for _, ep := range eps {
		if spv.ExecutionModel(ep.Operands[0].Word) != spv.ExecutionModelGLCompute {
			return false
		}
	}
	if c := fs.innermost(fs.cfg.Index(in.Block.Label)); c != nil && c.Parent != nil {
		return false
	}
	for i, b := range fs.cfg.Blocks {
		if !fs.cfg.Reachable(int32(i)) || b.Terminator() == nil {
			continue
		}
		switch b.Terminator().Op {
		case spv.OpReturn, spv.OpReturnValue, spv.OpKill, spv.OpTerminateInvocation, spv.OpUnreachable:
			if c := fs.innermost(int32(i)); c != nil && c.Parent != nil {
				return false
			}
		}
	}
	return true
}

// quadIndexVar returns the private variable the compute entry point
// wrappers fill with the local invocation index.
func (t *translator) quadIndexVar() string {
	if t.quads.index == "" {
		t.quads.index = t.names.uniqueGlobal("local_index")
		t.decls = append(t.decls, fmt.Sprintf("var<private> %s : u32;\n", t.quads.index))
	}
	return t.quads.index
}

// quadHelpers declares the functions giving the local invocation index of
// lane k of this invocation's quad, and this invocation's lane (x in bit
// 0, y in bit 1).
func (t *translator) quadHelpers() (index, lane string) {
	li := t.quadIndexVar()
	if t.quads.mode == spv.ExecutionModeDerivativeGroupLinearKHR {
		lane = t.helper("quad_lane", fmt.Sprintf("() -> u32 {\n  return %s & 3u;\n}\n", li))
		index = t.helper("quad_index", fmt.Sprintf("(k : u32) -> u32 {\n  return (%s & ~3u) + k;\n}\n", li))
		return index, lane
	}
	w := t.quads.size[0]
	lane = t.helper("quad_lane", fmt.Sprintf("() -> u32 {\n  return ((%s %% %du) & 1u) | (((%s / %du) & 1u) << 1u);\n}\n", li, w, li, w))
	index = t.helper("quad_index", fmt.Sprintf("(k : u32) -> u32 {\n  let q = %s();\n  return %s - (q & 1u) - (q >> 1u) * %du + (k & 1u) + (k >> 1u) * %du;\n}\n", lane, li, w, w))
	return index, lane
}

// quadDerivative computes a derivative of value v across the quad: fine
// ones within this invocation's row or column, coarse ones from lane 0's.
func (fs *funcState) quadDerivative(in *builder.Inst, op spv.Op, v expr, typ string, out *[]stmt) expr {
	u := func(n int) expr { return primary(fmt.Sprintf("%du", n)) }
	return fs.quadLanes(in, v, typ, out, func(lane func(k expr) expr, q expr) expr {
		dx := func(coarse bool) expr {
			if coarse {
				return binary("-", lane(u(1)), lane(u(0)))
			}
			row := binary("&", q, u(2))
			return binary("-", lane(binary("+", row, u(1))), lane(row))
		}
		dy := func(coarse bool) expr {
			if coarse {
				return binary("-", lane(u(2)), lane(u(0)))
			}
			col := binary("&", q, u(1))
			return binary("-", lane(binary("+", col, u(2))), lane(col))
		}
		switch op {
		case spv.OpDPdx, spv.OpDPdxFine, spv.OpDPdxCoarse:
			return dx(op == spv.OpDPdxCoarse)
		case spv.OpDPdy, spv.OpDPdyFine, spv.OpDPdyCoarse:
			return dy(op == spv.OpDPdyCoarse)
		}
		coarse := op == spv.OpFwidthCoarse
		return binary("+", call("abs", dx(coarse)), call("abs", dy(coarse)))
	})
}

// quadOp translates a quad operation of a derivative group.
func (fs *funcState) quadOp(in *builder.Inst, v expr, out *[]stmt) expr {
	t := fs.t
	typ := t.typ(in.Type).text
	u := func(n uint64) expr { return primary(fmt.Sprintf("%du", n)) }
	return fs.quadLanes(in, v, typ, out, func(lane func(k expr) expr, q expr) expr {
		switch in.Op {
		case spv.OpGroupNonUniformQuadBroadcast:
			if c, ok := t.constUint(t.operandID(in, 2)); ok {
				return lane(u(c & 3)) // lanes past 3 give undefined results
			}
			// A lane chosen at run time (dynamically uniform, as SPIR-V
			// requires).
			k := t.shiftAmount(fs.value(t.operandID(in, 2)), t.typeOfValue(t.operandID(in, 2)))
			return lane(binary("&", k, u(3)))
		case spv.OpGroupNonUniformQuadSwap:
			c, ok := t.constUint(t.operandID(in, 2))
			if !ok || c > 2 {
				t.fail("quad swap direction %d", c)
			}
			return lane(binary("^", q, u(c+1)))
		case spv.OpGroupNonUniformQuadAnyKHR, spv.OpGroupNonUniformQuadAllKHR:
			op := "||"
			if in.Op == spv.OpGroupNonUniformQuadAllKHR {
				op = "&&"
			}
			e := lane(u(0))
			for k := uint64(1); k < 4; k++ {
				e = binary(op, e, lane(u(k)))
			}
			return e
		}
		t.fail("%s is not a quad operation", in.Op)
		return expr{}
	})
}
