package intrinsics

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Call is a call to resolve against the table.
type Call struct {
	Name     string
	Receiver *types.Type // the object of a method call (buf.Load(...)); nil for a function call
	Vk       bool        // called as vk::Name
	Args     []*types.Type
	Template *types.Type // an explicit template argument (buf.Load<float4>(0)), or nil
}

// Match is the chosen overload with its concrete parameter and result types.
type Match struct {
	ID       ID
	Overload *Overload
	Params   []types.Param // one per argument; a variadic tail keeps the argument types
	Result   *types.Type
}

// ErrorKind classifies a resolution failure.
type ErrorKind uint8

const (
	NotIntrinsic ErrorKind = iota // no intrinsic or method of that name
	NoMatch                       // no overload accepts the arguments
	Ambiguous                     // several overloads rank equally best
)

// Note is one candidate listed under a resolution error.
type Note struct {
	Msg       string // "candidate function not viable: no known conversion from 'int3' to 'float' for 1st argument"
	Signature string // the overload as written in intrinsics.def
}

// Error is a resolution failure worded as DXC words it.
type Error struct {
	Kind  ErrorKind
	Msg   string
	Notes []Note
}

func (e *Error) Error() string { return e.Msg }

// maxVars bounds the template variables of one overload (checked by a test).
const maxVars = 8

// A nameIndex maps names, sorted, to the overloads (rows of overloads)
// each has. The generated tables are nameIndexes rather than maps: a map
// literal is built by code at every process start.
type nameIndex struct {
	names []string
	rows  [][]uint16
}

func (x *nameIndex) lookup(name string) ([]uint16, bool) {
	i := sort.SearchStrings(x.names, name)
	if i < len(x.names) && x.names[i] == name {
		return x.rows[i], true
	}
	return nil, false
}

// A methodTable is the methods of the object kind named object.
type methodTable struct {
	object  string
	methods nameIndex
}

// methodsByObject indexes objectMethods by object kind; it is made on
// first use.
var methodsByObject = sync.OnceValue(func() *[types.NumObjects]*nameIndex {
	var by [types.NumObjects]*nameIndex
	for i := range objectMethods {
		t := &objectMethods[i]
		b, ok := types.LookupBuiltin(t.object)
		if !ok || b.Kind != types.BuiltinObject {
			panic("intrinsics: unknown object kind in table: " + t.object)
		}
		by[b.Object] = &t.methods
	}
	return &by
})

// methodsOf is the method index of object kind o, or nil.
func methodsOf(o types.Object) *nameIndex {
	if o >= types.NumObjects {
		return nil
	}
	return methodsByObject()[o]
}

// IsFunction reports whether name is a global intrinsic function.
func IsFunction(name string) bool { _, ok := globalFuncs.lookup(name); return ok }

// IsVkFunction reports whether vk::name is an intrinsic.
func IsVkFunction(name string) bool { _, ok := vkFuncs.lookup(name); return ok }

// HasMethod reports whether objects of kind o have a method called name.
func HasMethod(o types.Object, name string) bool {
	m := methodsOf(o)
	if m == nil {
		return false
	}
	_, ok := m.lookup(name)
	return ok
}

// Overloads returns the overloads a call with this name and receiver would consider.
func Overloads(c Call) []*Overload {
	var out []*Overload
	for _, i := range candidates(c) {
		out = append(out, &overloads[i])
	}
	return out
}

func candidates(c Call) []uint16 {
	switch {
	case c.Receiver != nil:
		m := methodsOf(c.Receiver.Object())
		if m == nil {
			return nil
		}
		rows, _ := m.lookup(c.Name)
		return rows
	case c.Vk:
		rows, _ := vkFuncs.lookup(c.Name)
		return rows
	}
	rows, _ := globalFuncs.lookup(c.Name)
	return rows
}

// AllowedIn reports whether the overload may be used in stage s at
// shader model major.minor.
func (o *Overload) AllowedIn(s stage.Stage, major, minor int) bool {
	if o.Stages != 0 && !o.Stages.Has(s) {
		return false
	}
	sm := major*100 + minor
	if o.LateStages.Has(s) && sm < int(o.LateSM) {
		return false
	}
	return sm >= int(o.SM)
}

// isCombined reports the vk::SampledTexture* kinds, whose methods take no
// sampler argument.
func isCombined(o types.Object) bool {
	return strings.HasPrefix(o.String(), "vk::Sampled")
}

// Resolve picks the overload of an intrinsic (or method) that the
// arguments select, with DXC's rules: type variables are bound from the
// arguments (components combined, scalars splatted, vectors truncated to
// the shortest), each argument is ranked by types.Score, the lowest total
// wins and a tie is ambiguous.
func Resolve(u *types.Universe, c Call) (Match, *Error) {
	idx := candidates(c)
	if len(idx) == 0 {
		return Match{}, notIntrinsic(c)
	}
	var buf [32]*Overload
	cands := buf[:0]
	takesTemplate := false
	for _, i := range idx {
		o := &overloads[i]
		cands = append(cands, o)
		takesTemplate = takesTemplate || o.usesTmpl()
	}
	if c.Template != nil {
		if !takesTemplate {
			return Match{}, &Error{Kind: NoMatch, Msg: "Explicit template arguments on intrinsic " + c.Name + " are not supported"}
		}
		if c.Receiver != nil && c.Receiver.Object().Class() == types.ClassByteAddressBuffer && !numericOrAggregate(c.Template) {
			return Match{}, &Error{Kind: NoMatch, Msg: "Explicit template arguments on intrinsic " + c.Name + " must be a single numeric type"}
		}
	}
	return resolveAmong(u, c, cands)
}

func (o *Overload) usesTmpl() bool {
	if o.Result.Kind == PatTmpl {
		return true
	}
	for _, p := range o.Params() {
		if p.Type.Kind == PatTmpl {
			return true
		}
	}
	return false
}

// numericOrAggregate reports a scalar, vector, matrix, or an array or
// struct made only of them: what a byte-address buffer can load or store.
func numericOrAggregate(t *types.Type) bool {
	c := t.Canonical()
	switch c.Kind() {
	case types.Basic, types.Vector, types.Matrix, types.Enum:
		return true
	case types.Array:
		return numericOrAggregate(c.Elem())
	case types.Struct:
		if b := c.Named().Base; b != nil && !numericOrAggregate(b) {
			return false
		}
		for _, f := range c.Named().Fields {
			if !numericOrAggregate(f.Type) {
				return false
			}
		}
		return true
	}
	return false
}

func resolveAmong(u *types.Universe, c Call, cands []*Overload) (Match, *Error) {
	var (
		best      Match
		bestScore = types.NoMatch
		ties      []*Overload
		r         resolver
	)
	// Each candidate's parameters go to cur; the best's are kept in
	// params, and copied out once the winner is known (so that the
	// buffers stay on the stack).
	var bufs [2][8]types.Param
	cur, params := bufs[0][:], bufs[1][:]
	if len(c.Args) > len(cur) {
		cur, params = make([]types.Param, len(c.Args)), make([]types.Param, len(c.Args))
	}
	for _, o := range cands {
		m, score, why, applicable := r.try(u, c, o, false, cur[:len(c.Args)])
		if !applicable || why != "" {
			continue
		}
		switch {
		case score < bestScore:
			best, bestScore = m, score
			cur, params = params, cur
			ties = append(ties[:0], o)
		case score == bestScore:
			ties = append(ties, o)
		}
	}
	if bestScore == types.NoMatch {
		what := "function"
		if c.Receiver != nil {
			what = "member function"
		}
		return Match{}, &Error{Kind: NoMatch, Msg: "no matching " + what + " for call to '" + c.Name + "'", Notes: explain(u, c, cands)}
	}
	if len(ties) > 1 {
		e := &Error{Kind: Ambiguous, Msg: "call to '" + c.Name + "' is ambiguous"}
		for _, o := range ties {
			e.Notes = append(e.Notes, Note{Msg: "candidate function", Signature: o.String()})
		}
		return Match{}, e
	}
	best.Params = slices.Clone(params[:len(c.Args)])
	return best, nil
}

// explain reruns the failed candidates, this time spelling out why each
// is not viable (kept off the success path, which then allocates little).
func explain(u *types.Universe, c Call, cands []*Overload) []Note {
	var (
		notes []Note
		r     resolver
	)
	params := make([]types.Param, len(c.Args))
	for _, o := range cands {
		if _, _, why, applicable := r.try(u, c, o, true, params); applicable && why != "" {
			notes = append(notes, Note{Msg: "candidate function not viable: " + why, Signature: o.String()})
		}
	}
	return notes
}

func notIntrinsic(c Call) *Error {
	if c.Receiver != nil {
		return &Error{Kind: NotIntrinsic, Msg: "no member named '" + c.Name + "' in '" + c.Receiver.String() + "'"}
	}
	if c.Vk {
		return &Error{Kind: NotIntrinsic, Msg: "no member named '" + c.Name + "' in namespace 'vk'"}
	}
	return &Error{Kind: NotIntrinsic, Msg: "use of undeclared identifier '" + c.Name + "'"}
}

// resolver holds the bindings of one overload attempt; reused across
// candidates to avoid allocation.
type resolver struct {
	shape [maxVars]types.Kind // Invalid: not yet bound
	rows  [maxVars]int
	cols  [maxVars]int
	comp  [maxVars]types.Scalar
	dim   [maxVars]int
	strct [maxVars]*types.Type
	tmpl  *types.Type
	// anySampler is the sampler argument bound to an any_sampler parameter.
	anySampler *types.Type
	params     [16]int // overload parameter index for each argument
	n          int     // parameters in use
	obj        types.Object
	elem       *types.Type
	u          *types.Universe
	o          *Overload
	// explain: build the reasons for failures (else a placeholder)
	explain bool
}

func ordinal(n int) string {
	s := strconv.Itoa(n)
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return s + "th"
	case n%10 == 1:
		return s + "st"
	case n%10 == 2:
		return s + "nd"
	case n%10 == 3:
		return s + "rd"
	}
	return s + "th"
}

// try matches c against o. applicable is false when o does not exist for
// the receiver (an offset on a cube texture); otherwise why is empty on
// success or says why o is not viable. The match's parameters go to
// params (one per argument), not to m.Params, which stays nil: the caller
// keeps the best candidate's.
func (r *resolver) try(u *types.Universe, c Call, o *Overload, explain bool, params []types.Param) (m Match, score uint64, why string, applicable bool) {
	*r = resolver{u: u, o: o, explain: explain}
	if c.Receiver != nil {
		r.obj = c.Receiver.Object()
		r.elem = c.Receiver.Canonical().Elem()
	}
	// Map arguments to parameters, dropping the sampler of combined image-samplers.
	combined := r.obj != types.NoObject && isCombined(r.obj)
	n := 0
	for i := range o.Params() {
		k := o.Params()[i].Type.Kind
		if combined && (k == PatSampler || k == PatCmpSampler || k == PatAnySampler) {
			continue
		}
		if n == len(r.params) {
			return Match{}, 0, "too many parameters", true
		}
		r.params[n] = i
		n++
	}
	r.n = n
	// An object size of zero means the overload does not exist for this kind.
	for _, pi := range r.params[:n] {
		if !r.sizesExist(o.Params()[pi].Type) {
			return Match{}, 0, "", false
		}
	}
	if len(c.Args) < n || len(c.Args) > n && !o.Variadic {
		if !explain {
			return Match{}, 0, "-", true
		}
		return Match{}, 0, arity(n, len(c.Args), o.Variadic), true
	}
	// Bind variables.
	for ai := 0; ai < n; ai++ {
		if !r.bind(o.Params()[r.params[ai]].Type, c.Args[ai], c) {
			return Match{}, 0, r.conversionNote(ai, c), true
		}
	}
	if ai, ok := r.finish(); !ok {
		if ai < 0 {
			ai = 0
		}
		return Match{}, 0, r.conversionNote(ai, c), true
	}
	// Build the concrete signature and rank the conversions.
	m = Match{ID: o.ID, Overload: o}
	for ai := 0; ai < n; ai++ {
		p := &o.Params()[r.params[ai]]
		pt, ok := r.build(p.Type, c)
		if !ok {
			return Match{}, 0, r.conversionNote(ai, c), true
		}
		arg := c.Args[ai]
		literalOut := p.Mode == types.Out && arg.Scalar().IsLiteral() // an r-value: the back end's error
		if p.Type.Exact && !types.Identical(arg, pt) && arg.Canonical() != types.InvalidType() && !literalOut {
			return Match{}, 0, r.noConversion(arg, pt, p.Mode, ai), true
		}
		if p.Mode != types.Out {
			if _, ok := types.Convert(arg, pt, types.Implicit); !ok {
				return Match{}, 0, r.noConversion(arg, pt, p.Mode, ai), true
			}
			score += types.Score(arg, pt) + reshapePenalty(arg, pt)
		}
		if p.Mode != types.In {
			// A literal passed to an out parameter (tex.Load(0, 0)) binds as
			// its concrete type: DXC's front end accepts it and its back end
			// reports the missing l-value.
			back := arg
			if s := arg.Scalar(); s.IsLiteral() {
				if t := arg.WithScalar(s.Concrete()); t != nil {
					back = t
				}
			}
			if _, ok := types.Convert(pt, back, types.Implicit); !ok {
				return Match{}, 0, r.noConversion(arg, pt, p.Mode, ai), true
			}
			score += types.Score(pt, back) + reshapePenalty(pt, back)
		}
		params[ai] = types.Param{Name: p.Name(), Type: pt, Mode: p.Mode}
	}
	for ai := n; ai < len(c.Args); ai++ {
		params[ai] = types.Param{Type: c.Args[ai]}
	}
	res, ok := r.build(o.Result, c)
	if !ok {
		return Match{}, 0, "its result type cannot be formed for these arguments", true
	}
	m.Result = res
	return m, score, "", true
}

// reshapePenalty breaks ties DXC's score cannot see: passing a scalar
// where a one-component vector or matrix is expected (or back) costs
// nothing there, so mul(float, float) would tie between the scalar and
// vector overloads. It uses the low bits DXC's score leaves free.
func reshapePenalty(from, to *types.Type) uint64 {
	f, t := from.Canonical(), to.Canonical()
	if f.Kind() != t.Kind() && f.ComponentCount() == 1 && t.ComponentCount() == 1 {
		return 1
	}
	return 0
}

func arity(want, got int, variadic bool) string {
	s := "requires "
	if variadic {
		s = "requires at least "
	}
	noun := " arguments"
	if want == 1 {
		noun = " argument"
	}
	return s + strconv.Itoa(want) + noun + ", but " + strconv.Itoa(got) + " were provided"
}

func (r *resolver) noConversion(arg, param *types.Type, mode types.ParamMode, ai int) string {
	if !r.explain {
		return "-"
	}
	p := param.CanonicalString()
	if mode != types.In {
		p += " &"
	}
	return "no known conversion from '" + arg.String() + "' to '" + p + "' for " + ordinal(ai+1) + " argument"
}

// conversionNote explains a binding failure at argument ai with the
// pattern spelled from the overload.
func (r *resolver) conversionNote(ai int, c Call) string {
	if !r.explain {
		return "-"
	}
	if ai >= len(c.Args) {
		ai = len(c.Args) - 1
	}
	if ai < 0 {
		return "cannot deduce its types"
	}
	p := &r.o.Params()[r.params[ai]]
	want := r.o.patternString(p.Type)
	if t, ok := r.defaulted().build(p.Type, c); ok && t != nil {
		want = t.CanonicalString()
	}
	if p.Mode != types.In {
		want += " &"
	}
	return "no known conversion from '" + c.Args[ai].String() + "' to '" + want + "' for " + ordinal(ai+1) + " argument"
}

// defaulted returns a copy of the bindings with every variable that is
// unbound or out of its set given the set's first kind, the way DXC shows
// "the canonical overload" in its notes.
func (r *resolver) defaulted() *resolver {
	d := *r
	for v := range d.o.Vars() {
		vr := &d.o.Vars()[v]
		switch vr.Kind {
		case VarDim:
			if d.dim[v] == 0 {
				d.dim[v] = 1
			}
		case VarType:
			if set := &sets[vr.Set]; !set.Contains(d.comp[v]) {
				d.comp[v] = set.Kinds[0]
			}
			if d.shape[v] == types.Invalid || !shapeAllowed(d.shape[v], vr.Shapes) {
				d.shape[v] = firstShape(vr.Shapes)
			}
			d.rows[v], d.cols[v] = max(d.rows[v], 1), max(d.cols[v], 1)
		}
	}
	return &d
}

func (r *resolver) sizesExist(p Pattern) bool {
	for _, d := range [2]Dim{p.Rows, p.Cols} {
		if d < 0 && r.objectSize(d) == 0 {
			return false
		}
	}
	return true
}

func (r *resolver) objectSize(d Dim) int {
	switch d {
	case DimCoord:
		return r.obj.CoordCount()
	case DimOffset:
		return r.obj.OffsetCount()
	case DimLoad:
		return r.obj.LoadCoordCount()
	case DimGrad:
		return r.obj.SpatialCount()
	}
	return 0
}

// argShape classifies a scalar, vector, matrix or enum argument.
func argShape(t *types.Type) (k types.Kind, rows, cols int, s types.Scalar, ok bool) {
	t = t.Canonical()
	switch t.Kind() {
	case types.Basic, types.Enum:
		return types.Basic, 1, 1, t.Scalar(), true
	case types.Vector:
		return types.Vector, 1, t.VecSize(), t.Scalar(), true
	case types.Matrix:
		return types.Matrix, t.Rows(), t.Cols(), t.Scalar(), true
	}
	return types.Invalid, 0, 0, types.NoScalar, false
}

func minSize(cur, n int) int {
	if cur == 0 || n < cur {
		return n
	}
	return cur
}

func (r *resolver) mergeComp(ref CompRef, s types.Scalar) bool {
	if ref < 0 {
		return true
	}
	// A strict set checks every argument's own kind, before combining:
	// fma(double, double, float) must not promote the float.
	if v := &r.o.Vars()[ref]; v.Kind == VarType {
		if set := &sets[v.Set]; set.Strict && !set.Contains(s) &&
			!(s == types.LiteralInt && set.Contains(types.LiteralFloat)) &&
			!(s == types.LiteralFloat && set.Contains(types.LiteralInt)) {
			return false
		}
	}
	if r.comp[ref] == types.NoScalar {
		r.comp[ref] = s
		return true
	}
	c, ok := types.CombineScalars(r.comp[ref], s)
	r.comp[ref] = c
	return ok
}

func (r *resolver) mergeDim(d Dim, n int) {
	if d >= DimVar {
		v := d - DimVar
		r.dim[v] = minSize(r.dim[v], n)
	}
}

// bind records what argument arg says about the variables of pattern p.
func (r *resolver) bind(p Pattern, arg *types.Type, c Call) bool {
	if arg.Canonical().Kind() == types.Invalid {
		return true // an erroneous argument was already reported
	}
	switch p.Kind {
	case PatVar:
		k, rows, cols, s, ok := argShape(arg)
		if !ok {
			return false
		}
		v := p.Var
		switch cur := r.shape[v]; {
		case cur == types.Invalid || cur == types.Basic && k != types.Basic:
			r.shape[v] = k
		case k == types.Basic:
		case k != cur:
			return false
		}
		if k != types.Basic {
			r.rows[v] = minSize(r.rows[v], rows)
			r.cols[v] = minSize(r.cols[v], cols)
		}
		return r.mergeComp(p.Comp, s)
	case PatVec:
		k, _, cols, s, ok := argShape(arg)
		if !ok || k == types.Matrix {
			return false
		}
		if k == types.Vector {
			r.mergeDim(p.Cols, cols)
		}
		return r.mergeComp(p.Comp, s)
	case PatMat:
		k, rows, cols, s, ok := argShape(arg)
		if !ok || k == types.Vector {
			return false
		}
		if k == types.Matrix {
			r.mergeDim(p.Rows, rows)
			r.mergeDim(p.Cols, cols)
		}
		return r.mergeComp(p.Comp, s)
	case PatScalar:
		_, _, _, s, ok := argShape(arg)
		if !ok {
			return false
		}
		return r.mergeComp(p.Comp, s)
	case PatStruct:
		a := arg.Canonical()
		if vr := &r.o.Vars()[p.Var]; vr.Kind == VarObject {
			if a.Kind() != types.ObjectK || a.Object().String() != vr.Object() {
				return false
			}
		} else if a.Kind() != types.Struct {
			return false
		}
		if cur := r.strct[p.Var]; cur != nil && cur != a {
			return false
		}
		r.strct[p.Var] = a
	case PatAnySampler:
		if o := arg.Object(); o == types.SamplerState || o == types.SamplerComparisonState {
			r.anySampler = arg
		}
	case PatTmpl:
		if c.Template == nil && r.tmpl == nil {
			// buf.Store(0, 42) stores a uint and Store(0, 4.2) a float, as in DXC.
			switch arg.Canonical() {
			case types.ScalarType(types.LiteralInt):
				arg = types.ScalarType(types.Uint)
			case types.ScalarType(types.LiteralFloat):
				arg = types.ScalarType(types.Float)
			}
			r.tmpl = arg
		}
	}
	return true
}

// finish settles every type variable: components into their set, shapes
// into their allowed layouts, unbound sizes to 1. On failure it returns
// the first argument that used the offending variable.
func (r *resolver) finish() (int, bool) {
	o := r.o
	for v := range o.Vars() {
		vr := &o.Vars()[v]
		if vr.Kind != VarType {
			if vr.Kind == VarDim && r.dim[v] == 0 {
				r.dim[v] = 1
			}
			continue
		}
		set := &sets[vr.Set]
		comp := r.comp[v]
		if comp == types.NoScalar {
			comp = set.Kinds[0]
		} else if comp.IsLiteral() && !o.resultUses(v) {
			comp = concreteLiteral(comp, set)
		}
		if !set.Contains(comp) {
			if set.Strict {
				return r.firstArgUsing(v), false
			}
			comp = set.Kinds[0]
		}
		r.comp[v] = comp
		sh := r.shape[v]
		switch {
		case sh == types.Invalid:
			sh = firstShape(vr.Shapes)
		case sh == types.Basic && vr.Shapes&ShapeScalar == 0:
			sh = firstShape(vr.Shapes)
		case !shapeAllowed(sh, vr.Shapes):
			return r.firstArgUsing(v), false
		}
		r.shape[v] = sh
		if r.rows[v] == 0 {
			r.rows[v] = 1
		}
		if r.cols[v] == 0 {
			r.cols[v] = 1
		}
	}
	return 0, true
}

func (r *resolver) firstArgUsing(v int) int {
	for ai, pi := range r.params[:r.n] {
		p := r.o.Params()[pi].Type
		if (p.Kind == PatVar && int(p.Var) == v) || int(p.Comp) == v {
			return ai
		}
	}
	return 0
}

// concreteLiteral gives a literal component a real kind when nothing else
// (the result type) depends on it: int or float when the set has them,
// else double, else the set's first non-literal kind.
func concreteLiteral(s types.Scalar, set *Set) types.Scalar {
	if s == types.LiteralInt && set.Contains(types.Int) {
		return types.Int
	}
	if s == types.LiteralFloat {
		if set.Contains(types.Float) {
			return types.Float
		}
		if set.Contains(types.Double) {
			return types.Double
		}
	}
	for _, k := range set.Kinds {
		if !k.IsLiteral() {
			return k
		}
	}
	return set.Kinds[0]
}

func firstShape(s Shapes) types.Kind {
	switch {
	case s&ShapeScalar != 0:
		return types.Basic
	case s&ShapeVector != 0:
		return types.Vector
	}
	return types.Matrix
}

func shapeAllowed(k types.Kind, s Shapes) bool {
	switch k {
	case types.Basic:
		return s&ShapeScalar != 0
	case types.Vector:
		return s&ShapeVector != 0
	case types.Matrix:
		return s&ShapeMatrix != 0
	}
	return false
}

// resultUses reports whether the result type depends on variable v.
func (o *Overload) resultUses(v int) bool {
	p := o.Result
	return (p.Kind == PatVar && int(p.Var) == v) || (p.Comp >= 0 && int(p.Comp) == v && p.Kind != PatNamed && p.Kind != PatVoid)
}

func (r *resolver) compOf(p Pattern) types.Scalar {
	switch {
	case p.Comp == CompFixed:
		if p.Scalar == types.HalfPP {
			return r.u.Half()
		}
		return p.Scalar
	case p.Comp == CompElem:
		return r.elem.Scalar()
	case p.Comp >= 0:
		return r.comp[p.Comp]
	}
	return types.NoScalar
}

func (r *resolver) size(d Dim) int {
	switch {
	case d >= DimVar:
		return r.dim[d-DimVar]
	case d < 0:
		return r.objectSize(d)
	}
	return int(d)
}

// build makes the concrete type of a pattern from the bindings.
func (r *resolver) build(p Pattern, c Call) (*types.Type, bool) {
	switch p.Kind {
	case PatVoid:
		return types.VoidType(), true
	case PatNamed:
		b, _ := types.LookupBuiltin(p.Name())
		t := b.Type(r.u)
		return t, t != nil
	case PatVar:
		s := r.compOf(p)
		v := p.Var
		switch r.shape[v] {
		case types.Vector:
			return types.Vec(s, r.cols[v]), s != types.NoScalar
		case types.Matrix:
			return types.Mat(s, r.rows[v], r.cols[v]), s != types.NoScalar
		}
		return types.ScalarType(s), s != types.NoScalar
	case PatVec:
		s, n := r.compOf(p), r.size(p.Cols)
		if s == types.NoScalar || n < 1 || n > 4 {
			return nil, false
		}
		if n == 1 && p.Cols < 0 {
			return types.ScalarType(s), true // a 1-D texture's coordinate is a scalar
		}
		return types.Vec(s, n), true
	case PatMat:
		s := r.compOf(p)
		t := types.Mat(s, r.size(p.Rows), r.size(p.Cols))
		return t, t != types.InvalidType()
	case PatScalar:
		s := r.compOf(p)
		return types.ScalarType(s), s != types.NoScalar
	case PatElem:
		return r.elem, r.elem != nil
	case PatElemObject:
		b, _ := types.LookupBuiltin(p.Name())
		return r.u.NewObject(b.Object, r.elem, 0), r.elem != nil
	case PatTmpl:
		switch {
		case c.Template != nil:
			return c.Template, true
		case r.tmpl != nil:
			return r.tmpl, true
		}
		return types.ScalarType(types.Uint), true
	case PatStruct:
		return r.strct[p.Var], r.strct[p.Var] != nil
	case PatSampler:
		return r.u.NewObject(types.SamplerState, nil, 0), true
	case PatCmpSampler:
		return r.u.NewObject(types.SamplerComparisonState, nil, 0), true
	case PatAnySampler:
		if r.anySampler != nil {
			return r.anySampler, true
		}
		return r.u.NewObject(types.SamplerState, nil, 0), true
	}
	return nil, false
}

// String spells the overload as intrinsics.def does.
func (o *Overload) String() string {
	var b strings.Builder
	if o.Vk {
		b.WriteString("vk::")
	}
	b.WriteString(o.Name())
	if len(o.Vars()) > 0 {
		b.WriteByte('<')
		for i, v := range o.Vars() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(v.Name())
			b.WriteString(": ")
			switch v.Kind {
			case VarDim:
				b.WriteString("dim")
			case VarStruct:
				b.WriteString("struct")
			case VarObject:
				b.WriteString("object ")
				b.WriteString(v.Object())
			default:
				b.WriteString(sets[v.Set].Name)
				b.WriteByte(' ')
				b.WriteString(shapesString(v.Shapes))
			}
		}
		b.WriteByte('>')
	}
	b.WriteByte('(')
	for i, p := range o.Params() {
		if i > 0 {
			b.WriteString(", ")
		}
		if p.Mode != types.In {
			b.WriteString(p.Mode.String())
			b.WriteByte(' ')
		}
		b.WriteString(p.Name())
		b.WriteString(": ")
		b.WriteString(o.patternString(p.Type))
	}
	if o.Variadic {
		if len(o.Params()) > 0 {
			b.WriteString(", ")
		}
		b.WriteString("...")
	}
	b.WriteString(") -> ")
	b.WriteString(o.patternString(o.Result))
	return b.String()
}

func shapesString(s Shapes) string {
	switch s {
	case ShapeAny:
		return "any"
	case ShapeScalar | ShapeVector:
		return "sv"
	case ShapeScalar:
		return "s"
	case ShapeVector:
		return "v"
	case ShapeMatrix:
		return "m"
	}
	return "vm"
}

func (o *Overload) compString(p Pattern) string {
	switch {
	case p.Comp == CompFixed:
		return p.Scalar.String()
	case p.Comp == CompElem:
		return "E"
	case p.Comp >= 0 && int(p.Comp) < len(o.Vars()):
		return o.Vars()[p.Comp].Name()
	}
	return "?"
}

func dimString(o *Overload, d Dim) string {
	switch {
	case d >= DimVar && int(d-DimVar) < len(o.Vars()):
		return o.Vars()[d-DimVar].Name()
	case d == DimCoord:
		return "coord"
	case d == DimOffset:
		return "offset"
	case d == DimLoad:
		return "load"
	case d == DimGrad:
		return "grad"
	}
	return strconv.Itoa(int(d))
}

func (o *Overload) patternString(p Pattern) string {
	switch p.Kind {
	case PatVoid:
		return "void"
	case PatNamed:
		if p.Exact {
			return p.Name() + "!"
		}
		return p.Name()
	case PatVar:
		name := o.Vars()[p.Var].Name()
		if int(p.Comp) != int(p.Var) {
			return name + "<" + o.compString(p) + ">"
		}
		return name
	case PatVec:
		return "vec<" + o.compString(p) + ", " + dimString(o, p.Cols) + ">"
	case PatMat:
		return "mat<" + o.compString(p) + ", " + dimString(o, p.Rows) + ", " + dimString(o, p.Cols) + ">"
	case PatScalar:
		return "scalar<" + o.compString(p) + ">"
	case PatElem:
		return "E"
	case PatElemObject:
		return p.Name() + "<E>"
	case PatTmpl:
		return "Tmpl"
	case PatStruct:
		return o.Vars()[p.Var].Name()
	case PatSampler:
		return "sampler"
	case PatCmpSampler:
		return "cmp_sampler"
	case PatAnySampler:
		return "any_sampler"
	}
	return "?"
}

// Code is the stable diagnostic code for the failure.
func (e *Error) Code() diag.Code {
	switch e.Kind {
	case Ambiguous:
		return codes.AmbiguousCall
	case NotIntrinsic:
		if strings.HasPrefix(e.Msg, "use of undeclared") {
			return codes.UndeclaredIdentifier
		}
		return codes.NoSuchMember
	}
	if strings.HasPrefix(e.Msg, "cannot ") {
		return codes.InvalidResourceElement
	}
	return codes.NoMatchingFunction
}

// Diagnostic renders the failure at pos, with one note per candidate
// (notes carry no position: intrinsics have no source declaration).
func (e *Error) Diagnostic(pos diag.Pos) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Error, Code: e.Code(), Pos: pos, End: diag.NoPos, Msg: e.Msg}
	for _, n := range e.Notes {
		d.Notes = append(d.Notes, diag.Diagnostic{Severity: diag.Note, Pos: diag.NoPos, End: diag.NoPos, Msg: n.Msg})
	}
	return d
}

// Concretize replaces, in place, the literal kinds a match may carry
// (abs(-1) has a literal int result, as in DXC, so the checker can fold it)
// with the kinds a value of them takes when it must exist at run time: int
// and float. The match's Params are its own (Resolve allocates them).
func (m *Match) Concretize() {
	conc := func(t *types.Type) *types.Type {
		if t == nil {
			return nil
		}
		if s := t.Scalar(); s.IsLiteral() {
			if w := t.WithScalar(s.Concrete()); w != nil {
				return w
			}
		}
		return t
	}
	m.Result = conc(m.Result)
	for i := range m.Params {
		m.Params[i].Type = conc(m.Params[i].Type)
	}
}

// Methods lists the method names objects of kind o have, sorted (for
// "no member named" notes and completion).
func Methods(o types.Object) []string {
	m := methodsOf(o)
	if m == nil {
		return nil
	}
	return append([]string(nil), m.names...)
}
