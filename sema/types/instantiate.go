package types

import "fmt"

// Instantiate forms a built-in template from its written arguments:
// vector<T, N>, matrix<T, R, C>, Texture2D<T>, Texture2DMS<T, S>,
// StructuredBuffer<T>, InputPatch<T, N>, RayQuery<F>, vk::BufferPointer<T, A>,
// vk::SpirvType<...>. Omitted trailing arguments take HLSL's defaults
// (vector<float, 4>, texture element float4). Errors are worded as DXC's.
func (b Builtin) Instantiate(u *Universe, name string, args []TemplateArg) (*Type, error) {
	if b.Needs16Bit && !u.Config.Enable16BitTypes {
		return nil, fmt.Errorf("'%s' is only supported with -enable-16bit-types option", name)
	}
	tooMany := func() error { return fmt.Errorf("too many template arguments for class template '%s'", name) }
	tooFew := func() error { return fmt.Errorf("too few template arguments for class template '%s'", name) }
	typeArg := func(i int) (*Type, error) {
		if args[i].Type == nil {
			return nil, fmt.Errorf("template argument for template type parameter must be a type")
		}
		return args[i].Type, nil
	}
	valueArg := func(i int) (int64, error) {
		if args[i].Type != nil {
			return 0, fmt.Errorf("template argument for non-type template parameter must be an expression")
		}
		return args[i].Value, nil
	}
	dim := func(i int) (int, error) {
		v, err := valueArg(i)
		if err != nil {
			return 0, err
		}
		if v < 1 || v > 4 {
			return 0, fmt.Errorf("invalid value, valid range is between 1 and 4 inclusive")
		}
		return int(v), nil
	}
	scalarArg := func(i int) (Scalar, error) {
		t, err := typeArg(i)
		if err != nil {
			return NoScalar, err
		}
		c := t.Canonical()
		if c.Kind() != Basic && c.Kind() != Enum {
			return NoScalar, fmt.Errorf("'%s' cannot be used as a type parameter where a scalar is required", t)
		}
		return c.Scalar(), nil
	}
	switch b.Kind {
	case BuiltinVectorT:
		if len(args) > 2 {
			return nil, tooMany()
		}
		s, n := Float, 4
		var err error
		if len(args) > 0 {
			if s, err = scalarArg(0); err != nil {
				return nil, err
			}
		}
		if len(args) > 1 {
			if n, err = dim(1); err != nil {
				return nil, err
			}
		}
		return Vec(s, n), nil
	case BuiltinMatrixT:
		if len(args) > 3 {
			return nil, tooMany()
		}
		s, r, c := Float, 4, 4
		var err error
		if len(args) > 0 {
			if s, err = scalarArg(0); err != nil {
				return nil, err
			}
		}
		if len(args) > 1 {
			if r, err = dim(1); err != nil {
				return nil, err
			}
		}
		if len(args) > 2 {
			if c, err = dim(2); err != nil {
				return nil, err
			}
		}
		return Mat(s, r, c), nil
	case BuiltinObject:
	default:
		if len(args) > 0 {
			return nil, fmt.Errorf("'%s' is not a template", name)
		}
		return b.Type(u), nil
	}
	o := b.Object
	switch o.Form() {
	case NoTemplate:
		if len(args) > 0 {
			return nil, fmt.Errorf("'%s' is not a template", name)
		}
		return u.NewObject(o, nil, 0), nil
	case ElemRequiredAny:
		if len(args) == 0 {
			return nil, tooFew()
		}
		return u.NewObjectArgs(o, args), nil
	case CountOnly:
		if len(args) == 0 {
			if o == RayQuery {
				return nil, tooFew()
			}
			return u.NewObject(o, nil, 0), nil
		}
		if len(args) > 2 || len(args) > 1 && o != RayQuery {
			return nil, tooMany()
		}
		v, err := valueArg(0)
		if err != nil {
			return nil, err
		}
		return u.NewObject(o, nil, v), nil
	}
	var elem *Type
	var n int64
	maxArgs := 1
	if f := o.Form(); f == ElemCount || f == ElemCountOpt {
		maxArgs = 2
	}
	if len(args) > maxArgs {
		return nil, tooMany()
	}
	if len(args) == 0 && (o.Form() == ElemRequired || o.Form() == ElemCount && o != VkBufferPointer) {
		return nil, tooFew()
	}
	if len(args) > 0 {
		t, err := typeArg(0)
		if err != nil {
			return nil, err
		}
		elem = t
	}
	if len(args) > 1 {
		v, err := valueArg(1)
		if err != nil {
			return nil, err
		}
		n = v
	} else if o.Form() == ElemCount && o != VkBufferPointer {
		return nil, tooFew()
	}
	if err := checkElement(o, elem, n); err != nil {
		return nil, err
	}
	return u.NewObject(o, elem, n), nil
}

// checkElement applies DXC's rules on what an object may hold.
func checkElement(o Object, elem *Type, n int64) error {
	if elem == nil {
		return nil
	}
	c := elem.Canonical()
	// A vk::BufferPointer is a 64-bit address: buffers and buffer
	// pointers may hold one (DXC allows BufferPointer<BufferPointer<T>>).
	pointer := c.Kind() == ObjectK && c.Object() == VkBufferPointer &&
		(o.Class() == ClassStructuredBuffer || o == VkBufferPointer)
	if (c.Kind() == ObjectK && !pointer) || c.Kind() == Void {
		return fmt.Errorf("'%s' cannot be used as a type parameter", elem)
	}
	switch o.Class() {
	// SubpassInput<S> passes DXC's front end; its back end rejects
	// non-scalar, non-vector elements (sema's Vulkan checks do too).
	case ClassTypedBuffer, ClassTexture:
		if c.Kind() != Basic && c.Kind() != Vector && c.Kind() != Enum {
			return fmt.Errorf("elements of typed buffers and textures must be scalars or vectors")
		}
		words := c.ComponentCount()
		if c.Scalar().SPIRVBits() == 64 {
			words *= 2
		}
		if words > 4 {
			return fmt.Errorf("elements of typed buffers and textures must fit in four 32-bit quantities")
		}
	case ClassCBuffer:
		if c.Kind() != Struct {
			return fmt.Errorf("'%s' cannot be used as a type parameter where a struct/class is required", elem)
		}
	case ClassPatch:
		if n <= 0 {
			return fmt.Errorf("%s element count must be greater than 0", o)
		}
	case ClassNode:
		// a node record is a struct of data, not empty
		if c.Kind() != Struct {
			return fmt.Errorf("'%s' is not valid as a node record type - struct/class required", elem)
		}
		if nd := c.Named(); nd != nil && nd.Complete && len(nd.Fields) == 0 && nd.Base == nil {
			return fmt.Errorf("record used in %s may not have zero size", o)
		}
	}
	return nil
}
