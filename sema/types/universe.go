package types

import (
	"strconv"
	"strings"
)

// Config holds the language options that change what type names mean.
type Config struct {
	// Enable16BitTypes is -enable-16bit-types: 'half' is the 16-bit
	// float16_t and the 16-bit integer types exist.
	Enable16BitTypes bool
}

// A Universe interns the composite types of one compilation (arrays,
// objects, aliases, function types, template instances). Scalars, vectors
// and matrices are process-wide singletons and need no Universe. A
// Universe is not safe for concurrent use; one compilation owns one.
type Universe struct {
	Config Config
	arrays map[arrayKey]*Type
	objs   map[objKey]*Type
	funcs  map[string]*Type
	ids    map[*Type]uint32
	// structs holds the predeclared structs (RayDesc, ...).
	structs map[Object]*Type
}

type arrayKey struct {
	elem *Type
	n    int64
}

type objKey struct {
	o    Object
	elem *Type
	n    int64
	args string
}

// NewUniverse returns an empty universe for the given options.
func NewUniverse(cfg Config) *Universe {
	return &Universe{
		Config: cfg,
		arrays: map[arrayKey]*Type{},
		objs:   map[objKey]*Type{},
		funcs:  map[string]*Type{},
		ids:    map[*Type]uint32{},
	}
}

// Half is the type 'half' names under the universe's options.
func (u *Universe) Half() Scalar {
	if u.Config.Enable16BitTypes {
		return Float16
	}
	return HalfPP
}

// Array returns elem[n]; n is Unsized for elem[].
func (u *Universe) Array(elem *Type, n int64) *Type {
	if n < 0 {
		n = Unsized
	}
	k := arrayKey{elem, n}
	if t := u.arrays[k]; t != nil {
		return t
	}
	t := &Type{kind: Array, elem: elem, n: n}
	if ce := elem.Canonical(); ce == elem {
		t.canon = t
	} else {
		t.canon = u.Array(ce, n)
	}
	u.arrays[k] = t
	return t
}

// NewObject returns the object type o with element elem (nil when o takes
// none; the default element when o's element is optional and elem is
// nil) and count n (samples, patch size, RayQuery flags, alignment).
func (u *Universe) NewObject(o Object, elem *Type, n int64) *Type {
	if elem == nil {
		elem = o.DefaultElem()
	}
	return u.object(o, elem, n, nil)
}

// NewObjectArgs returns an object that takes free-form template arguments
// (vk::SpirvType, vk::SpirvOpaqueType, vk::integral_constant, vk::Literal).
func (u *Universe) NewObjectArgs(o Object, args []TemplateArg) *Type {
	return u.object(o, nil, 0, args)
}

func (u *Universe) object(o Object, elem *Type, n int64, args []TemplateArg) *Type {
	k := objKey{o: o, elem: elem, n: n, args: u.argsKey(args)}
	if t := u.objs[k]; t != nil {
		return t
	}
	t := &Type{kind: ObjectK, object: o, elem: elem, n: n, args: append([]TemplateArg(nil), args...)}
	canonArgs, changed := canonicalArgs(args)
	if ce := elem.Canonical(); ce != elem || changed {
		t.canon = u.object(o, ce, n, canonArgs)
	} else {
		t.canon = t
	}
	u.objs[k] = t
	return t
}

func canonicalArgs(args []TemplateArg) ([]TemplateArg, bool) {
	changed := false
	for _, a := range args {
		if a.Type != nil && a.Type.Canonical() != a.Type {
			changed = true
		}
	}
	if !changed {
		return args, false
	}
	out := make([]TemplateArg, len(args))
	for i, a := range args {
		out[i] = a
		if a.Type != nil {
			out[i].Type = a.Type.Canonical()
		}
	}
	return out, true
}

// argsKey identifies an argument list by the identity of its types.
func (u *Universe) argsKey(args []TemplateArg) string {
	if len(args) == 0 {
		return ""
	}
	var b strings.Builder
	for _, a := range args {
		if a.Type != nil {
			b.WriteByte('T')
			b.WriteString(strconv.FormatUint(uint64(u.typeID(a.Type)), 36))
		} else {
			b.WriteByte('V')
			b.WriteString(strconv.FormatInt(a.Value, 36))
		}
		b.WriteByte(',')
	}
	return b.String()
}

// typeID gives a type a number, unique within the universe, for keys.
func (u *Universe) typeID(t *Type) uint32 {
	if id, ok := u.ids[t]; ok {
		return id
	}
	id := uint32(len(u.ids) + 1)
	u.ids[t] = id
	return id
}

// NewAlias declares typedef name = target.
func (u *Universe) NewAlias(name string, target *Type) *Type {
	return &Type{kind: Alias, elem: target, named: &Named{Name: name, Complete: true}, canon: target.Canonical()}
}

// NewStruct declares a struct (or class, with isClass) with no fields yet;
// the checker fills in Named() as it reads the body.
func (u *Universe) NewStruct(name string, isClass bool) *Type {
	t := &Type{kind: Struct, named: &Named{Name: name, IsClass: isClass}}
	t.canon = t
	return t
}

// NewEnum declares an enum with underlying kind s (int when not written).
func (u *Universe) NewEnum(name string, s Scalar, scoped bool) *Type {
	if s == NoScalar {
		s = Int
	}
	t := &Type{kind: Enum, scalar: s, named: &Named{Name: name, Scoped: scoped}}
	t.canon = t
	return t
}

// NewTypeParam declares a template type parameter (the T of template<typename T>).
func (u *Universe) NewTypeParam(name string) *Type {
	t := &Type{kind: TypeParam, named: &Named{Name: name}}
	t.canon = t
	return t
}

// NewFunc returns the function type of sig, interned by its spelling of
// canonical parameter and result types.
func (u *Universe) NewFunc(sig Signature) *Type {
	var b strings.Builder
	b.WriteString(strconv.FormatUint(uint64(u.typeID(sig.Result.Canonical())), 36))
	for _, p := range sig.Params {
		b.WriteByte(',')
		b.WriteString(strconv.FormatUint(uint64(u.typeID(p.Type.Canonical())), 36))
		b.WriteByte(byte('0' + p.Mode))
	}
	if sig.Variadic {
		b.WriteString(",...")
	}
	k := b.String()
	if t := u.funcs[k]; t != nil {
		return t
	}
	s := sig
	s.Params = append([]Param(nil), sig.Params...)
	t := &Type{kind: Func, sig: &s}
	t.canon = t
	u.funcs[k] = t
	return t
}

// NewTemplate declares a struct template with the given parameter names.
func (u *Universe) NewTemplate(name string, params []string) *Template {
	return &Template{Name: name, Params: params, instances: map[string]*Type{}}
}

// Instantiate returns the struct template instance tmpl<args>, creating
// it on first use; created reports whether the caller must now fill in
// its fields (by substituting args into the template's body).
func (u *Universe) Instantiate(tmpl *Template, args []TemplateArg) (t *Type, created bool) {
	canon, _ := canonicalArgs(args)
	k := u.argsKey(canon)
	if t := tmpl.instances[k]; t != nil {
		return t, false
	}
	t = u.NewStruct(tmpl.Name, false)
	t.named.Instance = &Instance{Template: tmpl, Args: append([]TemplateArg(nil), canon...)}
	tmpl.instances[k] = t
	return t, true
}
