package types

// This file holds HLSL's implicit conversions as DXC implements them:
// which conversions exist, how overload resolution ranks them, and the
// "usual arithmetic conversions" that give a binary operator its type.

// ShapeConv is the dimensional part of a conversion.
type ShapeConv uint8

const (
	ShapeIdentity      ShapeConv = iota
	ShapeSplat                   // scalar (or 1-component vector/matrix) replicated
	ShapeTruncation              // trailing components dropped (DXC warns)
	ShapeToScalar                // one-component vector/matrix to scalar
	ShapeReshape                 // vector <-> matrix with the same component count
	ShapeFlat                    // struct/array element-wise (same flattened layout)
	ShapeDerivedToBase           // derived struct to base struct
	ShapeObject                  // object to the same object kind
)

// CompConv is the component-type part of a conversion.
type CompConv uint8

const (
	CompIdentity CompConv = iota
	CompIntPromotion
	CompIntConversion
	CompFloatPromotion
	CompFloatConversion
	CompFloatIntegral // int <-> float, bool -> float
	CompBoolean       // anything -> bool
)

// Conversion describes an implicit (or explicit) conversion between two types.
type Conversion struct {
	Shape         ShapeConv
	Comp          CompConv
	Truncates     bool // fewer components in the target: "implicit truncation of vector type"
	PrecisionLoss bool // the target component is narrower than the source's
}

// IsIdentity reports whether nothing changes.
func (c Conversion) IsIdentity() bool { return c.Shape == ShapeIdentity && c.Comp == CompIdentity }

// ConvKind says which conversions are allowed.
type ConvKind uint8

const (
	// Implicit is an implicit conversion under HLSL 2021 (DXC's default):
	// a struct converts implicitly only to itself, to a base, or to an
	// anonymous struct of the same layout.
	Implicit ConvKind = iota
	// ImplicitLegacy is an implicit conversion under -HV 2018 and earlier:
	// structs and arrays of the same flattened layout also interconvert.
	ImplicitLegacy
	// Explicit is a cast: aggregates from scalars, element-wise
	// conversion and truncation between structs and arrays.
	Explicit
)

// Convert reports whether a value of type from converts to type to under
// kind, and how.
func Convert(from, to *Type, kind ConvKind) (Conversion, bool) {
	explicit := kind == Explicit
	f, t := from.Canonical(), to.Canonical()
	if f.Kind() == Invalid || t.Kind() == Invalid {
		return Conversion{}, true
	}
	if f == t {
		return Conversion{}, true
	}
	fk, tk := f.Kind(), t.Kind()
	if fk == Void || tk == Void || fk == Func || tk == Func || fk == TypeParam || tk == TypeParam {
		return Conversion{}, false
	}
	if fk == ObjectK || tk == ObjectK {
		// Objects convert only to the identical object (already handled);
		// a texture of a different element type is a different type.
		return Conversion{}, false
	}
	fAgg := fk == Struct || fk == Array
	tAgg := tk == Struct || tk == Array
	if fAgg || tAgg {
		return convertAggregate(f, t, kind)
	}
	// Scalars, vectors, matrices and enums.
	var c Conversion
	if !convertShape(f, t, &c) {
		return Conversion{}, false
	}
	if !convertComponent(f, t, explicit, &c) {
		return Conversion{}, false
	}
	return c, true
}

func shapeOf(t *Type) (kind Kind, rows, cols int) {
	switch t.Kind() {
	case Basic, Enum:
		return Basic, 1, 1
	case Vector:
		return Vector, 1, int(t.cols)
	case Matrix:
		return Matrix, int(t.rows), int(t.cols)
	}
	return t.Kind(), 0, 0
}

// convertShape applies DXC's rules for scalar/vector/matrix dimensions:
// scalars splat to anything; anything truncates to one component; vectors
// and matrices truncate to smaller ones of their kind; a vector and a
// matrix interconvert when the component counts agree or the matrix is a
// single row or column.
func convertShape(f, t *Type, c *Conversion) bool {
	fk, fr, fc := shapeOf(f)
	tk, tr, tc := shapeOf(t)
	fn, tn := fr*fc, tr*tc
	switch tk {
	case Basic:
		switch fk {
		case Basic:
			c.Shape = ShapeIdentity
		case Vector, Matrix:
			if fn > 1 {
				c.Shape = ShapeTruncation
			} else {
				c.Shape = ShapeToScalar
			}
		default:
			return false
		}
	case Vector:
		switch fk {
		case Basic:
			c.Shape = ShapeSplat
		case Vector:
			switch {
			case tc > fc && fc == 1:
				c.Shape = ShapeSplat
			case tc > fc:
				return false
			case tc < fc:
				c.Shape = ShapeTruncation
			default:
				c.Shape = ShapeIdentity
			}
		case Matrix:
			switch {
			case fn == 1 && tc != 1:
				c.Shape = ShapeSplat
			case fr == 1 || fc == 1:
				if tc > fn {
					return false
				} else if tc < fn {
					c.Shape = ShapeTruncation
				} else {
					c.Shape = ShapeReshape
				}
			case tc == 1 && fn > 1:
				c.Shape = ShapeTruncation
			case tc != fn:
				return false
			default:
				c.Shape = ShapeReshape
			}
		default:
			return false
		}
	case Matrix:
		switch fk {
		case Basic:
			c.Shape = ShapeSplat
		case Vector:
			switch {
			case fc == 1 && tn != 1:
				c.Shape = ShapeSplat
			case tn == fc:
				c.Shape = ShapeReshape
			case tn == 1:
				c.Shape = ShapeTruncation
			case (tr == 1 || tc == 1) && tn < fc:
				c.Shape = ShapeTruncation
			default:
				return false
			}
		case Matrix:
			switch {
			case fn == 1 && tn != 1:
				c.Shape = ShapeSplat
			case tn == 1:
				c.Shape = ShapeTruncation
			case tr > fr || tc > fc:
				return false
			case tr < fr || tc < fc:
				c.Shape = ShapeTruncation
			default:
				c.Shape = ShapeIdentity
			}
		default:
			return false
		}
	default:
		return false
	}
	if tn < fn {
		c.Truncates = true
	}
	return true
}

func convertComponent(f, t *Type, explicit bool, c *Conversion) bool {
	fs, ts := f.Scalar(), t.Scalar()
	fEnum, tEnum := f.Kind() == Enum, t.Kind() == Enum
	if tEnum && f != t {
		// Nothing converts implicitly to an enum; a cast may convert numbers.
		if !explicit || fEnum && f.named.Scoped {
			return false
		}
	}
	if fEnum && f.named.Scoped && !explicit {
		return false
	}
	if ts.Bits() != 0 && ts.Bits() < fs.Bits() {
		c.PrecisionLoss = true
	}
	if fs == ts {
		return true
	}
	switch {
	case ts == Bool:
		c.Comp = CompBoolean
	case fs == Bool:
		if ts.IsFloat() {
			c.Comp = CompFloatIntegral
		} else {
			c.Comp = CompIntConversion
		}
	case fs.IsInteger() && ts.IsInteger():
		if c.PrecisionLoss {
			c.Comp = CompIntConversion
		} else {
			c.Comp = CompIntPromotion
		}
	case fs.IsFloat() && ts.IsFloat():
		if c.PrecisionLoss {
			c.Comp = CompFloatConversion
		} else {
			c.Comp = CompFloatPromotion
		}
	default:
		c.Comp = CompFloatIntegral
	}
	return true
}

// convertAggregate handles structs and arrays. Implicitly, an aggregate
// converts only to one of the same flattened layout with equal component
// kinds (or a derived struct to its base); a cast also converts element
// types and splats a scalar into every component.
func convertAggregate(f, t *Type, kind ConvKind) (Conversion, bool) {
	explicit := kind == Explicit
	fAgg := f.Kind() == Struct || f.Kind() == Array
	tAgg := t.Kind() == Struct || t.Kind() == Array
	if !explicit && fAgg != tAgg {
		return Conversion{}, false
	}
	if f.Kind() == Struct && t.Kind() == Struct {
		for b := f.named.Base.Canonical(); b != nil; b = b.named.Base.Canonical() {
			if b == t {
				return Conversion{Shape: ShapeDerivedToBase}, true
			}
		}
	}
	if kind == Implicit && (f.Kind() == Struct || t.Kind() == Struct) && !(t.Kind() == Struct && t.named.Name == "") {
		// HLSL 2021: no implicit reinterpretation between distinct named structs.
		return Conversion{}, false
	}
	if explicit && !fAgg {
		if f.ComponentCount() == 1 && f.IsNumeric() && allNumeric(t) {
			return Conversion{Shape: ShapeFlat}, true
		}
	}
	fn, okf := numericCount(f)
	tn, okt := numericCount(t)
	if !okf || !okt || fn == 0 || tn == 0 {
		return Conversion{}, false
	}
	if explicit {
		if tn > fn {
			return Conversion{}, false
		}
		return Conversion{Shape: ShapeFlat, Truncates: tn < fn}, true
	}
	if fn != tn {
		return Conversion{}, false
	}
	if fn > maxFlattened {
		// Too big to list component by component (int[1000000000]
		// took 2 GB): only the same layout converts.
		return Conversion{Shape: ShapeFlat}, Identical(f, t)
	}
	fc, _ := flatten(f, nil)
	tc, _ := flatten(t, nil)
	for i := range fc {
		if fc[i] != tc[i] {
			return Conversion{}, false
		}
	}
	return Conversion{Shape: ShapeFlat}, true
}

func allNumeric(t *Type) bool {
	_, ok := numericCount(t)
	return ok
}

// maxFlattened is the largest aggregate whose components convertAggregate
// compares one by one.
const maxFlattened = 1 << 16

// numericCount counts the components flatten would list, without listing them
// (saturating at 1<<40); ok is false where flatten's would be.
func numericCount(t *Type) (int64, bool) {
	t = t.Canonical()
	switch t.Kind() {
	case Basic, Vector, Matrix, Enum:
		return int64(t.ComponentCount()), true
	case Array:
		if t.n <= 0 {
			return 0, false
		}
		n, ok := numericCount(t.elem)
		return min(n*min(t.n, 1<<40), 1<<40), ok
	case Struct:
		var total int64
		if b := t.named.Base; b != nil {
			n, ok := numericCount(b)
			if !ok {
				return 0, false
			}
			total += n
		}
		for _, f := range t.named.Fields {
			n, ok := numericCount(f.Type)
			if !ok {
				return 0, false
			}
			total = min(total+n, 1<<40)
		}
		return total, true
	}
	return 0, false
}

// flatten appends the component kinds of t in memory order; ok is false
// when t holds an object or something without components.
func flatten(t *Type, out []Scalar) ([]Scalar, bool) {
	t = t.Canonical()
	switch t.Kind() {
	case Basic, Vector, Matrix, Enum:
		for i := 0; i < t.ComponentCount(); i++ {
			out = append(out, t.Scalar())
		}
		return out, true
	case Array:
		if t.n <= 0 {
			return out, false
		}
		for i := int64(0); i < t.n; i++ {
			var ok bool
			if out, ok = flatten(t.elem, out); !ok {
				return out, false
			}
		}
		return out, true
	case Struct:
		var ok bool
		if b := t.named.Base; b != nil {
			if out, ok = flatten(b, out); !ok {
				return out, false
			}
		}
		for _, f := range t.named.Fields {
			if out, ok = flatten(f.Type, out); !ok {
				return out, false
			}
		}
		return out, true
	}
	return out, false
}

// CombineScalars is the usual arithmetic conversion on component kinds: the
// kind both operands of a binary operator (or the arguments bound to one
// intrinsic type parameter) convert to. Bool with bool is bool; literal
// with literal stays literal; a float side wins over an int side and
// keeps its width; otherwise the wider kind wins, unsigned winning ties;
// min-precision survives only when both sides (or the only non-literal
// side) have it.
func CombineScalars(a, b Scalar) (Scalar, bool) {
	if a == b {
		return a, a.IsNumeric()
	}
	if !a.IsNumeric() || !b.IsNumeric() {
		return NoScalar, false
	}
	pa, pb := a.props(), b.props()
	both, either := pa&pb, pa|pb
	if both&propBool != 0 {
		return Bool, true
	}
	isFloat := either&propFloat != 0
	if both&propLiteral != 0 {
		if isFloat {
			return LiteralFloat, true
		}
		return LiteralInt, true
	}
	bits := max(bitClass(a), bitClass(b))
	flags := both & (propMinPrec | propPartial)
	if !isFloat {
		flags |= either & propUnsigned
	}
	if either&(propLiteral|propBool) != 0 {
		flags |= either & (propMinPrec | propPartial)
	}
	if flags&propPartial != 0 {
		return HalfPP, true
	}
	if isFloat && both&propFloat == 0 {
		// Only one side is floating: the result is that side's kind.
		side := a
		if pa&propFloat == 0 {
			side = b
		}
		flags = side.props() &^ propLiteral
		bits = bitClass(side)
	}
	minPrec := flags&propMinPrec != 0
	if bits == 0 {
		bits = 32
	}
	if isFloat {
		switch bits {
		case 10:
			return Min10Float, true
		case 16:
			if minPrec {
				return Min16Float, true
			}
			return Float16, true
		case 32:
			return Float, true
		default:
			return Double, true
		}
	}
	unsigned := flags&propUnsigned != 0
	switch bits {
	case 12:
		return Min12Int, true
	case 16:
		switch {
		case minPrec && unsigned:
			return Min16Uint, true
		case minPrec:
			return Min16Int, true
		case unsigned:
			return Uint16, true
		}
		return Int16, true
	case 32:
		if unsigned {
			return Uint, true
		}
		return Int, true
	default:
		if unsigned {
			return Uint64, true
		}
		return Int64, true
	}
}

// bitClass is the width DXC ranks a kind by: the packed byte types count
// as 32-bit unsigned, bool and literals as 0.
func bitClass(s Scalar) int {
	return s.Bits()
}

// CombineShapes is the dimensional half of the usual arithmetic
// conversions: the larger operand's shape when the smaller converts to it
// (splat), else the smaller's (truncation), preferring the left on ties.
func CombineShapes(left, right *Type) (*Type, bool) {
	l, r := left.Canonical(), right.Canonical()
	var c Conversion
	if l.ComponentCount() >= r.ComponentCount() {
		if convertShape(r, l, &c) {
			return left, true
		}
		if convertShape(l, r, &c) {
			return right, true
		}
		return nil, false
	}
	if convertShape(l, r, &c) {
		return right, true
	}
	if convertShape(r, l, &c) {
		return left, true
	}
	return nil, false
}
