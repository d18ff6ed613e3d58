package filecheck

import (
	"fmt"
	"strings"
	"testing"
)

// benchInput is about 1 MB of spirv-dis-like text with a check file of 500
// directives spread over it: plain, regex, captured and used variables,
// NEXT, DAG and NOT.
func benchInput() (check, input []byte) {
	var in, ck strings.Builder
	id := 100
	for fn := 0; in.Len() < 1<<20; fn++ {
		fmt.Fprintf(&in, "%%fn%d = OpFunction %%void None %%3\n", fn)
		fmt.Fprintf(&in, "%%bb%d = OpLabel\n", fn)
		for i := 0; i < 60; i++ {
			fmt.Fprintf(&in, "         %%%d = OpLoad %%v4float %%ptr_%d\n", id, i)
			fmt.Fprintf(&in, "         %%%d = OpFMul %%v4float %%%d %%%d\n", id+1, id, id)
			fmt.Fprintf(&in, "               OpStore %%out_%d %%%d\n", i, id+1)
			id += 2
		}
		in.WriteString("               OpReturn\n               OpFunctionEnd\n")
	}
	lines := strings.Split(in.String(), "\n")
	// One group of directives every len(lines)/100 lines: 5 per group.
	step := len(lines) / 101
	for g := 1; g <= 100; g++ {
		at := g * step
		for !strings.Contains(lines[at], "OpLoad") {
			at++
		}
		f := strings.Fields(lines[at])
		ck.WriteString("; CHECK: [[V:%[0-9]+]] = OpLoad %v4float " + f[4] + "\n")
		ck.WriteString("; CHECK-NEXT: [[M:%[0-9]+]] = OpFMul %v4float [[V]] [[V]]\n")
		ck.WriteString("; CHECK-NOT: OpKill\n")
		ck.WriteString("; CHECK-DAG: OpStore {{%out_[0-9]+}} [[M]]\n")
		ck.WriteString("; CHECK: OpStore\n")
	}
	return []byte(ck.String()), []byte(in.String())
}

func BenchmarkCheck1MB(b *testing.B) {
	check, input := benchInput()
	if err := Check(check, input, Options{}); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(input)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Check(check, input, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckNotScan is the worst common case: a CHECK-NOT regex scanned
// over the whole input.
func BenchmarkCheckNotScan(b *testing.B) {
	_, input := benchInput()
	check := []byte("CHECK-NOT: {{OpKill|OpUnreachable}}\nCHECK: OpFunctionEnd\n")
	b.SetBytes(int64(len(input)))
	for i := 0; i < b.N; i++ {
		if err := Check(check, input, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
