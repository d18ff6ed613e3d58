package types

// Overload ranking. DXC ranks a candidate by summing, over its arguments,
// a score built from independent penalty bits; the lowest total wins and a
// tie between the best is ambiguous. From cheapest to dearest the
// penalties are: a splat (the parameter has more components), a promotion
// on the parameter's side, a promotion on the argument's side, a
// signed/unsigned swap on either side, a real conversion on either side,
// and last a truncation (the parameter has fewer components). Each penalty
// occupies its own 7-bit field so up to 127 arguments never carry into
// the next kind.

// Penalty bit positions in a Score.
const (
	scoreMinShift   = 2
	scoreParamShift = 7
)

const (
	penaltySplat = iota
	penaltyParamPromotion
	penaltyArgPromotion
	penaltyParamIntCast
	penaltyArgIntCast
	penaltyParamCast
	penaltyArgCast
	penaltyTruncation
)

// NoMatch is the score of an argument that cannot be passed at all.
const NoMatch = ^uint64(0)

func penalty(k int) uint64 { return 1 << (scoreMinShift + scoreParamShift*k) }

// Score ranks passing an argument of type arg to a parameter of type
// param: 0 for identical types, larger for worse conversions. It does not
// decide whether the conversion is legal (use Convert); it only orders
// legal candidates, as DXC's overload resolution does.
func Score(arg, param *Type) uint64 {
	p, a := param.Canonical(), arg.Canonical()
	if p == a {
		return 0
	}
	pSize, aSize := componentsForScore(p), componentsForScore(a)
	n := min(pSize, aSize)
	if n > 1 && isNumericShape(p) && isNumericShape(a) {
		n = 1 // every component has the same kind: one comparison decides
	}
	var pPromo, aPromo, pIntCast, aIntCast, pCast, aCast bool
	for i := 0; i < n; i++ {
		pk, pObj := nthComponent(p, i)
		ak, aObj := nthComponent(a, i)
		if pObj != nil || aObj != nil {
			if pObj == nil || aObj == nil || pObj != aObj {
				pCast, aCast = true, true
			}
			continue
		}
		if pk == NoScalar || ak == NoScalar {
			pCast, aCast = true, true
			continue
		}
		combined, ok := CombineScalars(pk, ak)
		switch {
		case ok && isPromotion(pk, combined):
			pPromo = true
		case !ok || isCast(pk, combined):
			pCast = true
		case isIntCast(pk, combined):
			pIntCast = true
		}
		switch {
		case ok && isPromotion(combined, ak):
			aPromo = true
		case !ok || isCast(combined, ak):
			aCast = true
		case isIntCast(combined, ak):
			aIntCast = true
		}
	}
	return bit(penaltySplat, aSize < pSize) |
		bit(penaltyParamPromotion, pPromo) |
		bit(penaltyArgPromotion, aPromo) |
		bit(penaltyParamIntCast, pIntCast) |
		bit(penaltyArgIntCast, aIntCast) |
		bit(penaltyParamCast, pCast) |
		bit(penaltyArgCast, aCast) |
		bit(penaltyTruncation, pSize < aSize)
}

func bit(k int, cond bool) uint64 {
	if cond {
		return penalty(k)
	}
	return 0
}

func isNumericShape(t *Type) bool {
	switch t.Kind() {
	case Basic, Vector, Matrix, Enum:
		return true
	}
	return false
}

// componentsForScore counts components, objects counting as one.
func componentsForScore(t *Type) int {
	switch t.Kind() {
	case ObjectK:
		return 1
	case Array:
		if t.n <= 0 {
			return 0
		}
		return int(t.n) * componentsForScore(t.elem.Canonical())
	case Struct:
		n := 0
		if b := t.named.Base; b != nil {
			n += componentsForScore(b.Canonical())
		}
		for _, f := range t.named.Fields {
			n += componentsForScore(f.Type.Canonical())
		}
		return n
	}
	return t.ComponentCount()
}

// nthComponent returns the component kind (or object type) at flattened index i.
func nthComponent(t *Type, i int) (Scalar, *Type) {
	switch t.Kind() {
	case Basic, Vector, Matrix, Enum:
		return t.Scalar(), nil
	case ObjectK:
		return NoScalar, t
	case Array:
		e := t.elem.Canonical()
		n := componentsForScore(e)
		if n == 0 {
			return NoScalar, nil
		}
		return nthComponent(e, i%n)
	case Struct:
		if b := t.named.Base; b != nil {
			bc := b.Canonical()
			if n := componentsForScore(bc); i < n {
				return nthComponent(bc, i)
			} else {
				i -= n
			}
		}
		for _, f := range t.named.Fields {
			ft := f.Type.Canonical()
			if n := componentsForScore(ft); i < n {
				return nthComponent(ft, i)
			} else {
				i -= n
			}
		}
	}
	return NoScalar, nil
}

// isPromotion reports whether from widens losslessly into to in DXC's
// sense (signedness ignored for sized ints, for backwards compatibility).
func isPromotion(to, from Scalar) bool {
	if to == from {
		return false
	}
	switch from {
	case Float16:
		return to == HalfPP || to == Float || to == Double
	case HalfPP:
		return to == Float || to == Double
	case Float:
		return to == Double
	case Min10Float:
		return to == Min16Float || to == Float16 || to == HalfPP || to == Float || to == Double
	case Min16Float:
		return to == Float16 || to == HalfPP || to == Float || to == Double
	case Int16, Uint16:
		return to == Int || to == Uint || to == Int64 || to == Uint64
	case Int, Uint:
		return to == Int64 || to == Uint64
	case Min12Int:
		return to == Min16Int || to == Int || to == Int64
	case Min16Int:
		return to == Int || to == Int64
	case Min16Uint:
		return to == Uint || to == Uint64
	}
	return false
}

func isSizedInt(s Scalar) bool {
	switch s {
	case Int16, Uint16, Int, Uint, Int64, Uint64:
		return true
	}
	return false
}

func isSizedFloat(s Scalar) bool {
	switch s {
	case Float16, HalfPP, Float, Double:
		return true
	}
	return false
}

// signSwap pairs the same-width signed and unsigned kinds.
func signSwap(s Scalar) Scalar {
	switch s {
	case Int16:
		return Uint16
	case Uint16:
		return Int16
	case Int:
		return Uint
	case Uint:
		return Int
	case Int64:
		return Uint64
	case Uint64:
		return Int64
	}
	return NoScalar
}

// isCast reports a "real" conversion: anything except identity, a literal
// taking a sized kind of its class, and a sized int changing signedness.
// Min-precision kinds and bool only match themselves.
func isCast(to, from Scalar) bool {
	if to == from {
		return false
	}
	switch {
	case to == LiteralInt:
		return !isSizedInt(from)
	case isSizedInt(to):
		return from != LiteralInt && from != signSwap(to)
	case to == LiteralFloat:
		return !isSizedFloat(from)
	case isSizedFloat(to):
		return from != LiteralFloat
	}
	return true
}

// isIntCast reports any change other than identity and literal-to-sized;
// after isCast it singles out signed/unsigned swaps.
func isIntCast(to, from Scalar) bool {
	if to == from {
		return false
	}
	switch {
	case to == LiteralInt:
		return !isSizedInt(from)
	case isSizedInt(to):
		return from != LiteralInt
	case to == LiteralFloat:
		return !isSizedFloat(from)
	case isSizedFloat(to):
		return from != LiteralFloat
	}
	return true
}

// CallScore ranks a call of a function with the given parameters: the sum
// of each argument's Score (both directions for out and inout
// parameters, whose value is copied back). It returns NoMatch and the
// index of the first argument that cannot be passed when the call is not
// viable; the arity must already match. User-defined overload sets are
// resolved by taking the lowest score, a tie being ambiguous, exactly as
// sema/intrinsics does for the built-in table.
func CallScore(params []Param, args []*Type, kind ConvKind) (score uint64, bad int) {
	for i, p := range params {
		if i >= len(args) {
			return NoMatch, i
		}
		a := args[i]
		if p.Mode != Out {
			if _, ok := Convert(a, p.Type, kind); !ok {
				return NoMatch, i
			}
			score += Score(a, p.Type)
		}
		if p.Mode != In {
			if _, ok := Convert(p.Type, a, kind); !ok {
				return NoMatch, i
			}
			score += Score(p.Type, a)
		}
	}
	return score, -1
}
