package parse

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
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
	var ps Parser
	parseWith(t, &ps, "warm.hlsl", "float x;") // makes the prediction state
	ps.forgetPredictions()

	diags := diag.NewList(fs, diag.Options{})
	if _, st := ps.FileStats(fs, diags, "typical.hlsl", toks); diags.HasErrors() || st.LLFallback {
		t.Fatalf("typical.hlsl: errors=%v llFallback=%v", diags.HasErrors(), st.LLFallback)
	}
	decisions, states := ps.predictionWork()
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
