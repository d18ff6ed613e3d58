package ast

import "reflect"

// Clone returns a deep copy of the tree rooted at n in which every node has
// a fresh ID from next (called once per node, in no particular order) and
// keeps its source range. Nodes shared within the tree (declarators sharing
// one TypeExpr, a TypeExpr.Def that is also in a decl list) stay shared in
// the copy. The checker instantiates templates on copies, so each
// instantiation has its own node IDs and side-table entries.
func Clone[N Node](n N, next func() int32) N {
	cl := cloner{next: next, done: map[uintptr]reflect.Value{}}
	return cl.value(reflect.ValueOf(n)).Interface().(N)
}

type cloner struct {
	next func() int32
	done map[uintptr]reflect.Value // original pointer -> its copy
}

var nodeType = reflect.TypeOf((*Node)(nil)).Elem()

func (cl *cloner) value(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		if c, ok := cl.done[v.Pointer()]; ok {
			return c
		}
		c := reflect.New(v.Type().Elem())
		cl.done[v.Pointer()] = c
		c.Elem().Set(cl.value(v.Elem()))
		if n, ok := c.Interface().(Node); ok && v.Type().Implements(nodeType) {
			n.base().Id = cl.next()
		}
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(cl.value(v.Elem()))
		return c
	case reflect.Slice:
		if v.IsNil() || !holdsNodes(v.Type().Elem()) {
			return v // []Modifier, []string: never changed after parsing
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			c.Index(i).Set(cl.value(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		for i := 0; i < v.NumField(); i++ {
			if f := c.Field(i); f.CanSet() {
				f.Set(cl.value(v.Field(i)))
			}
		}
		return c
	}
	return v
}

// holdsNodes reports whether values of t can contain nodes.
func holdsNodes(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		return true
	case reflect.Slice:
		return holdsNodes(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if holdsNodes(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}
