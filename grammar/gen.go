// Package grammar holds the HLSL grammar (HLSLParser.g4) and, in
// grammar/parser, the Go parser ANTLR generates from it. Only
// frontend/parse uses the generated parser.
package grammar

//go:generate ./generate.sh
