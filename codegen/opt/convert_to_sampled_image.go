package opt

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// convertToSampledImage is spirv-opt's --convert-to-sampled-image=<pairs>
// (its ConvertToSampledImagePass; DXC runs it, then ADCE, for the textures
// and samplers marked [[vk::combinedImageSampler]]). The argument lists
// descriptor set and binding pairs, "0:1 2:3". An image variable at one of
// the pairs becomes a sampled-image variable (a combined image sampler):
//
//   - its loads yield the sampled image; an OpSampledImage of such a load
//     and a sampler loaded from the variable at the same pair becomes the
//     load itself;
//   - the image reads, fetches and queries of a load, and OpSampledImage
//     with another sampler, take an OpImage extracted right after it;
//   - the variable gets the pointer to the sampled-image type and moves
//     right after that pointer type (which may be new, at the end).
//
// A sampler at one of the pairs is left for dead-code elimination; it must
// have an image at its pair, and only be combined with that image. A
// variable that cannot be converted (two images or two samplers at one
// pair, a sampler without its image or combined with another) is an
// error, where spirv-opt fails without a message. Images with no loads are
// left alone. Images are converted in module order (spirv-opt's order is
// a hash map's).
type convertToSampledImage struct {
	pairs map[descriptorBinding]bool
}

// A descriptorBinding is a resource's descriptor set and binding.
type descriptorBinding struct{ set, binding uint32 }

func (convertToSampledImage) Name() string { return "convert-to-sampled-image" }

// newConvertToSampledImage parses the pass's argument: <set>:<binding>
// pairs separated by white space.
func newConvertToSampledImage(arg string) (Pass, error) {
	if strings.TrimSpace(arg) == "" {
		return nil, fmt.Errorf("Invalid pairs of descriptor set and binding '%s'. Expected a string of <descriptor set>:<binding> pairs.", arg)
	}
	p := convertToSampledImage{pairs: map[descriptorBinding]bool{}}
	for _, f := range strings.Fields(arg) {
		s, b, ok := strings.Cut(f, ":")
		set, err1 := parseUint32(s)
		binding, err2 := parseUint32(b)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("Invalid argument for --convert-to-sampled-image: %s", arg)
		}
		p.pairs[descriptorBinding{set, binding}] = true
	}
	return p, nil
}

// parseUint32 reads a decimal or 0x-prefixed hexadecimal number.
func parseUint32(s string) (uint32, error) {
	base := 10
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		s, base = h, 16
	}
	v, err := strconv.ParseUint(s, base, 32)
	return uint32(v), err
}

// CombinedImageSamplerFlag is the convert-to-sampled-image flag for the
// given descriptor set and binding pairs ({set, binding} each).
func CombinedImageSamplerFlag(pairs [][2]uint32) string {
	var b strings.Builder
	b.WriteString("convert-to-sampled-image=")
	for i, p := range pairs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d:%d", p[0], p[1])
	}
	return b.String()
}

type toSampled struct {
	c *Context
	// after holds the OpImage to put right after a load, by block.
	after  map[*builder.Inst]*builder.Inst
	blocks []*builder.Block
	seen   map[*builder.Block]bool
}

func (p convertToSampledImage) Run(c *Context) (bool, error) {
	images := map[descriptorBinding]*builder.Inst{}
	samplers := map[descriptorBinding]*builder.Inst{}
	var imageOrder, samplerOrder []descriptorBinding
	for _, g := range c.M.Globals {
		if g.Op != spv.OpVariable {
			continue
		}
		_, pointee, ok := c.B.Pointee(g.Type)
		if !ok {
			continue
		}
		db, ok := bindingOf(c, g.Result)
		if !ok || !p.pairs[db] {
			continue
		}
		switch c.B.TypeOp(pointee) {
		case spv.OpTypeImage:
			if images[db] != nil {
				return false, errorf(p, "two images at descriptor set %d, binding %d", db.set, db.binding)
			}
			images[db] = g
			imageOrder = append(imageOrder, db)
		case spv.OpTypeSampler:
			if samplers[db] != nil {
				return false, errorf(p, "two samplers at descriptor set %d, binding %d", db.set, db.binding)
			}
			samplers[db] = g
			samplerOrder = append(samplerOrder, db)
		}
	}
	t := &toSampled{c: c, after: map[*builder.Inst]*builder.Inst{}, seen: map[*builder.Block]bool{}}
	moves := map[builder.ID][]*builder.Inst{} // variables to put after a pointer type, last first
	for _, db := range imageOrder {
		v := images[db]
		loads := usesThroughCopies(c, v, spv.OpLoad, nil)
		if len(loads) == 0 {
			continue
		}
		sc, image, _ := c.B.Pointee(v.Type)
		sampled := c.B.TypeSampledImage(image)
		for _, ld := range loads {
			ld.Type = sampled
			c.DU.AnalyzeUses(ld)
			t.updateUses(ld, image, db)
		}
		ptr := c.B.TypePointer(sc, sampled)
		v.Type = ptr
		c.DU.AnalyzeUses(v)
		moves[ptr] = append(moves[ptr], v)
	}
	for _, db := range samplerOrder {
		img := images[db]
		if img == nil {
			return false, errorf(p, "the sampler at descriptor set %d, binding %d has no image to be combined with", db.set, db.binding)
		}
		for _, ld := range usesThroughCopies(c, samplers[db], spv.OpLoad, nil) {
			for _, si := range usesThroughCopies(c, ld, spv.OpSampledImage, nil) {
				if !sampledImageOf(c, si, img) {
					return false, errorf(p, "the sampler at descriptor set %d, binding %d is combined with another image than the one at its binding", db.set, db.binding)
				}
			}
		}
	}
	for _, b := range t.blocks {
		rebuildBlock(c, b, func(in *builder.Inst, emit func(...*builder.Inst)) {
			emit(in)
			if x := t.after[in]; x != nil {
				emit(x)
			}
		})
	}
	if len(moves) == 0 {
		return len(t.blocks) > 0, nil
	}
	moveAfterTypes(c, moves)
	return true, nil
}

// updateUses makes the users of a load that now yields a sampled image
// take what they need: the image operations an extracted image, an
// OpSampledImage with the sampler at the image's pair the load itself,
// one with another sampler the extracted image.
func (t *toSampled) updateUses(ld *builder.Inst, image builder.ID, db descriptorBinding) {
	var extracted *builder.Inst
	extract := func() builder.ID {
		if extracted == nil {
			extracted = t.c.NewInst(spv.OpImage, image, builder.Ref(ld.Result))
			t.c.DU.Define(extracted)
			t.after[ld] = extracted
			if !t.seen[ld.Block] {
				t.seen[ld.Block] = true
				t.blocks = append(t.blocks, ld.Block)
			}
		}
		return extracted.Result
	}
	for _, u := range imageOperationUses(t.c, ld, nil) {
		u.Operands[0] = builder.Ref(extract())
		t.c.DU.AnalyzeUses(u)
	}
	for _, si := range usesThroughCopies(t.c, ld, spv.OpSampledImage, nil) {
		if s := t.c.Def(si.Operands[1].ID()); s != nil && s.Op == spv.OpLoad {
			if sdb, ok := bindingOf(t.c, s.Operands[0].ID()); ok && sdb == db {
				t.c.ReplaceWith(si, ld.Result)
				continue
			}
		}
		si.Operands[0] = builder.Ref(extract())
		t.c.DU.AnalyzeUses(si)
	}
}

// usesThroughCopies appends to out the users of in with opcode op, looking
// through OpCopyObject.
func usesThroughCopies(c *Context, in *builder.Inst, op spv.Op, out []*builder.Inst) []*builder.Inst {
	for _, u := range c.DU.Users(in.Result) {
		switch u.Op {
		case op:
			out = append(out, u)
		case spv.OpCopyObject:
			out = usesThroughCopies(c, u, op, out)
		}
	}
	return out
}

// imageOperationUses appends to out the image reads, fetches and queries
// that take in (through copies) as their image.
func imageOperationUses(c *Context, in *builder.Inst, out []*builder.Inst) []*builder.Inst {
	for _, u := range c.DU.Users(in.Result) {
		switch u.Op {
		case spv.OpImageFetch, spv.OpImageRead, spv.OpImageWrite, spv.OpImageQueryFormat, spv.OpImageQueryOrder,
			spv.OpImageQuerySizeLod, spv.OpImageQuerySize, spv.OpImageQueryLevels, spv.OpImageQuerySamples,
			spv.OpImageSparseFetch:
			out = append(out, u)
		case spv.OpCopyObject:
			out = imageOperationUses(c, u, out)
		}
	}
	return out
}

// sampledImageOf reports whether an OpSampledImage's image is loaded from
// the variable v (through copies of the load and of the pointer).
func sampledImageOf(c *Context, si, v *builder.Inst) bool {
	ld := skipCopies(c, si.Operands[0].ID())
	if ld == nil || ld.Op != spv.OpLoad {
		return false
	}
	return skipCopies(c, ld.Operands[0].ID()) == v
}

// skipCopies returns the instruction defining id, or what the OpCopyObject
// chain defining it copies.
func skipCopies(c *Context, id builder.ID) *builder.Inst {
	in := c.Def(id)
	for in != nil && in.Op == spv.OpCopyObject {
		in = c.Def(in.Operands[0].ID())
	}
	return in
}

// bindingOf returns the descriptor set and binding decorating id, when it
// has both.
func bindingOf(c *Context, id builder.ID) (descriptorBinding, bool) {
	var db descriptorBinding
	var set, binding bool
	for _, u := range c.DU.Users(id) {
		if u.Op != spv.OpDecorate || u.Operands[0].ID() != id || len(u.Operands[1].Params()) != 1 {
			continue
		}
		switch d := u.Operands[1]; spv.Decoration(d.Word) {
		case spv.DecorationDescriptorSet:
			db.set, set = d.Params()[0].Word, true
		case spv.DecorationBinding:
			db.binding, binding = d.Params()[0].Word, true
		}
	}
	return db, set && binding
}

// moveAfterTypes puts each listed variable right after the pointer type
// it is listed under (the last listed first, as moving them one by one
// would), in one pass over the globals.
func moveAfterTypes(c *Context, moves map[builder.ID][]*builder.Inst) {
	moving := map[*builder.Inst]bool{}
	for _, vs := range moves {
		for _, v := range vs {
			moving[v] = true
		}
	}
	out := make([]*builder.Inst, 0, len(c.M.Globals))
	for _, g := range c.M.Globals {
		if moving[g] {
			continue
		}
		out = append(out, g)
		vs := moves[g.Result]
		if g.Op == spv.OpTypePointer {
			for i := len(vs) - 1; i >= 0; i-- {
				out = append(out, vs[i])
			}
		}
	}
	c.M.Globals = out
}
