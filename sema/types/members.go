package types

import (
	"errors"
	"fmt"
)

// Swizzle is a resolved vector or matrix component selection.
type Swizzle struct {
	Type       *Type // the selection's type: scalar for one component, else a vector
	Indices    []int // component indices (for matrices: row*cols+col)
	Duplicates bool  // a component repeats: the result is not assignable
}

// VectorSwizzle resolves v.sel on a scalar or vector (f.xxx, v.zyx, c.rgba).
// Errors are worded as DXC words them.
func VectorSwizzle(t *Type, sel string) (Swizzle, error) {
	c := t.Canonical()
	n := 1
	switch c.Kind() {
	case Vector:
		n = c.VecSize()
	case Basic:
	default:
		return Swizzle{}, fmt.Errorf("invalid format for vector swizzle '%s'", sel)
	}
	if sel == "" {
		return Swizzle{}, fmt.Errorf("vector swizzle is empty '%s'", sel)
	}
	if len(sel) > 4 {
		return Swizzle{}, fmt.Errorf("more than four positions are referenced in '%s'", sel)
	}
	const xyzw, rgba = "xyzw", "rgba"
	set := ""
	s := Swizzle{Indices: make([]int, 0, len(sel))}
	var seen [4]bool
	for i := 0; i < len(sel); i++ {
		k := indexByte(xyzw, sel[i])
		cs := xyzw
		if k < 0 {
			k, cs = indexByte(rgba, sel[i]), rgba
		}
		if k < 0 || set != "" && set != cs {
			return Swizzle{}, fmt.Errorf("invalid format for vector swizzle '%s'", sel)
		}
		set = cs
		if k >= n {
			return Swizzle{}, fmt.Errorf("vector swizzle '%s' is out of bounds", sel)
		}
		if seen[k] {
			s.Duplicates = true
		}
		seen[k] = true
		s.Indices = append(s.Indices, k)
	}
	s.Type = selectionType(c.Scalar(), len(s.Indices))
	return s, nil
}

func indexByte(s string, b byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return i
		}
	}
	return -1
}

func selectionType(s Scalar, n int) *Type {
	if n == 1 {
		return ScalarType(s)
	}
	return Vec(s, n)
}

// MatrixSwizzle resolves m.sel on a matrix: one-based '_11_22' or
// zero-based '_m00_m11' positions, up to four.
func MatrixSwizzle(t *Type, sel string) (Swizzle, error) {
	c := t.Canonical()
	if c.Kind() != Matrix {
		return Swizzle{}, fmt.Errorf("invalid format for matrix subscript '%s'", sel)
	}
	if sel == "" {
		return Swizzle{}, fmt.Errorf("matrix subscript is empty '%s'", sel)
	}
	rows, cols := c.Rows(), c.Cols()
	var s Swizzle
	seen := map[int]bool{}
	zeroBased, oneBased := false, false
	for i := 0; i < len(sel); {
		if sel[i] != '_' {
			return Swizzle{}, fmt.Errorf("invalid format for matrix subscript '%s'", sel)
		}
		i++
		zero := i < len(sel) && sel[i] == 'm'
		if zero {
			i++
			zeroBased = true
		} else {
			oneBased = true
		}
		if zeroBased && oneBased {
			return Swizzle{}, fmt.Errorf("matrix subscript '%s' mixes one-based and zero-based references", sel)
		}
		if i+2 > len(sel) || !isDigit(sel[i]) || !isDigit(sel[i+1]) {
			return Swizzle{}, fmt.Errorf("invalid format for matrix subscript '%s'", sel)
		}
		r, col := int(sel[i]-'0'), int(sel[i+1]-'0')
		i += 2
		if zero && (r == 4 || col == 4) {
			return Swizzle{}, fmt.Errorf("the digit '4' is used in '%s', but the syntax is for zero-based rows and columns", sel)
		}
		if !zero {
			if r == 0 || col == 0 {
				return Swizzle{}, fmt.Errorf("the digit '0' is used in '%s', but the syntax is for one-based rows and columns", sel)
			}
			r, col = r-1, col-1
		}
		if len(s.Indices) == 4 {
			return Swizzle{}, fmt.Errorf("more than four positions are referenced in '%s'", sel)
		}
		if r >= rows || col >= cols {
			return Swizzle{}, fmt.Errorf("matrix subscript '%s' is out of bounds", sel)
		}
		k := r*cols + col
		if seen[k] {
			s.Duplicates = true
		}
		seen[k] = true
		s.Indices = append(s.Indices, k)
	}
	s.Type = selectionType(c.Scalar(), len(s.Indices))
	return s, nil
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// Subscript describes t[i]: the element type, the index type expected
// and whether the element may be written.
type Subscript struct {
	Elem     *Type
	Index    *Type // uint for buffers and arrays, uint2 for a 2-D texture, ...
	Writable bool  // false for read-only resources (the element is const)
}

// ErrNotSubscriptable is DXC's message for indexing anything else.
var ErrNotSubscriptable = errors.New("subscripted value is not an array, matrix, or vector")

// SubscriptOf describes indexing t: vectors give a component, matrices a
// row, arrays an element, and buffers, textures and patches an element
// addressed by an unsigned index of the resource's dimension.
func SubscriptOf(t *Type) (Subscript, error) {
	c := t.Canonical()
	u32 := ScalarType(Uint)
	switch c.Kind() {
	case Vector:
		return Subscript{Elem: ScalarType(c.Scalar()), Index: u32, Writable: true}, nil
	case Matrix:
		return Subscript{Elem: Vec(c.Scalar(), c.Cols()), Index: u32, Writable: true}, nil
	case Array:
		return Subscript{Elem: c.Elem(), Index: u32, Writable: true}, nil
	case ObjectK:
		o := c.Object()
		switch o.Class() {
		case ClassTypedBuffer, ClassStructuredBuffer:
			if o == AppendStructuredBuffer || o == ConsumeStructuredBuffer {
				return Subscript{}, ErrNotSubscriptable
			}
			return Subscript{Elem: c.Elem(), Index: u32, Writable: o.IsWritable()}, nil
		case ClassTexture:
			n := o.CoordCount()
			if o.Dim() == DimCube || n == 0 || o == FeedbackTexture2D || o == FeedbackTexture2DArray {
				return Subscript{}, ErrNotSubscriptable
			}
			return Subscript{Elem: c.Elem(), Index: selectionType(Uint, n), Writable: o.IsWritable()}, nil
		case ClassPatch:
			return Subscript{Elem: c.Elem(), Index: u32, Writable: o == OutputPatch}, nil
		case ClassNode:
			f := o.NodeFlags()
			switch {
			case f&NodeRecords != 0 && f&NodeEmpty == 0:
				// one record of an input or output record array
				return Subscript{Elem: c.Elem(), Index: u32, Writable: f&NodeReadWrite != 0}, nil
			}
			// (an element of a node output array is a NodeOutput<T>,
			// which needs a Universe: see Universe.SubscriptOf)
		}
	}
	return Subscript{}, ErrNotSubscriptable
}

// MipsOf describes tex.mips[level][location] on a mipmapped read-only
// texture (not cubes): the level is a uint, the result indexes like the
// texture itself. ok is false for kinds without .mips.
func MipsOf(t *Type) (Subscript, bool) {
	c := t.Canonical()
	o := c.Object()
	if o.Class() != ClassTexture || o.IsWritable() || o.IsMultisampled() || o.Dim() == DimCube || o.CoordCount() == 0 {
		return Subscript{}, false
	}
	s, err := SubscriptOf(c)
	return s, err == nil
}

// SampleOf describes tex.sample[index][location] on a multisampled
// texture: the sample index is a uint, the location a uint vector.
func SampleOf(t *Type) (Subscript, bool) {
	c := t.Canonical()
	o := c.Object()
	if o.Class() != ClassTexture || !o.IsMultisampled() {
		return Subscript{}, false
	}
	s, err := SubscriptOf(c)
	return s, err == nil
}
