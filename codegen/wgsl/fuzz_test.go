package wgsl_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
)

// FuzzTranslate feeds the loader and the translator arbitrary bytes, seeded
// with the SPIR-V corpus: every input must translate or be refused with an
// *Error, never panic (an *InternalError is a caught panic).
func FuzzTranslate(f *testing.F) {
	files, _ := filepath.Glob("../../test/corpus/spirv/*.spvasm")
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		if words, err := asm.Assemble(string(text), asm.Options{}); err == nil {
			f.Add(wordsToBytes(words))
		}
	}
	for _, text := range []string{computeHeader + loopModule, computeHeader + switchModule, sharedBindingModule,
		textureArray("%i", "OpImageSampleExplicitLod %v4 %ts %c Lod %float_0", ""), quadDerivativeModule(), physicalModule} {
		words, err := asm.Assemble(text, asm.Options{})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(wordsToBytes(words))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := wgsl.TranslateBytes(data, wgsl.Options{PushConstants: wgsl.PushUniform})
		var ie *wgsl.InternalError
		if errors.As(err, &ie) {
			t.Fatalf("%v\n%s", ie, ie.Stack)
		}
	})
}

func wordsToBytes(words []uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
	}
	return b
}
