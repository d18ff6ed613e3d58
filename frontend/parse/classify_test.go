package parse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// classified renders the identifiers of src with their classes:
// I identifier, T type, TT template type before <, F template function
// before <, N namespace, M modifier, K keyword, E struct/class/interface/
// enum keyword of an elaborated type (not a definition), TS template name
// whose arguments are followed by ::.
func classified(t *testing.T, src string) string {
	t.Helper()
	fs := diag.NewFileSet()
	diags := diag.NewList(fs, diag.Options{})
	res := pp.Preprocess(fs, diags, "c.hlsl", []byte(src), pp.Config{})
	var out []string
	for _, tk := range classify(diags, res.Tokens) {
		if tk.Kind != token.Ident {
			continue
		}
		var class string
		switch tk.typ {
		case p.HLSLParserIDENT:
			class = "I"
		case p.HLSLParserTYPE_NAME:
			class = "T"
		case p.HLSLParserTEMPLATE_NAME:
			class = "TT"
		case p.HLSLParserTEMPLATE_FUNC:
			class = "F"
		case p.HLSLParserNS_NAME:
			class = "N"
		case p.HLSLParserMODIFIER:
			class = "M"
		case p.HLSLParserELABORATED:
			class = "E"
		case p.HLSLParserTEMPLATE_SCOPE:
			class = "TS"
		default:
			class = "K"
		}
		out = append(out, tk.Text+"/"+class)
	}
	return strings.Join(out, " ")
}

func TestClassify(t *testing.T) {
	tests := []struct{ src, want string }{
		// Built-in types, templates only before <.
		{"Texture2D<float4> t; Texture2D u;", "Texture2D/TT float4/T t/I Texture2D/T u/I"},
		// User types are known from their declaration on.
		{"S a; struct S { int x; }; S b;", "S/I a/I struct/K S/I int/T x/I S/T b/I"},
		{"typedef float4 Color, Colors[2]; Color c;", "typedef/K float4/T Color/I Colors/I Color/T c/I"},
		{"using V = vector<float, 3>; V v;", "using/K V/I vector/TT float/T V/T v/I"},
		// Template parameters are types inside their template only.
		{"template <typename T> T f(T x) { return x; } float T;",
			"template/K typename/K T/I T/T f/I T/T x/I return/K x/I float/T T/I"},
		// A function template called with explicit arguments.
		{"template <typename T> T f(T x); float y = f<float>(1);",
			"template/K typename/K T/I T/T f/I T/T x/I float/T y/I f/F float/T"},
		// Method templates are recognised by their shape.
		{"ByteAddressBuffer b; uint x = b.Load<uint>(0) < 3;",
			"ByteAddressBuffer/T b/I uint/T x/I b/I Load/F uint/T"},
		{"bool c = a < b && b > (c);", "bool/T c/I a/I b/I b/I c/I"},
		// Contextual modifiers.
		{"float sample = 1; sample float x; point S p;",
			"float/T sample/I sample/M float/T x/I point/I S/I p/I"},
		{"in out inout uniform precise float f;", "in/M out/M inout/M uniform/M precise/M float/T f/I"},
		// Namespaces and qualified names.
		{"namespace n { struct S {}; } n::S s; vk::SpirvType<1> t; vk::Foo();",
			"namespace/K n/I struct/K S/I n/N S/T s/I vk/N SpirvType/TT t/I vk/N Foo/I"},
		// A variable named like a type hides it for the rest of the scope.
		{"int int1 = 0; void f() { int1++; }", "int/T int1/I void/T f/I int1/I"},
		// Member names are never types or keywords.
		{"s.float4 = s.sample;", "s/I float4/I s/I sample/I"},
		// The template disambiguator is dropped.
		{"x = T::template f<int>(1);", "x/I T/N f/F int/T"},
	}
	for _, tc := range tests {
		if got := classified(t, tc.src); got != tc.want {
			t.Errorf("%s\n got: %s\nwant: %s", tc.src, got, tc.want)
		}
	}
}

// builtinName knows every scalar, vector and matrix type by its spelling,
// and nothing that only looks like one.
func TestBuiltinNameSpellings(t *testing.T) {
	for _, s := range scalarTypes {
		for _, suffix := range []string{"", "1", "4", "1x1", "2x3", "4x4"} {
			if k := builtinName(s + suffix); k != typeName {
				t.Errorf("%s%s: %v, want a type name", s, suffix, k)
			}
		}
	}
	for _, s := range []string{"void", "string", "auto", "uint8_t4_packed", "int8_t4_packed", "GlobalRootSignature"} {
		if k := builtinName(s); k != typeName {
			t.Errorf("%s: %v, want a type name", s, k)
		}
	}
	for _, s := range []string{"Texture2D", "vector", "RWStructuredBuffer"} {
		if k := builtinName(s); k != templateType {
			t.Errorf("%s: %v, want a template", s, k)
		}
	}
	if builtinName("vk") != namespaceName || builtinName("dx") != namespaceName {
		t.Error("vk and dx are namespaces")
	}
	for _, s := range []string{"float5", "float0", "float4x5", "float14", "floatx4", "float4x", "x4", "1", "4x4", "int8_t4", "uint8_t", "float4_packed", "Float4", ""} {
		if k := builtinName(s); k != unknownName {
			t.Errorf("%q: %v, want unknown", s, k)
		}
	}
}

// A struct, class, interface or enum keyword is ELABORATED when it names a
// type; definitions (a `{` or a base after the name) and the other uses of
// `class` keep their keyword.
func TestClassifyElaborated(t *testing.T) {
	tests := []struct{ src, want string }{
		{"struct S { int x; }; struct S s;", "struct/K S/I int/T x/I struct/E S/T s/I"},
		{"struct S; struct S { };", "struct/E S/I struct/K S/T"},
		{"struct { int x; } a;", "struct/K int/T x/I a/I"},
		{"struct [raypayload] P { float4 c : read(caller) : write(miss); };", "struct/K raypayload/I P/I float4/T c/I read/I caller/I write/I miss/I"},
		{"struct B { }; struct D : B { };", "struct/K B/I struct/K D/I B/T"},
		{"enum class E : uint { A }; enum E e;", "enum/K class/K E/I uint/T A/I enum/E E/T e/I"},
		{"enum E { A }; E f(enum E x);", "enum/K E/I A/I E/T f/I enum/E E/T x/I"},
		{"enum E { }; struct X { enum E : 1; };", "enum/K E/I struct/K X/I enum/E E/T"},
		{"template <class T> class C { T t; }; class C<int> c;",
			"template/K class/K T/I class/K C/I T/T t/I class/E C/TT int/T c/I"},
		{"template <> struct X<int> { }; interface I { };", "template/K struct/K X/I int/T interface/K I/I"},
	}
	for _, tt := range tests {
		if got := classified(t, tt.src); got != tt.want {
			t.Errorf("%s\n got: %s\nwant: %s", tt.src, got, tt.want)
		}
	}
}

// The `(` of a cast becomes CAST_LPAREN; parenthesized expressions,
// parameter lists and sizeof's parentheses keep LPAREN.
func TestClassifyCasts(t *testing.T) {
	tests := []struct {
		src  string
		want []bool // for each `(` from the left: is it a cast
	}{
		{src: "float f(float x) { return (float)x; }", want: []bool{false, true}},
		{src: "void f(float); void g(int) { }", want: []bool{false, false}},
		{src: "int a = (int)(b) + (c);", want: []bool{true, false, false}},
		{src: "float4 v = (float4)-x;", want: []bool{true}},
		{src: "bool b = a > (int)c;", want: []bool{true}},
		{src: "uint n = sizeof(float) + sizeof (x);", want: []bool{false, false}},
		{src: "float4 w = (float4(1, 2, 3, 4));", want: []bool{false, false}},
		{src: "vector<float, 2> v = (vector<float, 2>)0;", want: []bool{true}},
		{src: "struct S { int i; }; S s = (S)0; S t = (struct S)0;", want: []bool{true, true}},
		{src: "float m = (row_major float2x2)q;", want: []bool{true}},
		{src: "int k = (int[2])a;", want: []bool{true}},
		{src: "namespace vk { enum Scope { A }; } int e = (vk::Scope)1;", want: []bool{true}},
		{src: "template <> void f<int>(int) { }", want: []bool{false}},
		{src: "if ((uint)x) { }", want: []bool{false, true}},
		{src: "double d = (double)(float)2.5; int i = (int)(uint)(float)3;", want: []bool{true, true, true, true, true}},
		{src: "struct S { float operator()(float) { return 1; } };", want: []bool{false, false}},
		{src: "float a = (f)(x) * (float)(y);", want: []bool{false, false, true, false}},
	}
	for _, tt := range tests {
		fs := diag.NewFileSet()
		diags := diag.NewList(fs, diag.Options{})
		res := pp.Preprocess(fs, diags, "c.hlsl", []byte(tt.src), pp.Config{})
		var got []bool
		for _, tk := range classify(diags, res.Tokens) {
			switch tk.typ {
			case p.HLSLParserLPAREN:
				got = append(got, false)
			case p.HLSLParserCAST_LPAREN:
				got = append(got, true)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s\n got: %v\nwant: %v", tt.src, got, tt.want)
		}
	}
}

// Every name before `::` is a scope token: types become NS_NAME, template
// names whose argument list `::` follows become TEMPLATE_SCOPE.
func TestClassifyScopes(t *testing.T) {
	tests := []struct{ src, want string }{
		{"struct S { static const int x = 1; struct In { }; }; int a = S::x; S::In b;",
			"struct/K S/I static/K const/K int/T x/I struct/K In/I int/T a/I S/N x/I S/N In/T b/I"},
		{"template <class T> struct W { typedef T E; }; W<int>::E e; W<W<int> >::E f = W<int>::E(1);",
			"template/K class/K T/I struct/K W/I typedef/K T/T E/I W/TS int/T E/T e/I W/TS W/TT int/T E/T f/I W/TS int/T E/T"},
		{"float4 v = float4(1, 2, 3, 4); vector<float, 2> w = vector<float, 2>(0, 1);",
			"float4/T v/I float4/T vector/TT float/T w/I vector/TT float/T"},
		{"namespace ns { int g; } int h = ns::g + ::ns::g;", "namespace/K ns/I int/T g/I int/T h/I ns/N g/I ns/N g/I"},
	}
	for _, tt := range tests {
		if got := classified(t, tt.src); got != tt.want {
			t.Errorf("%s\n got: %s\nwant: %s", tt.src, got, tt.want)
		}
	}
}
