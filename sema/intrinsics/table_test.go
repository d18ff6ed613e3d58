package intrinsics

import (
	"bytes"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics/internal/gen"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// TestGeneratedTablesAreFresh regenerates tables.go from intrinsics.def
// and fails when the committed file differs: run `go generate ./sema/intrinsics`.
func TestGeneratedTablesAreFresh(t *testing.T) {
	def, err := os.ReadFile("intrinsics.def")
	if err != nil {
		t.Fatal(err)
	}
	reg, err := os.ReadFile("ids.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, wantReg, err := gen.Generate(def, reg)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) || !bytes.Equal(reg, wantReg) {
		t.Fatal("tables.go or ids.txt is stale: run `go generate ./sema/intrinsics`")
	}
}

// TestIDsAreStable checks the registry's promise: adding an intrinsic at
// the top of the table does not renumber the others, and removing one
// keeps its number reserved.
func TestIDsAreStable(t *testing.T) {
	def := "fn b() -> void\nfn c() -> void\n"
	_, reg, err := gen.Generate([]byte(def), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, reg2, err := gen.Generate([]byte("fn a() -> void\n"+def), reg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(reg2), "B\nC\nA\n") {
		t.Errorf("registry after adding a: %q", reg2)
	}
	if !strings.Contains(string(out), "Invalid ID = iota\n\tB\n\tC\n\tA\n") {
		t.Errorf("new ID not appended:\n%s", out)
	}
	out, _, err = gen.Generate([]byte("fn c() -> void\n"), reg2)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "// B (retired)") || strings.Contains(string(out), "\tB\n") {
		t.Errorf("removed ID not reserved:\n%s", out)
	}
}

// TestGeneratorRejectsBadInput checks that mistakes in the DSL are
// reported with their line, not turned into broken tables.
func TestGeneratorRejectsBadInput(t *testing.T) {
	for _, src := range []string{
		"set s = float notakind\n",
		"fn f<T: nosuchset any>(x: T) -> T\n",
		"set s = float\nfn f<T: s any>(x: float) -> T\n", // T bound by nothing
		"fn f(x: floaty) -> void\n",
		"fn f(x: E) -> void\n", // E outside methods
		"methods NotAnObject {\n}\n",
		"methods Texture2D {\nfn f() -> void\n",
		"fn f(x: vec<float, 5>) -> void\n",
		"fn f() -> void @sm(six)\n",
		"fn f() -> void @stages(xx)\n",
		"set s = float\nset s = int\n",
	} {
		if _, _, err := gen.Generate([]byte(src), nil); err == nil {
			t.Errorf("accepted %q", src)
		}
	}
}

func TestTableInvariants(t *testing.T) {
	if numIDs < 250 {
		t.Errorf("only %d intrinsic IDs", numIDs)
	}
	if len(overloads) < 500 {
		t.Errorf("only %d overloads", len(overloads))
	}
	for i := range overloads {
		o := &overloads[i]
		if len(o.Vars()) > maxVars {
			t.Errorf("%s: %d variables, resolver holds %d", o, len(o.Vars()), maxVars)
		}
		if len(o.Params()) > 16 {
			t.Errorf("%s: too many parameters", o)
		}
		if o.ID == Invalid || o.ID >= numIDs || o.ID.String() != o.Name() {
			t.Errorf("%s: ID %d (%s)", o, o.ID, o.ID)
		}
	}
	for id := ID(1); id < numIDs; id++ {
		if id.String() == "" {
			t.Errorf("ID %d has no name", id)
		}
	}
	// Every set's default is a concrete kind (literals only as members).
	for _, s := range sets {
		if s.Kinds[0].IsLiteral() {
			t.Errorf("set %s defaults to a literal kind", s.Name)
		}
	}
	// No two overloads of one name may look alike for an object kind once
	// the sampler of a combined image-sampler is dropped: they would tie.
	for obj, ms := range methodIndex {
		b, _ := types.LookupBuiltin(obj)
		for name, idx := range ms {
			seen := map[string]bool{}
			for _, i := range idx {
				o := &overloads[i]
				var sig []string
				for _, p := range o.Params() {
					if isCombined(b.Object) && (p.Type.Kind == PatSampler || p.Type.Kind == PatCmpSampler || p.Type.Kind == PatAnySampler) {
						continue
					}
					sig = append(sig, p.Mode.String()+" "+o.patternString(p.Type))
				}
				var vars []string
				for _, v := range o.Vars() {
					vars = append(vars, v.Name()+":"+sets[v.Set].Name+v.Object())
				}
				key := strings.Join(vars, ",") + "(" + strings.Join(sig, ", ") + ")"
				if seen[key] {
					t.Errorf("%s.%s: two overloads (%s)", obj, name, key)
				}
				seen[key] = true
			}
		}
	}
	if !IsFunction("mul") || IsFunction("Sample") || !IsVkFunction("RawBufferLoad") {
		t.Error("IsFunction/IsVkFunction wrong")
	}
	if !HasMethod(types.Texture2D, "Sample") || HasMethod(types.Texture2DMS, "Sample") || !HasMethod(types.RWStructuredBuffer, "IncrementCounter") {
		t.Error("HasMethod wrong")
	}
	if m := Methods(types.ConsumeStructuredBuffer); strings.Join(m, ",") != "Consume,GetDimensions" {
		t.Errorf("ConsumeStructuredBuffer methods: %v", m)
	}
	if o := Overloads(Call{Name: "mul"}); len(o) != 9 {
		t.Errorf("mul has %d overloads, want 9", len(o))
	}
	sm := Overloads(Call{Name: "WaveMatch"})[0]
	if mj, mn := sm.MinShaderModel(); mj != 6 || mn != 5 || sm.AllowedIn(stage.Compute, 6, 4) || !sm.AllowedIn(stage.Compute, 6, 5) {
		t.Errorf("WaveMatch shader model %d.%d", mj, mn)
	}
	ddx := Overloads(Call{Name: "ddx"})[0]
	if !ddx.AllowedIn(stage.Pixel, 6, 0) || ddx.AllowedIn(stage.Compute, 6, 5) || !ddx.AllowedIn(stage.Compute, 6, 6) || ddx.AllowedIn(stage.Vertex, 6, 6) {
		t.Error("ddx: pixel always, compute from 6.6, never vertex")
	}
	clip := Overloads(Call{Name: "clip"})[0]
	if clip.AllowedIn(stage.Vertex, 6, 0) || !clip.AllowedIn(stage.Pixel, 6, 0) {
		t.Error("clip must be pixel-only")
	}
}

// typePool is the argument types fuzzing and the random test draw from.
func typePool(u *types.Universe) []*types.Type {
	var pool []*types.Type
	for s := types.Bool; s < types.NumScalars; s++ {
		pool = append(pool, types.ScalarType(s), types.Vec(s, 1), types.Vec(s, 2), types.Vec(s, 3), types.Vec(s, 4),
			types.Mat(s, 1, 1), types.Mat(s, 2, 3), types.Mat(s, 4, 4))
	}
	st := u.NewStruct("P", false)
	st.Named().Fields = []types.Field{{Name: "a", Type: types.Vec(types.Float, 3)}}
	pool = append(pool, st, types.VoidType(), types.InvalidType(), u.Array(types.ScalarType(types.Float), 4),
		u.NewEnum("E", types.Int, false))
	for o := types.Object(1); o < types.NumObjects; o++ {
		switch o.Form() {
		case types.ElemRequiredAny:
			pool = append(pool, u.NewObjectArgs(o, []types.TemplateArg{{Type: types.ScalarType(types.Uint)}, {Value: 1}}))
		default:
			pool = append(pool, u.NewObject(o, types.Vec(types.Float, 4), 0), u.NewObject(o, st, 2))
		}
	}
	return pool
}

func allNames() (globals, vks []string, methods map[string]bool) {
	methods = map[string]bool{}
	for n := range globalIndex {
		globals = append(globals, n)
	}
	for n := range vkIndex {
		vks = append(vks, n)
	}
	for _, ms := range methodIndex {
		for n := range ms {
			methods[n] = true
		}
	}
	return
}

// checkResolve asserts the resolver's contract for any input: no panic,
// and a success has a result and one parameter per argument.
func checkResolve(t *testing.T, u *types.Universe, c Call) {
	m, err := Resolve(u, c)
	if err != nil {
		if err.Msg == "" {
			t.Fatalf("%+v: empty error", c)
		}
		return
	}
	if m.Result == nil || len(m.Params) != len(c.Args) || m.Overload == nil {
		t.Fatalf("%+v: bad match %+v", c, m)
	}
	for _, p := range m.Params {
		if p.Type == nil {
			t.Fatalf("%+v: nil parameter type in %s", c, m.Overload)
		}
	}
}

func FuzzResolve(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4})
	f.Add([]byte{200, 17, 99, 5, 5, 5})
	f.Add([]byte{3, 250, 1, 64, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7})
	u := types.NewUniverse(types.Config{})
	pool := typePool(u)
	globals, vks, methodSet := allNames()
	var methods []string
	for n := range methodSet {
		methods = append(methods, n)
	}
	sortStrings(globals)
	sortStrings(vks)
	sortStrings(methods)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		var c Call
		switch data[0] % 3 {
		case 0:
			c.Name = globals[int(data[1])%len(globals)]
		case 1:
			c.Name, c.Vk = vks[int(data[1])%len(vks)], true
		default:
			c.Name = methods[int(data[1])%len(methods)]
			if len(data) > 2 {
				c.Receiver = pool[int(data[2])%len(pool)]
			}
		}
		for _, b := range data[min(3, len(data)):] {
			if b == 255 && c.Template == nil {
				c.Template = pool[len(c.Args)%len(pool)]
				continue
			}
			c.Args = append(c.Args, pool[int(b)%len(pool)])
		}
		checkResolve(t, u, c)
	})
}

// TestResolveRandom runs the fuzz target's contract over a fixed random
// sample so plain `go test` exercises it too.
func TestResolveRandom(t *testing.T) {
	u := types.NewUniverse(types.Config{Enable16BitTypes: true})
	pool := typePool(u)
	rng := rand.New(rand.NewSource(1))
	for i := range overloads {
		o := &overloads[i]
		for k := 0; k < 20; k++ {
			c := Call{Name: o.Name(), Vk: o.Vk}
			if o.Method {
				c.Receiver = pool[rng.Intn(len(pool))]
			}
			n := len(o.Params()) + rng.Intn(2) - rng.Intn(2)
			for j := 0; j < max(n, 0); j++ {
				c.Args = append(c.Args, pool[rng.Intn(len(pool))])
			}
			checkResolve(t, u, c)
		}
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func benchResolve(b *testing.B, call string) {
	u := types.NewUniverse(types.Config{})
	c := parseCall(b, u, call)
	if _, err := Resolve(u, c); err != nil {
		b.Fatal(err.Msg)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Resolve(u, c)
	}
}

func BenchmarkResolveAbs(b *testing.B)  { benchResolve(b, "abs(float3)") }
func BenchmarkResolveLerp(b *testing.B) { benchResolve(b, "lerp(float3, float3, float)") }
func BenchmarkResolveMul(b *testing.B)  { benchResolve(b, "mul(float4x4, float4)") }
func BenchmarkResolveSample(b *testing.B) {
	benchResolve(b, "Texture2D<float4>.Sample(SamplerState, float2)")
}
func BenchmarkResolveInterlock(b *testing.B) { benchResolve(b, "InterlockedAdd(uint, uint, uint)") }

func BenchmarkIsFunction(b *testing.B) {
	for i := 0; i < b.N; i++ {
		IsFunction("WaveActiveSum")
	}
}

// TestNilAndInvalidArguments: erroneous argument expressions (nil or the
// invalid type) never panic and never produce a second error.
func TestNilAndInvalidArguments(t *testing.T) {
	u := types.NewUniverse(types.Config{})
	for _, arg := range []*types.Type{nil, types.InvalidType()} {
		for _, name := range []string{"abs", "mul", "lerp", "InterlockedAdd", "printf"} {
			c := Call{Name: name, Args: []*types.Type{arg, arg, arg}}
			if name == "abs" {
				c.Args = c.Args[:1]
			}
			if name == "mul" || name == "InterlockedAdd" {
				c.Args = c.Args[:2]
			}
			if name == "printf" {
				c.Args = c.Args[:1]
			}
			Resolve(u, c) // must not panic
		}
	}
	if _, err := Resolve(u, Call{Name: "abs", Args: []*types.Type{types.InvalidType()}}); err != nil {
		t.Errorf("abs(<invalid>): %v", err)
	}
}
