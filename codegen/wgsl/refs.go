package wgsl

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// SPIR-V pointers become WGSL references: the text of a variable, a
// dereferenced pointer parameter, or an access into them. Access chains
// are never materialised (WGSL has no pointer variables to hoist them
// into); every use of one re-spells it from immutable values, so the index
// values it uses count as used wherever the pointer is used (see
// funcState.effectiveUses).
//
// A reference into memory whose form differs from the value form (see
// layout.go) may not be a plain WGSL reference: a split vector is a list
// of scalar members, a column of a transposed matrix is a strided set of
// components. Those are loaded and stored component by component.

type refKind uint8

const (
	refPlain     refKind = iota
	refSplit             // a vector stored as scalar members: comps
	refTransCol          // column col of a matrix stored transposed: base
	refDynSplit          // a component of a split vector at a run-time index (loads only)
	refHandle            // a texture or sampler (or a pointer to one): its slots
	refFuncParam         // unused
	refEmpty             // an empty struct in host-shareable memory: no bytes
	refRaw               // into a buffer declared as words (raw.go): text, off, lay
	refDescPart          // part of a multi-dimensional descriptor array: global, descIdx
)

type ref struct {
	kind    refKind
	text    expr // plain: the reference; refTransCol: the stored matrix
	pointee builder.ID
	sc      spv.StorageClass
	// mem is the memory form here (nil in a refTransCol: its components
	// are plain scalars).
	mem   *mtype
	comps []expr // refSplit, refDynSplit
	col   expr   // refTransCol: the column index; refDynSplit: the component index
	// colWrapped: the transposed matrix's stored vectors are wrapped.
	colWrapped bool
	// root is the variable the reference is into (0 through a pointer
	// parameter).
	root builder.ID
	// storageVar is the global of a buffer reference (for its access mode).
	global *global
	// refRaw: the byte offset and layout in the buffer of words.
	off offExpr
	lay rawLay
	// refDescPart: the indices given so far.
	descIdx []builder.ID
}

// globalRef is the reference of a module-scope variable.
func (t *translator) globalRef(g *global) *ref {
	if g.bytesless {
		return &ref{kind: refEmpty, pointee: g.pointee, sc: g.sc, root: g.id, global: g}
	}
	if g.raw != nil {
		return t.rawRef(g, g.name)
	}
	return &ref{kind: refPlain, text: primary(g.name), pointee: g.pointee, sc: g.sc, mem: g.mem, root: g.id, global: g}
}

// accessChain steps base through the access chain's indices.
func (fs *funcState) accessChain(base *ref, indices []builder.Operand) *ref {
	t := fs.t
	r := *base
	if g := r.global; g != nil && g.arr != nil && (r.kind == refDescPart || r.root == g.id && r.text.text == g.name) {
		// The first indices choose an element of a descriptor array (a
		// chain may give some, and a chain on it the rest).
		a := g.arr
		idx := append([]builder.ID(nil), r.descIdx...)
		for _, o := range indices {
			if len(idx) == len(a.dims) {
				break
			}
			idx = append(idx, o.ID())
		}
		indices = indices[len(idx)-len(r.descIdx):]
		if len(idx) < len(a.dims) {
			p := *base
			p.kind, p.descIdx = refDescPart, idx
			return &p
		}
		name := fs.element(g, idx, func(e *global) string { return e.name })
		first := g.elems[a.used[0]]
		r = ref{kind: refPlain, text: primary(name), pointee: a.elemType, sc: g.sc, mem: first.mem, root: g.id, global: first}
		if first.raw != nil {
			r = *t.rawRef(first, name)
		}
	}
	if r.kind == refRaw {
		for _, o := range indices {
			fs.rawStep(&r, o.ID())
		}
		return &r
	}
	for _, o := range indices {
		idx := o.ID()
		v := t.typ(r.pointee)
		switch r.kind {
		case refSplit:
			if !v.isVector() {
				t.fail("an index into a split vector's component")
			}
			if c, ok := t.constUint(idx); ok {
				if int(c) >= len(r.comps) {
					t.fail("vector index %d out of range", c)
				}
				r = ref{kind: refPlain, text: r.comps[c], pointee: v.elem, sc: r.sc, mem: t.memType(v.elem, layoutCtx{host: true}), root: r.root, global: r.global}
			} else {
				r = ref{kind: refDynSplit, comps: r.comps, col: fs.value(idx), pointee: v.elem, sc: r.sc, root: r.root, global: r.global}
			}
			continue
		case refTransCol:
			// Component row of column col: stored vector row, component col.
			row := fs.indexExpr(idx)
			s := postfix(r.text, "["+row.text+"]")
			if r.colWrapped {
				s = postfix(s, ".el")
			}
			r = ref{kind: refPlain, text: postfix(s, "["+r.col.text+"]"), pointee: v.elem, sc: r.sc,
				mem: t.memType(v.elem, layoutCtx{host: true}), root: r.root, global: r.global}
			continue
		case refDynSplit:
			t.fail("an index into a scalar")
		case refEmpty:
			r.pointee = t.stepType(r.pointee, idx)
			continue
		}
		m := r.mem
		switch v.op {
		case spv.OpTypeStruct:
			c, ok := t.constUint(idx)
			if !ok || int(c) >= len(v.members) {
				t.fail("struct index %%%d is not a constant member number", idx)
			}
			mm := m.members[c]
			if mm.empty {
				r = ref{kind: refEmpty, pointee: v.members[c], sc: r.sc, root: r.root, global: r.global}
				continue
			}
			if mm.split != nil {
				var comps []expr
				for _, cn := range mm.split {
					comps = append(comps, postfix(r.text, "."+cn))
				}
				r = ref{kind: refSplit, comps: comps, pointee: v.members[c], sc: r.sc, root: r.root, global: r.global}
				continue
			}
			r.text = postfix(r.text, "."+mm.name)
			r.pointee, r.mem = v.members[c], mm.mem
		case spv.OpTypeArray, spv.OpTypeRuntimeArray:
			r.text = postfix(r.text, "["+fs.indexExpr(idx).text+"]")
			if m.wrapped {
				r.text = postfix(r.text, ".el")
			}
			r.pointee, r.mem = v.elem, m.elem
		case spv.OpTypeMatrix:
			switch {
			case m.transposed:
				r = ref{kind: refTransCol, text: r.text, col: fs.indexExpr(idx), colWrapped: m.colWrapped, pointee: v.elem, sc: r.sc, root: r.root, global: r.global}
				continue
			case m.colWrapped:
				r.text = postfix(postfix(r.text, "["+fs.indexExpr(idx).text+"]"), ".el")
			default:
				r.text = postfix(r.text, "["+fs.indexExpr(idx).text+"]")
			}
			r.pointee = v.elem
			r.mem = t.memType(v.elem, layoutCtx{host: isHostShareable(r.sc)})
		case spv.OpTypeVector:
			if c, ok := t.constUint(idx); ok && c < 4 && !v.comp.isWide() {
				r.text = postfix(r.text, "."+"xyzw"[c:c+1])
			} else {
				r.text = postfix(r.text, "["+fs.indexExpr(idx).text+"]")
			}
			r.pointee = v.elem
			r.mem = t.memType(v.elem, layoutCtx{host: isHostShareable(r.sc)})
		default:
			t.fail("an access chain index into %s", v.text)
		}
	}
	return &r
}

// indexExpr spells an index value (WGSL indexes with i32 or u32 alike).
func (fs *funcState) indexExpr(id builder.ID) expr {
	if c, ok := fs.t.constUint(id); ok {
		return primary(fmt.Sprintf("%du", uint32(c)))
	}
	return fs.value(id)
}

// load spells the value a reference holds.
func (fs *funcState) load(r *ref) expr {
	t := fs.t
	switch r.kind {
	case refPlain:
		if r.mem != nil && r.mem.kind == mAtomic {
			if r.mem.floatBits {
				return call("bitcast<f32>", call("atomicLoad", fs.addressOf(r)))
			}
			return call("atomicLoad", fs.addressOf(r))
		}
		if r.mem == nil || r.mem.same {
			return r.text
		}
		return t.toValue(r.mem, r.text)
	case refEmpty:
		return t.zero(r.pointee)
	case refRaw:
		return fs.rawLoad(r, r.off, r.pointee, r.lay)
	case refSplit:
		return call(t.typ(r.pointee).text, r.comps...)
	case refDynSplit:
		return postfix(call(vecText(t.typ(r.pointee).comp, len(r.comps)), r.comps...), "["+r.col.text+"]")
	case refTransCol:
		v := t.typ(r.pointee)
		var comps []expr
		for i := 0; i < v.n; i++ {
			s := postfix(r.text, fmt.Sprintf("[%d]", i))
			if r.colWrapped {
				s = postfix(s, ".el")
			}
			comps = append(comps, postfix(s, "["+r.col.text+"]"))
		}
		return call(v.text, comps...)
	}
	t.fail("a load through a %d reference", r.kind)
	return expr{}
}

// store appends the statements storing value through r.
func (fs *funcState) store(r *ref, value expr, out *[]stmt) {
	t := fs.t
	switch r.kind {
	case refPlain:
		if r.mem != nil && r.mem.kind == mAtomic {
			if r.mem.floatBits {
				value = call("bitcast<u32>", value)
			}
			fs.emitChosen(fmt.Sprintf("atomicStore(%s, %s);", fs.addressOf(r).text, value.text), out)
			return
		}
		if r.mem != nil && !r.mem.same {
			value = t.toMem(r.mem, value)
		}
		fs.emitChosen(fmt.Sprintf("%s = %s;", r.text.text, value.text), out)
	case refEmpty:
		// Nothing to store.
	case refRaw:
		fs.rawStore(r, value, out)
	case refSplit, refTransCol:
		tmp := fs.temp(value, r.pointee, out)
		v := t.typ(r.pointee)
		for i := 0; i < v.n; i++ {
			c := postfix(tmp, fmt.Sprintf("[%d]", i))
			var dst expr
			if r.kind == refSplit {
				dst = r.comps[i]
			} else {
				s := postfix(r.text, fmt.Sprintf("[%d]", i))
				if r.colWrapped {
					s = postfix(s, ".el")
				}
				dst = postfix(s, "["+r.col.text+"]")
			}
			fs.emitChosen(fmt.Sprintf("%s = %s;", dst.text, c.text), out)
		}
	default:
		t.unsupported("storing to a vector component at a run-time index in this buffer layout")
	}
}

// addressOf spells a pointer to a plain reference.
func (fs *funcState) addressOf(r *ref) expr {
	if r.kind == refRaw {
		fs.t.unsupported("a pointer into a buffer laid out as 32-bit words (its layout has no WGSL type)")
	}
	if r.kind != refPlain {
		fs.t.unsupported("a pointer to a vector or matrix column stored in this buffer layout")
	}
	if strings.HasPrefix(r.text.text, "(*") && strings.HasSuffix(r.text.text, ")") && !strings.ContainsAny(r.text.text[2:len(r.text.text)-1], "()[]. ") {
		return primary(r.text.text[2 : len(r.text.text)-1])
	}
	return unary("&", r.text)
}

// temp binds value to a fresh let so it can be used more than once.
func (fs *funcState) temp(value expr, typ builder.ID, out *[]stmt) expr {
	if value.prec == precPrimary && (isIdent(value.text) || isLiteral(value.text)) {
		return value
	}
	name := fs.t.names.unique("tmp")
	*out = append(*out, sLine{fmt.Sprintf("let %s : %s = %s;", name, fs.t.typ(typ).text, value.text)})
	return primary(name)
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// isLiteral reports whether s is a numeric or boolean literal.
func isLiteral(s string) bool {
	if s == "true" || s == "false" {
		return true
	}
	if s == "" || !(s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' || c == 'i' || c == 'u' || c == 'f' || c == 'h' || c == 'x' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
