package sema

import (
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// An Object is something a name denotes: a variable, a function (overload
// set), a type, a namespace or an enum constant.
type Object interface {
	Name() string
	Type() *types.Type
	Pos() diag.Pos // where it was declared (NoPos for built-ins)
}

// Storage is where a variable lives.
type Storage uint8

const (
	StorageLocal       Storage = iota // a function's local
	StorageStaticLocal                // static inside a function
	StorageParam                      // a parameter (see Var.Mode)
	StorageStatic                     // static global
	StorageGroupShared                // groupshared global
	StorageGlobals                    // non-static global: a member of $Globals (or a resource)
	StorageCBuffer                    // member of a cbuffer/tbuffer
	StorageResource                   // a global resource or sampler (textures, buffers, ...)
	StorageField                      // a struct field
	StorageStaticField                // a static struct member
)

var storageNames = [...]string{"local", "static local", "param", "static", "groupshared", "$Globals", "cbuffer", "resource", "field", "static field"}

func (s Storage) String() string { return storageNames[s] }

// Var is a variable, parameter, field or buffer member.
type Var struct {
	name    string
	typ     *types.Type
	pos     diag.Pos
	Decl    ast.Node // *ast.VarDecl or *ast.Param
	Storage Storage
	Mode    types.ParamMode // for parameters
	Const   bool
	// Value is the value of a static const (or const local) with a constant
	// initializer.
	Value *constant.Composite
	// Buffer is the cbuffer or tbuffer a StorageCBuffer member belongs to.
	Buffer *Buffer
	// Init is the initializer of a static member defined out of line
	// (float4 S::M = ...); other variables have theirs in Decl.
	Init ast.Expr
}

func (v *Var) Name() string          { return v.name }
func (v *Var) Type() *types.Type     { return v.typ }
func (v *Var) Pos() diag.Pos         { return v.pos }
func (v *Var) SetType(t *types.Type) { v.typ = t }

// Func is one function or method declaration (a prototype and its later
// definition share one Func).
type Func struct {
	name   string
	typ    *types.Type // types.Func
	pos    diag.Pos
	Decl   *ast.FuncDecl // the definition when seen, else the prototype
	Params []*Var
	Result *types.Type
	// Recv is the struct of a method, nil for a free function.
	Recv   *types.Type
	Static bool
	// Namespaces are the namespaces the function is declared in,
	// outermost first (A::B::f has A and B).
	Namespaces []string
	// Callees are the user functions the body calls, in order, for
	// checks that apply to what an entry point reaches.
	Callees []*Func
	// discards are the positions of `discard` statements in the body.
	discards []diag.Pos
}

func (f *Func) Name() string      { return f.name }
func (f *Func) Type() *types.Type { return f.typ }
func (f *Func) Pos() diag.Pos     { return f.pos }

// Overloads is the set of functions sharing a name in one scope.
type Overloads struct {
	name  string
	Funcs []*Func
}

func (o *Overloads) Name() string      { return o.name }
func (o *Overloads) Type() *types.Type { return nil }
func (o *Overloads) Pos() diag.Pos {
	if len(o.Funcs) > 0 {
		return o.Funcs[0].pos
	}
	return diag.NoPos
}

// TypeName is a named type: a struct, enum, typedef or built-in name.
type TypeName struct {
	name  string
	typ   *types.Type
	pos   diag.Pos
	Scope *Scope // a struct's or enum's member scope, or nil
	// Template is set for a struct or alias template; its uses are not
	// checked in depth.
	Template bool
	// Const is set for an alias of a const-qualified type (`typedef const
	// int CI;`): variables declared with it are const.
	Const bool
}

func (t *TypeName) Name() string      { return t.name }
func (t *TypeName) Type() *types.Type { return t.typ }
func (t *TypeName) Pos() diag.Pos     { return t.pos }

// Namespace is a namespace.
type Namespace struct {
	name  string
	pos   diag.Pos
	Scope *Scope
}

func (n *Namespace) Name() string      { return n.name }
func (n *Namespace) Type() *types.Type { return nil }
func (n *Namespace) Pos() diag.Pos     { return n.pos }

// EnumConst is an enumerator.
type EnumConst struct {
	name  string
	typ   *types.Type
	pos   diag.Pos
	Value constant.Value
}

func (e *EnumConst) Name() string      { return e.name }
func (e *EnumConst) Type() *types.Type { return e.typ }
func (e *EnumConst) Pos() diag.Pos     { return e.pos }

// Buffer is a cbuffer or tbuffer block.
type Buffer struct {
	name    string
	pos     diag.Pos
	Decl    *ast.BufferDecl
	TBuffer bool
	Members []*Var
}

func (b *Buffer) Name() string      { return b.name }
func (b *Buffer) Type() *types.Type { return nil }
func (b *Buffer) Pos() diag.Pos     { return b.pos }

// Template is a function, struct, variable or alias template. Uses
// instantiate it (template.go); each argument list is checked once.
type Template struct {
	name string
	pos  diag.Pos
	Decl *ast.TemplateDecl
	// TypeParams are the parameters' types (types.TypeParam), nil for
	// value parameters.
	TypeParams []*types.Type
	// Params and Result are a function template's signature, in terms of
	// TypeParams; nil when it could not be typed.
	Params []*types.Type
	Result *types.Type

	kind  templateKind
	scope *Scope      // where it was declared
	recv  *types.Type // the struct of a member function template
	// next is the previous function template of the same name in the
	// same scope (overloaded templates).
	next *Template
	// specs are its explicit and partial specializations; members the
	// out-of-line definitions of a struct template's members.
	specs, members []*ast.TemplateDecl
	insts          map[string]*instance
	list           []*instance // insts in creation order
	tt             *types.Template
}

func (t *Template) Name() string      { return t.name }
func (t *Template) Type() *types.Type { return types.InvalidType() }
func (t *Template) Pos() diag.Pos     { return t.pos }

// ScopeKind says what opened a scope.
type ScopeKind uint8

const (
	ScopeUniverse ScopeKind = iota
	ScopeGlobal
	ScopeNamespace
	ScopeStruct
	ScopeFunc
	ScopeBlock
	ScopeTemplate
)

// Scope maps names to objects; lookups go outwards through Parent.
type Scope struct {
	Parent *Scope
	Kind   ScopeKind
	Name   string
	// Struct is the struct type of a ScopeStruct.
	Struct *types.Type
	names  scopeNames
	// using are namespaces brought in by `using namespace`.
	using []*Scope
}

func newScope(parent *Scope, kind ScopeKind, name string) *Scope {
	return &Scope{Parent: parent, Kind: kind, Name: name}
}

// scopeNames maps a scope's names to their objects: a list searched in
// order while it is short, a map past maxListedNames. Most scopes are
// blocks declaring a few locals, and a lookup asks every enclosing scope:
// comparing a few strings costs less than hashing the name for each.
type scopeNames struct {
	list []namedObject
	m    map[string]Object
	// shapes, with m, has bit min(len(name), 63) of shapes[name[0]&63]
	// set for each name in m: the global scope is a map, and most names
	// looked up there from a function are a built-in's, in no scope,
	// whose hashing and probing cost about 80 instructions.
	shapes *[64]uint64
}

type namedObject struct {
	name string
	obj  Object
}

const maxListedNames = 8

func (n *scopeNames) get(name string) (Object, bool) {
	if n.m != nil {
		if name == "" || n.shapes[name[0]&63]&(1<<min(len(name), 63)) == 0 {
			return nil, false
		}
		o, ok := n.m[name]
		return o, ok
	}
	for i := range n.list {
		if n.list[i].name == name {
			return n.list[i].obj, true
		}
	}
	return nil, false
}

func (n *scopeNames) set(name string, o Object) {
	switch {
	case n.m != nil:
		n.m[name] = o
		n.shape(name)
		return
	case n.list == nil:
		n.list = make([]namedObject, 0, maxListedNames/2)
	}
	for i := range n.list {
		if n.list[i].name == name {
			n.list[i].obj = o
			return
		}
	}
	if len(n.list) < maxListedNames {
		n.list = append(n.list, namedObject{name, o})
		return
	}
	n.m = make(map[string]Object, 2*maxListedNames)
	n.shapes = new([64]uint64)
	for _, e := range n.list {
		n.m[e.name] = e.obj
		n.shape(e.name)
	}
	n.m[name] = o
	n.shape(name)
	n.list = nil
}

// shape notes name's shape in shapes.
func (n *scopeNames) shape(name string) {
	if name != "" {
		n.shapes[name[0]&63] |= 1 << min(len(name), 63)
	}
}

// Lookup finds name in s alone (and namespaces it uses).
func (s *Scope) Lookup(name string) Object {
	if o, ok := s.names.get(name); ok {
		return o
	}
	if len(s.using) == 0 {
		return nil
	}
	return s.lookupUsing(name, map[*Scope]bool{s: true})
}

// lookupUsing searches the used namespaces, each once (namespaces may use
// each other).
func (s *Scope) lookupUsing(name string, seen map[*Scope]bool) Object {
	for _, u := range s.using {
		if seen[u] {
			continue
		}
		seen[u] = true
		if o, ok := u.names.get(name); ok {
			return o
		}
		if o := u.lookupUsing(name, seen); o != nil {
			return o
		}
	}
	return nil
}

// LookupParent finds name in s or its parents.
func (s *Scope) LookupParent(name string) (Object, *Scope) {
	for ; s != nil; s = s.Parent {
		if o := s.Lookup(name); o != nil {
			return o, s
		}
	}
	return nil, nil
}

// Insert adds o; it returns the object already declared with that name in
// s, if any (and then does not insert).
func (s *Scope) Insert(o Object) Object {
	if old, ok := s.names.get(o.Name()); ok {
		return old
	}
	s.names.set(o.Name(), o)
	return nil
}

// set adds or replaces o.
func (s *Scope) set(o Object) { s.names.set(o.Name(), o) }

// newUniverseScope holds the predeclared struct types, which are u's
// own; its parent, the predeclared constants, which are the same for
// every compile.
func newUniverseScope(u *types.Universe) *Scope {
	s := newScope(predeclaredScope(), ScopeUniverse, "")
	for _, o := range []types.Object{types.RayDesc, types.BuiltInTriangleIntersectionAttributes} {
		if t := u.BuiltinStruct(o); t != nil {
			s.set(&TypeName{name: o.String(), typ: t})
		}
	}
	return s
}

// predeclaredScope is the scope of the predeclared constants and their
// typedefs (declarePredeclared): made on first use, then shared, read
// only, by every compile of the process (a batch compiles hundreds of
// files; declaring them took a tenth of what a small file's checking
// allocated). Nothing a checker does changes them: only a struct's
// static members are assigned after being declared.
var predeclaredScope = sync.OnceValue(func() *Scope {
	s := newScope(nil, ScopeUniverse, "")
	declarePredeclared(s)
	return s
})
