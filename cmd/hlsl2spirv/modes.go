package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/frontend"
)

// dumpbin disassembles a SPIR-V binary (dxc -dumpbin): to -Fc or stdout.
func dumpbin(src []byte, c *cli, stdout, stderr io.Writer) int {
	text, err := disasm.DisassembleBytes(src)
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %s: %v\n", c.inputs[len(c.inputs)-1], err)
		return 1
	}
	return emitText(text, c.asmOut, stdout, stderr)
}

func emitText(text, file string, stdout, stderr io.Writer) int {
	if file == "" {
		file = "-"
	}
	if err := writeOutput(file, []byte(text), stdout); err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return 1
	}
	return 0
}

// preprocess implements -P: preprocessed text to -Fi or stdout.
func preprocess(input string, src []byte, c *cli, stdout, stderr io.Writer) int {
	var out bytes.Buffer
	res, err := frontend.Preprocess(c.opts, input, src, &out)
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return 1
	}
	res.Diags.Render(stderr)
	if res.Failed() {
		return 1
	}
	return emitText(out.String(), c.ppOut, stdout, stderr)
}

// check implements -fsyntax-only and -ast-dump.
func check(input string, src []byte, c *cli, stdout, stderr io.Writer) int {
	var dump io.Writer
	var out bytes.Buffer
	if c.astDump {
		dump = &out
	}
	res, err := frontend.Check(c.opts, input, src, dump)
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return 1
	}
	res.Diags.Render(stderr)
	if res.Failed() {
		return 1
	}
	if c.astDump {
		return emitText(out.String(), "", stdout, stderr)
	}
	return 0
}

// compile compiles to SPIR-V: the binary to -Fo, the disassembly to -Fc, or
// with neither the disassembly to stdout, as dxc does.
func compile(input string, src []byte, c *cli, stdout, stderr io.Writer) int {
	res, err := frontend.Compile(c.opts, input, src)
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return 1
	}
	res.Diags.Render(stderr)
	if res.Failed() {
		return 1
	}
	if c.out != "" {
		if err := writeOutput(c.out, wordsToBytes(res.SPIRV), stdout); err != nil {
			fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
			return 1
		}
	}
	if c.out == "" || c.asmOut != "" {
		text, err := disasm.Disassemble(res.SPIRV)
		if err != nil {
			fmt.Fprintf(stderr, "hlsl2spirv: internal error: disassembling the output: %v\n", err)
			return 1
		}
		return emitText(text, c.asmOut, stdout, stderr)
	}
	return 0
}

func wordsToBytes(words []uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
	}
	return b
}
