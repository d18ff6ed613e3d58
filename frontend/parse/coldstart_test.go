package parse

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// A fresh process builds ANTLR's prediction DFA for every decision the
// grammar leaves to adaptive prediction; on typical.hlsl that used to be
// most of a cold parse. The grammar and the classifier keep almost every
// decision LL(1): this test counts the decisions that still predict and
// the DFA states a cold parse of typical.hlsl builds, so a grammar change
// that brings long lookahead back fails here and not only in a benchmark.
func TestColdParsePredictionWork(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "bench", "typical.hlsl"))
	if err != nil {
		t.Fatal(err)
	}
	fs, toks := preprocess(t, src)
	parseString(t, "warm.hlsl", "float x;") // sets up the shared cache

	antlrMu.Lock()
	saved := sharedDFAs
	sharedDFAs = freshDFAs(p.NewHLSLParser(nil).GetATN())
	antlrMu.Unlock()
	defer func() {
		antlrMu.Lock()
		sharedDFAs = saved
		antlrMu.Unlock()
	}()

	diags := diag.NewList(fs, diag.Options{})
	if _, st := FileStats(fs, diags, "typical.hlsl", toks); diags.HasErrors() || st.LLFallback {
		t.Fatalf("typical.hlsl: errors=%v llFallback=%v", diags.HasErrors(), st.LLFallback)
	}
	decisions, states := 0, 0
	for _, d := range sharedDFAs {
		if n := d.Len(); n > 0 {
			decisions++
			states += n
		}
	}
	t.Logf("cold parse of typical.hlsl: %d decisions predicted adaptively, %d DFA states", decisions, states)
	if decisions > 7 || states > 36 {
		t.Errorf("cold parse of typical.hlsl: %d adaptive decisions and %d DFA states, want at most 7 and 36", decisions, states)
	}
}

// Prefetch may be called any number of times, also while parsing.
func TestPrefetch(t *testing.T) {
	done := make(chan bool)
	for i := 0; i < 3; i++ {
		go func() {
			Prefetch()
			_, diags, _ := parseString(t, "p.hlsl", "float4 main() : SV_Target { return (float4)1; }")
			done <- diags == ""
		}()
	}
	for i := 0; i < 3; i++ {
		if !<-done {
			t.Error("a parse after Prefetch failed")
		}
	}
}
