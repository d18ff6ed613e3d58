package pp

import (
	"bytes"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

func TestSmoke(t *testing.T) {
	src := "#define A(x) x+1\n#ifdef A\nfloat4 main() : SV_Target { return A(2) * 1.0f; }\n#endif\n"
	fs := diag.NewFileSet()
	dl := diag.NewList(fs, diag.Options{})
	res := Preprocess(fs, dl, "t.hlsl", []byte(src), Config{})
	var b bytes.Buffer
	Print(&b, fs, res)
	dl.Render(&b)
	t.Log(b.String())
}
