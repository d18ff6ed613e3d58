package wgsl

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Texel buffers. WebGPU has no texel buffers (Buffer<T>, RWBuffer<T>,
// samplerBuffer, imageBuffer), but a texel buffer whose format is the
// natural 32-bit form of its texels holds exactly what a storage buffer of
// those texels holds: R32* is array<T>, Rg32* array<vec2<T>>, Rgba32*
// array<vec4<T>>. A format-less (Unknown) texel buffer takes as many
// components as the shader reads or writes (three: an array<T> read three
// at a time). Formats whose texels are 4 or 8 bytes of 8- or 16-bit
// components (Rgba16f, Rg16f, Rgba8, Rgba16, their snorm and integer
// forms) are held as the 32-bit words the format lays them out in, and
// unpacked and packed with WGSL's pack functions (texelPackings); the rest
// (sub-word texels, 10- and 11-bit fields) are refused. A fetch or read of a texel returns its components with the
// missing ones from (0, 0, 1), as a texel fetch does; an atomic on a texel
// (OpImageTexelPointer) makes the elements atomic<T>. Result.Bindings
// reports the buffer and its texel type: the application binds a storage
// buffer where a texel buffer view was.

// texelBuffer describes a texel buffer declared as a storage buffer.
type texelBuffer struct {
	comp   scalar // the texels' component type
	n      int    // components per texel (1 to 4)
	atomic bool   // accessed through OpImageTexelPointer
	// pack is the packing of a format held as 32-bit words, nil for one
	// held as its texels.
	pack *texelPacking
}

// texelPacking is a format whose texels are whole 32-bit words of packed
// components: each word holds per components, unpacked by unpack (from
// the word, a u32) and packed by pack (from a vector of per components).
type texelPacking struct {
	comp         scalar
	n, per       int
	unpack, pack string // templates: %s is the word or the vector
}

// words is the number of 32-bit words per texel.
func (p *texelPacking) words() int { return p.n / p.per }

// texelPackings are the formats held as words, as the format lays out its
// components (the first in the lowest bits).
var texelPackings = &lazy[map[spv.ImageFormat]*texelPacking]{make: func() map[spv.ImageFormat]*texelPacking {
	return map[spv.ImageFormat]*texelPacking{
		spv.ImageFormatRgba16f:     {sF32, 4, 2, "unpack2x16float(%s)", "pack2x16float(%s)"},
		spv.ImageFormatRg16f:       {sF32, 2, 2, "unpack2x16float(%s)", "pack2x16float(%s)"},
		spv.ImageFormatRgba8:       {sF32, 4, 4, "unpack4x8unorm(%s)", "pack4x8unorm(%s)"},
		spv.ImageFormatRgba8Snorm:  {sF32, 4, 4, "unpack4x8snorm(%s)", "pack4x8snorm(%s)"},
		spv.ImageFormatRgba16:      {sF32, 4, 2, "unpack2x16unorm(%s)", "pack2x16unorm(%s)"},
		spv.ImageFormatRg16:        {sF32, 2, 2, "unpack2x16unorm(%s)", "pack2x16unorm(%s)"},
		spv.ImageFormatRgba16Snorm: {sF32, 4, 2, "unpack2x16snorm(%s)", "pack2x16snorm(%s)"},
		spv.ImageFormatRg16Snorm:   {sF32, 2, 2, "unpack2x16snorm(%s)", "pack2x16snorm(%s)"},
		spv.ImageFormatRgba8ui:     {sU32, 4, 4, "unpack4xU8(%s)", "pack4xU8(%s)"},
		spv.ImageFormatRgba8i:      {sI32, 4, 4, "unpack4xI8(%s)", "pack4xI8(%s)"},
		spv.ImageFormatRgba16ui:    {sU32, 4, 2, "vec2<u32>(extractBits(%[1]s, 0u, 16u), extractBits(%[1]s, 16u, 16u))", "insertBits(%[1]s.x, %[1]s.y, 16u, 16u)"},
		spv.ImageFormatRg16ui:      {sU32, 2, 2, "vec2<u32>(extractBits(%[1]s, 0u, 16u), extractBits(%[1]s, 16u, 16u))", "insertBits(%[1]s.x, %[1]s.y, 16u, 16u)"},
		spv.ImageFormatRgba16i:     {sI32, 4, 2, "vec2<i32>(extractBits(bitcast<i32>(%[1]s), 0u, 16u), extractBits(bitcast<i32>(%[1]s), 16u, 16u))", "insertBits(bitcast<u32>(%[1]s.x), bitcast<u32>(%[1]s.y), 16u, 16u)"},
		spv.ImageFormatRg16i:       {sI32, 2, 2, "vec2<i32>(extractBits(bitcast<i32>(%[1]s), 0u, 16u), extractBits(bitcast<i32>(%[1]s), 16u, 16u))", "insertBits(bitcast<u32>(%[1]s.x), bitcast<u32>(%[1]s.y), 16u, 16u)"},
	}
}}

// texelFormats are the formats a storage buffer holds as they are: their
// component counts.
var texelFormats = &lazy[map[spv.ImageFormat]int]{make: func() map[spv.ImageFormat]int {
	return map[spv.ImageFormat]int{
		spv.ImageFormatR32f: 1, spv.ImageFormatR32i: 1, spv.ImageFormatR32ui: 1,
		spv.ImageFormatRg32f: 2, spv.ImageFormatRg32i: 2, spv.ImageFormatRg32ui: 2,
		spv.ImageFormatRgba32f: 4, spv.ImageFormatRgba32i: 4, spv.ImageFormatRgba32ui: 4,
	}
}}

// isTexelBufferType reports whether typ (through pointers, sampled images
// and arrays) is a Buffer-dimensioned image.
func (t *translator) isTexelBufferType(typ builder.ID) bool {
	d := t.imageTypeOf(typ)
	return d.Op == spv.OpTypeImage && len(d.Operands) >= 2 && spv.Dim(d.Operands[1].Word) == spv.DimBuffer
}

// analyzeTexelBuffers decides the element type of every texel buffer
// variable: from its format, or for Unknown from how many components the
// shader reads and writes.
func (t *translator) analyzeTexelBuffers() {
	for _, g := range t.sortedGlobals() {
		if g.sc != spv.StorageClassUniformConstant || !t.isHandleType(g.inst.Type) || !t.isTexelBufferType(g.inst.Type) {
			continue
		}
		t.cur = g.inst
		it := t.decodeImage(t.imageTypeOf(g.inst.Type))
		st := t.typ(it.sampled)
		if !st.isScalar() || (st.comp != sF32 && st.comp != sI32 && st.comp != sU32) {
			t.unsupported("a texel buffer of %s texels", st.text)
		}
		tb := &texelBuffer{comp: st.comp, atomic: t.atomicTexels[g.id]}
		if it.format == spv.ImageFormatUnknown {
			tb.n = t.texelComponentsUsed(handleSlot{g.id, 0})
		} else if n, ok := texelFormats.get()[it.format]; ok {
			tb.n = n
		} else if p := texelPackings.get()[it.format]; p != nil {
			if p.comp != st.comp {
				t.fail("a texel buffer of format %s with %s texels", it.format, st.text)
			}
			if tb.atomic {
				t.unsupported("atomic operations on a texel buffer of format %s", it.format)
			}
			tb.n, tb.pack = p.n, p
		} else {
			t.unsupported("a texel buffer of format %s (a storage buffer holds texels of whole 32-bit words: 32-bit components, or 8- and 16-bit ones packed in words)", it.format)
		}
		if tb.atomic && tb.n != 1 {
			t.unsupported("atomic operations on a texel buffer of %d-component texels", tb.n)
		}
		g.texel = tb
	}
	t.cur = nil
}

// texelComponentsUsed counts the components of a format-less image's
// (or texel buffer's) texels that the shader uses: the highest component
// read from a fetch or read result (all four when the whole vector is
// used) or written.
func (t *translator) texelComponentsUsed(slot handleSlot) int {
	class := t.handles.find(slot)
	n := 1
	for _, f := range t.m.Functions {
		if !t.reachable[f.Def.Result] {
			continue
		}
		for in := range f.Insts() {
			if in.Op != spv.OpImageFetch && in.Op != spv.OpImageRead && in.Op != spv.OpImageWrite || len(in.Operands) < 3 {
				continue
			}
			if img, _ := t.traceHandle(in.Operands[0].ID()); t.handles.find(img.slot) != class {
				continue
			}
			if in.Op == spv.OpImageWrite {
				_, k := t.scalarOf(t.typeOfValue(in.Operands[2].ID()))
				n = max(n, k)
				continue
			}
			n = max(n, t.componentsRead(in.Result, in.Type))
		}
	}
	return n
}

// componentsRead is how many leading components of a vector value its
// uses read.
func (t *translator) componentsRead(id, typ builder.ID) int {
	_, size := t.scalarOf(typ)
	n := 1
	for _, u := range t.du.Users(id) {
		switch {
		case u.Op == spv.OpCompositeExtract && len(u.Operands) >= 2 && u.Operands[0].ID() == id:
			n = max(n, int(u.Operands[1].Word)+1)
		case u.Op == spv.OpVectorShuffle && len(u.Operands) >= 2:
			_, an := t.scalarOf(t.typeOfValue(u.Operands[0].ID()))
			for i, c := range u.Operands[2:] {
				k := int(c.Word)
				if c.Word == 0xffffffff {
					continue
				}
				if u.Operands[0].ID() == id && k < an {
					n = max(n, k+1)
				}
				if u.Operands[1].ID() == id && k >= an {
					n = max(n, k-an+1)
				}
				_ = i
			}
		default:
			return size
		}
	}
	return min(n, size)
}

// texelElem spells a texel buffer's element type.
func (tb *texelBuffer) elem() string {
	s := tb.comp.String()
	switch {
	case tb.atomic:
		return "atomic<" + s + ">"
	case tb.pack != nil:
		return "u32" // words of packed texels
	case tb.n == 3:
		return s // three elements per texel
	}
	return vecText(tb.comp, tb.n)
}

// declareTexelBuffer declares a texel buffer (g, or the element v of an
// array of them) as a storage buffer of its texels.
func (t *translator) declareTexelBuffer(g, v *global, set, binding uint32) {
	tb := g.texel
	access := "read"
	u := t.handles.use(handleSlot{g.id, 0})
	if u.write || tb.atomic {
		access = "read_write"
		if t.usedByStage(g.id, spv.ExecutionModelVertex) {
			t.unsupported("a texel buffer written by a vertex shader (WebGPU's vertex stage has read-only storage)")
		}
	}
	texel := vecText(tb.comp, tb.n)
	how := fmt.Sprintf("a texel buffer as a storage buffer of %s texels", texel)
	if tb.pack != nil {
		texel = "u32"
		how = fmt.Sprintf("a texel buffer as a storage buffer of its texels' 32-bit words (%d per texel)", tb.pack.words())
	}
	t.decls = append(t.decls, fmt.Sprintf("@group(%d) @binding(%d) var<storage, %s> %s : array<%s>;\n", v.group, v.binding, access, v.name, tb.elem()))
	t.noteBinding(v.name, func(b *Binding) {
		b.TexelBuffer, b.TexelType = true, texel
		b.Note = joinWhy(b.Note, how)
	})
}

// texelOp translates an image instruction on a texel buffer.
func (fs *funcState) texelOp(in *builder.Inst, img handleRef, out *[]stmt) {
	t := fs.t
	g := t.globals[img.slot.id]
	if g == nil || g.texel == nil {
		t.unsupported("a texel buffer passed to a function (WGSL has no texel buffers; it becomes a storage buffer)")
	}
	tb := g.texel
	name := primary(fs.handleName(img))
	switch in.Op {
	case spv.OpImageQuerySize:
		e := call("arrayLength", unary("&", name))
		if per := tb.elementsPerTexel(); per > 1 {
			e = binary("/", e, primary(fmt.Sprintf("%du", per)))
		}
		fs.bindChosen(in, t.castTo(e, t.scalarTypeLike(in.Type, sU32), t.resultScalar(in.Type)), out)
		return
	case spv.OpImageFetch, spv.OpImageRead, spv.OpImageWrite:
	default:
		t.unsupported("%s on a texel buffer", in.Op)
	}
	t.checkTexelOperands(in)
	coordID := t.operandID(in, 1)
	x := texelAt{buf: name, texel: fs.temp(t.shiftAmount(fs.value(coordID), t.typeOfValue(coordID)), t.pseudoType(sU32, 1), out),
		per: tb.elementsPerTexel()}
	if in.Op == spv.OpImageWrite {
		fs.texelWrite(in, tb, x, out)
		return
	}
	fs.bindChosen(in, t.texelRead(in, tb, x), out)
}

// elementsPerTexel is how many elements of the storage buffer a texel
// takes: its words, or its three components (WGSL has no array of
// vec3 with a 12-byte stride).
func (tb *texelBuffer) elementsPerTexel() int {
	switch {
	case tb.pack != nil:
		return tb.pack.words()
	case tb.n == 3:
		return 3
	}
	return 1
}

// checkTexelOperands refuses image operands on a texel buffer access.
func (t *translator) checkTexelOperands(in *builder.Inst) {
	if len(in.Operands) > 3 || in.Op == spv.OpImageWrite && len(in.Operands) > 4 {
		ops := in.Operands[3:]
		if in.Op != spv.OpImageWrite {
			ops = in.Operands[2:]
		}
		if io := t.decodeImageOperands(ops); io.lod != 0 || io.sample != 0 || io.constOffset != 0 || io.offset != 0 || io.other&^(spv.ImageOperandsNontemporal|spv.ImageOperandsSignExtend|spv.ImageOperandsZeroExtend) != 0 {
			t.unsupported("image operands on a texel buffer access")
		}
	}
}

// texelAt addresses a texel's elements in the storage buffer buf.
type texelAt struct {
	buf, texel expr // the buffer, the texel index (a u32)
	per        int  // elements per texel
}

// at is element k of the texel.
func (x texelAt) at(k int) expr {
	if x.per == 1 {
		return postfix(x.buf, "["+x.texel.text+"]")
	}
	i := binary("*", x.texel, primary(fmt.Sprintf("%du", x.per)))
	if k > 0 {
		i = binary("+", i, primary(fmt.Sprintf("%du", k)))
	}
	return postfix(x.buf, "["+i.text+"]")
}

// texelWrite stores a texel: its components packed word by word, as
// separate elements, or as one vector (missing components zero).
func (fs *funcState) texelWrite(in *builder.Inst, tb *texelBuffer, x texelAt, out *[]stmt) {
	t := fs.t
	texelID := t.operandID(in, 2)
	texel := fs.temp(t.castTo(fs.value(texelID), t.typeOfValue(texelID), tb.comp), t.scalarTypeLike(t.typeOfValue(texelID), tb.comp), out)
	_, k := t.scalarOf(t.typeOfValue(texelID))
	comp := func(i int) expr {
		switch {
		case i < k && k == 1:
			return texel
		case i < k:
			return postfix(texel, "."+"xyzw"[i:i+1])
		}
		return t.number(tb.comp, 0) // the write gives fewer components than the texel has
	}
	store := func(k int, v expr) { fs.emitChosen(fmt.Sprintf("%s = %s;", x.at(k).text, v.text), out) }
	switch {
	case tb.pack != nil:
		for w := range tb.pack.words() {
			var part []expr
			for i := range tb.pack.per {
				part = append(part, comp(w*tb.pack.per+i))
			}
			store(w, primary(fmt.Sprintf(tb.pack.pack, call(vecText(tb.comp, tb.pack.per), part...).text)))
		}
	case tb.atomic:
		fs.emitChosen(fmt.Sprintf("atomicStore(&%s, %s);", x.at(0).text, comp(0).text), out)
	case tb.n == 1:
		store(0, comp(0))
	case tb.n == 3:
		for i := range 3 {
			store(i, comp(i))
		}
	case k == tb.n:
		store(0, texel)
	default:
		var comps []expr
		for i := range tb.n {
			comps = append(comps, comp(i))
		}
		store(0, call(vecText(tb.comp, tb.n), comps...))
	}
}

// texelRead loads a texel as SPIR-V's four components, the missing ones
// from (0, 0, 1), narrowed to the result type.
func (t *translator) texelRead(in *builder.Inst, tb *texelBuffer, x texelAt) expr {
	var comps []expr
	switch {
	case tb.pack != nil:
		for w := range tb.pack.words() {
			comps = append(comps, primary(fmt.Sprintf(tb.pack.unpack, x.at(w).text)))
		}
	case tb.atomic:
		comps = []expr{call("atomicLoad", unary("&", x.at(0)))}
	case tb.n == 3:
		comps = []expr{x.at(0), x.at(1), x.at(2)}
	default:
		comps = []expr{x.at(0)}
	}
	lit := func(v int) expr { return t.number(tb.comp, v) }
	switch tb.n {
	case 1:
		comps = append(comps, lit(0), lit(0), lit(1))
	case 2:
		comps = append(comps, lit(0), lit(1))
	case 3:
		comps = append(comps, lit(1))
	}
	e := call(vecText(tb.comp, 4), comps...)
	if tb.n == 4 && len(comps) == 1 {
		e = comps[0]
	}
	rt := t.typ(in.Type)
	if rt.isScalar() {
		e = postfix(e, ".x")
	} else if rt.n < 4 {
		e = postfix(e, "."+"xyzw"[:rt.n])
	}
	return t.castTo(e, t.scalarTypeLike(in.Type, tb.comp), t.resultScalar(in.Type))
}

// texelPointer is the reference an OpImageTexelPointer makes: a texel of
// an atomically accessed texel buffer.
func (fs *funcState) texelPointer(in *builder.Inst) *ref {
	t := fs.t
	img, _ := t.traceHandle(t.operandID(in, 0))
	g := t.globals[img.slot.id]
	if g == nil || g.texel == nil {
		t.unsupported("atomic operations on images (WGSL has atomics on buffers and workgroup memory only)")
	}
	coordID := t.operandID(in, 1)
	coord := t.shiftAmount(fs.value(coordID), t.typeOfValue(coordID))
	pointee, _ := t.pointeeOf(in.Result)
	m := t.memType(pointee, layoutCtx{atomic: true})
	return &ref{kind: refPlain, text: postfix(primary(fs.handleName(img)), "["+coord.text+"]"), pointee: pointee,
		sc: spv.StorageClassImage, mem: m, root: g.id}
}
