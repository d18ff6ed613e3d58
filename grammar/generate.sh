#!/bin/sh
# Regenerates the Go parser in grammar/parser from HLSLParser.g4.
#
# Needs Java 17+ and the ANTLR 4.13 tool jar, which ships inside the npm
# package antlr4ng-cli (its own CLI targets TypeScript, so we run the jar
# directly). The package is fetched once into $ANTLR_CACHE.
#
# Usage: grammar/generate.sh [output-dir]   (default: grammar/parser)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/parser}
cache=${ANTLR_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hlsl2spirv/antlr4ng-cli-2.0.0}

jar=$(find "$cache" -name 'antlr4-*-complete.jar' 2>/dev/null | head -n 1 || true)
if [ -z "$jar" ]; then
	command -v npm >/dev/null || { echo "generate.sh: npm is needed to fetch antlr4ng-cli" >&2; exit 1; }
	mkdir -p "$cache"
	(cd "$cache" && npm pack --silent antlr4ng-cli@2.0.0 >/dev/null && tar xzf antlr4ng-cli-2.0.0.tgz)
	jar=$(find "$cache" -name 'antlr4-*-complete.jar' | head -n 1)
fi
command -v java >/dev/null || { echo "generate.sh: java is needed to run ANTLR" >&2; exit 1; }

mkdir -p "$out"
cd "$here"
java -jar "$jar" -Dlanguage=Go -package parser -visitor -no-listener \
	-o "$out" -Xexact-output-dir HLSLParser.g4
# The .interp/.tokens files are ANTLR tool artefacts the Go runtime never reads.
rm -f "$out"/*.interp "$out"/*.tokens
gofmt -w "$out"/*.go
