package spirv

import (
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// -fspv-reflect adds what reflection tools read back from the module, as
// DXC does: each stage variable's HLSL semantic (UserSemantic), each
// resource's HLSL type (UserTypeGOOGLE, e.g. "rwstructuredbuffer:<float4>")
// and the counter of each structured buffer that has one
// (CounterBuffer), with the SPV_GOOGLE extensions they need.

// reflectStageVar records a stage variable's semantic.
func (e *emitter) reflectStageVar(id builder.ID, semantic string) {
	if !e.opts.Reflect {
		return
	}
	e.b.Extension("SPV_GOOGLE_hlsl_functionality1")
	e.b.Decorate(id, spv.DecorationUserSemantic, builder.Str(semantic))
}

// reflectResource records a resource variable's HLSL type.
func (e *emitter) reflectResource(id builder.ID, t *types.Type) {
	if !e.opts.Reflect {
		return
	}
	for t.Canonical().IsArray() {
		t = t.Canonical().Elem()
	}
	o, ok := objectOf(t)
	if !ok {
		return
	}
	name := strings.ToLower(o.String())
	c := t.Canonical()
	var args []string
	if el := c.Elem(); el != nil && strings.Contains(t.String(), "<") {
		args = append(args, el.String())
		if o.IsMultisampled() && c.Len() > 0 {
			args = append(args, strconv.FormatInt(c.Len(), 10))
		}
	}
	if len(args) > 0 {
		name += ":<" + strings.Join(args, ",") + ">"
	}
	e.b.Extension("SPV_GOOGLE_user_type")
	e.b.Decorate(id, spv.DecorationUserTypeGOOGLE, builder.Str(name))
}

// reflectCounter links a structured buffer to its counter variable.
func (e *emitter) reflectCounter(buf, counter builder.ID) {
	if !e.opts.Reflect {
		return
	}
	e.b.Extension("SPV_GOOGLE_hlsl_functionality1")
	e.b.Decorate(buf, spv.DecorationCounterBuffer, builder.Ref(counter))
}
