// Command hlsl2spirv compiles HLSL to Vulkan SPIR-V. It takes dxc's flags
// (see args.go) and behaves as `dxc -spirv` does: with no -Fo it prints the
// disassembly to stdout, and any error gives a non-zero exit.
//
// Files: main.go reads the flags into frontend.Options and runs the compile;
// args.go is the table of dxc's spellings (joined and separate values, /
// and - prefixes); flags.go the typed flag set they are parsed into (no
// flag package: what one imports costs every process start); respfile.go
// expands @file arguments; modes.go the modes that do not write a module
// (-dumpbin, -P, -fsyntax-only, -ast-dump, -opt);
// oconfig.go checks -Oconfig lists; header.go writes -Fh C headers;
// batch.go runs -batch job files; gc.go sets the garbage collector for a
// one-shot compile or a batch; hugeheap_linux.go asks Linux for huge pages
// for a one-shot compile's heap (hugeheap_other.go: nothing elsewhere);
// fileio_unix.go reads and writes files with plain system calls, without
// os.File and its poller (fileio_other.go: through os elsewhere).
// default.pgo is the CPU profile go build optimizes the command with
// (profile-guided optimization; `make pgo` records it afresh).
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/frontend"
	_ "github.com/hlsl2spirv/hlsl2spirv/internal/batchsched" // SCHED_BATCH from the start
)

// version is the compiler's version string (set with -ldflags at release).
var version = "0.1.0-dev"

// main runs one command line. It does not prefetch the parser's tables
// (frontend.Prefetch): a build runs compiles side by side on every core,
// where a compile's second goroutine only takes a core from another
// compile, and on a second P it allocates from spans of its own. Without
// it the corpus shaders' cold compiles take 0.3-1.3 ms less CPU (60-80
// fewer page faults) and the same wall time within noise, 40 interleaved
// runs each at real-time priority on this 2-core machine; the first
// parse loads the tables.
func main() {
	tuneGCForOneShot() // gc.go; a batch changes it
	s := session{comp: frontend.NewCompiler(), stdin: os.Stdin, process: true}
	os.Exit(runWith(s, os.Args[1:], os.Stdout, os.Stderr))
}

// run runs one command line with a compiler of its own.
func run(args []string, stdout, stderr io.Writer) int {
	return runWith(session{comp: frontend.NewCompiler(), stdin: os.Stdin}, args, stdout, stderr)
}

// session is what a command line runs with: the compiler, the standard
// input (for the input "-"), whether it is a job of a batch, and whether
// it is the process's own command line (not a batch job's or a test's).
type session struct {
	comp     *frontend.Compiler
	stdin    io.Reader
	batchJob bool
	process  bool
}

// cli holds the parsed command line.
type cli struct {
	opts                          frontend.Options
	comp                          *frontend.Compiler
	entry                         string // -E as given ("" without it), for -Fh's default name
	profile, hv                   string
	out, asmOut, wgslOut, ppOut   string
	headerOut, varName            string // -Fh, -Vn
	depsPrint, depsWrite          bool   // -M, -MD
	depsFile                      string // -MF
	batch                         string // -batch
	preprocess, dumpbin, astDump  bool
	syntaxOnly, help, showVersion bool
	zpr, zpc                      bool
	o0, o1, o2, o3, od, spirv     bool
	zi                            bool
	debug                         []string // -fspv-debug= values
	inputs                        []string
	// unsupported lists dxc options given that are not implemented yet.
	unsupported []string
	// Binding options as given ("N,SPACE" per use), parsed by bindingOptions.
	shifts             [len(shiftClasses)][]string
	bindRegister, vkbr []string
	bindGlobals        string
	resourceHeap       string
	samplerHeap        string
	counterHeap        string
	oconfig            []string
	optInput, printAll bool // -opt, -fspv-print-all
	timeReport         bool // -ftime-report
	noFiniteMath, wall bool
	warnings           []string // -W<group>: accepted, the groups are on by default
}

// A flagParser parses command lines with a flagSet (flags.go) defined
// once: its flags write into scratch, which every parse zeroes first and
// then copies out. A batch parses a command line per job, and defining the
// hundred flags costs more than parsing them. A flagParser serves one
// parse at a time; flagParsers holds the idle ones.
type flagParser struct {
	fs      flagSet
	scratch cli
}

var flagParsers = sync.Pool{New: func() any { return newFlagParser() }}

// shiftClasses are the register classes of -fvk-{b,t,s,u}-shift, in the
// order of cli.shifts.
var shiftClasses = [...]string{"b", "t", "s", "u"}

func parseCommandLine(args []string) (*cli, error) {
	args, err := expandResponseFiles(args) // respfile.go
	if err != nil {
		return nil, err
	}
	normalized, inputs, unsupported, err := normalizeArgs(args)
	if err != nil {
		return nil, err
	}
	fp := flagParsers.Get().(*flagParser)
	c, err := fp.parse(normalized)
	flagParsers.Put(fp)
	if err != nil {
		return nil, err
	}
	c.inputs = append(inputs, c.inputs...)
	c.unsupported = unsupported
	if err := c.finish(args); err != nil {
		return nil, err
	}
	return c, nil
}

// parse parses normalized flags into a new cli; the arguments that are no
// flags are its inputs.
func (fp *flagParser) parse(normalized []string) (*cli, error) {
	fp.scratch = cli{}
	rest, err := fp.fs.Parse(normalized)
	c := new(cli)
	*c = fp.scratch
	c.inputs = rest
	return c, err
}

func newFlagParser() *flagParser {
	fp := &flagParser{fs: flagSet{flags: make([]flagDef, 0, 128)}}
	fs, c := &fp.fs, &fp.scratch
	o := &c.opts
	fs.String(&c.profile, "T")
	fs.String(&o.Entry, "E")
	fs.Value(stringList{&o.Defines}, "D")
	fs.Value(stringList{&o.IncludeDirs}, "I")
	fs.String(&c.hv, "HV")
	// the boolean flags: each sets its field when given
	for _, f := range []struct {
		name string
		p    *bool
	}{
		{"enable-16bit-types", &o.Enable16BitTypes},
		{"flegacy-macro-expansion", &o.LegacyMacroExpansion},
		{"ignore-line-directives", &o.IgnoreLineDirectives},
		{"Zpr", &c.zpr},
		{"Zpc", &c.zpc},
		{"WX", &o.WarningsAsErrors},
		{"no-warnings", &o.NoWarnings},
		{"Vd", &o.DisableValidation},
		{"O0", &c.o0},
		{"O1", &c.o1},
		{"O2", &c.o2},
		{"O3", &c.o3},
		{"Od", &c.od},
		{"fcgl", &o.CodeGenOnly},
		{"spirv", &c.spirv},
		{"M", &c.depsPrint},
		{"MD", &c.depsWrite},
		{"P", &c.preprocess},
		{"dumpbin", &c.dumpbin},
		{"opt", &c.optInput},
		{"fspv-print-all", &c.printAll},
		{"ftime-report", &c.timeReport},
		{"fspv-preserve-bindings", &o.PreserveBindings},
		{"fspv-reduce-load-size", &o.ReduceLoadSize},
		{"ast-dump", &c.astDump},
		{"fsyntax-only", &c.syntaxOnly},
		{"help", &c.help},
		{"version", &c.showVersion},
		{"fvk-invert-y", &o.InvertY},
		{"fvk-use-dx-position-w", &o.UseDXPositionW},
		{"fvk-use-gl-layout", &o.UseGLLayout},
		{"fspv-reflect", &o.Reflect},
		{"fvk-support-nonzero-base-instance", &o.NonZeroBaseInstance},
		{"fvk-support-nonzero-base-vertex", &o.NonZeroBaseVertex},
		{"fvk-auto-shift-bindings", &o.AutoShiftBindings},
		{"fspv-use-unknown-image-format", &o.UnknownImageFormat},
		{"fvk-use-dx-layout", &o.UseDXLayout},
		{"fvk-use-scalar-layout", &o.UseScalarLayout},
		{"Zi", &c.zi},
		{"Gis", &o.IEEEStrict},
		{"fspv-flatten-resource-arrays", &o.FlattenResourceArrays},
		{"pack-optimized", &o.PackOptimized},
		{"fspv-use-descriptor-heap", &o.UseDescriptorHeap},
		{"fspv-use-legacy-buffer-matrix-order", &o.LegacyBufferMatrixOrder},
		{"ffinite-math-only", &o.FiniteMathOnly},
		{"fno-finite-math-only", &c.noFiniteMath},
		{"fspv-preserve-interface", &o.PreserveInterface},
		{"fspv-use-vulkan-memory-model", &o.VulkanMemoryModel},
		{"fspv-enable-maximal-reconvergence", &o.MaximalReconvergence},
		{"Wall", &c.wall},
	} {
		fs.Bool(f.p, f.name)
	}
	fs.Value(stringList{&c.oconfig}, "Oconfig")
	fs.String(&c.out, "Fo")
	fs.String(&c.asmOut, "Fc")
	fs.String(&c.wgslOut, "Fw")
	fs.String(&c.ppOut, "Fi")
	fs.String(&c.headerOut, "Fh")
	fs.String(&c.varName, "Vn")
	fs.String(&c.depsFile, "MF")
	fs.String(&c.batch, "batch")
	fs.String(&o.TargetEnv, "fspv-target-env")
	fs.String(&o.StageIOOrder, "fvk-stage-io-order")
	fs.String(&o.EntryPointName, "fspv-entrypoint-name")
	fs.Int(&o.DefaultSpace, "auto-binding-space")
	fs.Value(stringList{&o.Extensions}, "fspv-extension")
	fs.Value(stringList{&c.debug}, "fspv-debug")
	for i, class := range shiftClasses {
		fs.Value(stringList{&c.shifts[i]}, "fvk-"+class+"-shift")
	}
	fs.Value(stringList{&c.bindRegister}, "fvk-bind-register")
	fs.Value(stringList{&c.vkbr}, "vkbr")
	fs.String(&c.bindGlobals, "fvk-bind-globals")
	fs.String(&c.resourceHeap, "fvk-bind-resource-heap")
	fs.String(&c.samplerHeap, "fvk-bind-sampler-heap")
	fs.String(&c.counterHeap, "fvk-bind-counter-heap")
	fs.String(&o.Denorm, "denorm")
	fs.Bool(&o.FixFuncCallArguments, "fspv-fix-func-call-arguments")
	fs.Uint32(&o.MaxID, "fspv-max-id")
	fs.Value(stringList{&o.DisabledWarnings}, "Wno-")
	fs.Value(stringList{&c.warnings}, "W")
	return fp
}

// finish checks the parsed flags and derives the options they imply;
// args is the command line as given.
func (c *cli) finish(args []string) error {
	o := &c.opts
	var err error
	o.Profile = c.profile
	c.entry = o.Entry
	if err := c.bindingOptions(o); err != nil {
		return err
	}
	if c.noFiniteMath {
		o.FiniteMathOnly = false
	}
	o.RowMajor = c.zpr
	if c.zpr && c.zpc {
		return fmt.Errorf("cannot specify /Zpr and /Zpc together, use /? to get usage information")
	}
	o.NoOptimize = c.o0 || c.od
	if !(c.preprocess || c.astDump || c.syntaxOnly) { // the front end alone ignores optimizer options
		if err := checkOconfig(c.oconfig, c.o0 || c.o1 || c.o2 || c.o3, o); err != nil { // oconfig.go
			return err
		}
	}
	if o.Debug, err = frontend.ParseDebugCategories(c.zi, c.debug); err != nil {
		return err
	}
	if o.Debug.Any() {
		o.Debug.CommandLine, o.Debug.Args = commandLine(args, c.inputs)
	}
	if c.hv != "" {
		switch c.hv {
		case "2016", "2017", "2018", "2021":
			fmt.Sscan(c.hv, &o.HLSLVersion)
		case "202x":
			o.HLSLVersion = 2029
		default:
			return fmt.Errorf("unknown HLSL version: %s", c.hv)
		}
	}
	return nil
}

// commandLine is what DXC records of its command line for debug
// information: the input file, then every other argument after a space,
// as given; and those arguments alone.
func commandLine(args, inputs []string) (line, rest string) {
	input := ""
	if len(inputs) > 0 {
		input = inputs[len(inputs)-1]
	}
	var b strings.Builder
	for _, a := range args {
		if a != input {
			b.WriteString(" " + a)
		}
	}
	return input + b.String(), b.String()
}

// stringList is a repeatable flag (-D A -D B): every use appends its
// value.
type stringList struct{ values *[]string }

func (l stringList) Set(v string) error { *l.values = append(*l.values, v); return nil }

// runWith runs one command line in a session.
func runWith(s session, args []string, stdout, stderr io.Writer) int {
	c, err := parseCommandLine(args)
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return 1
	}
	c.comp = s.comp
	if c.batch != "" {
		if s.batchJob {
			fmt.Fprintf(stderr, "hlsl2spirv: error: a batch job cannot run a batch\n")
			return 1
		}
		if len(args) != 2 {
			fmt.Fprintf(stderr, "hlsl2spirv: error: -batch takes a jobs file and no other arguments\n")
			return 1
		}
		return runBatch(c.batch, s.process, stdout, stderr) // batch.go
	}
	if c.help {
		usage(os.Stdout)
		return 0
	}
	if c.showVersion {
		fmt.Fprintf(stdout, "hlsl2spirv version %s\n", version)
		return 0
	}
	if len(c.inputs) == 0 {
		fmt.Fprintf(stderr, "hlsl2spirv: error: no input file given\n")
		return 1
	}
	// As dxc does, the last input wins; unlike dxc, say so.
	input := c.inputs[len(c.inputs)-1]
	if len(c.inputs) > 1 {
		fmt.Fprintf(stderr, "hlsl2spirv: warning: several inputs given (%s); compiling the last one\n", strings.Join(c.inputs, ", "))
	}
	if s.process {
		adviseHugeHeap() // hugeheap_linux.go
	}
	src, err := readInput(input, s.stdin)
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return 1
	}
	deps := c.depsPrint || c.depsWrite || c.depsFile != ""
	if c.dumpbin {
		if deps {
			fmt.Fprintf(stderr, "hlsl2spirv: error: Cannot perform actions related to sources from a binary file.\n")
			return 1
		}
		return dumpbin(src, c, stdout, stderr)
	}
	if c.printAll {
		c.opts.PrintAll = stderr
	}
	if c.timeReport {
		c.opts.TimeReport = stderr
	}
	if c.optInput {
		return optimizeBinary(src, c, stdout, stderr)
	}
	c.opts.ReadFile = readFile // #included files too (fileio_unix.go)
	if err := c.opts.Normalize(); err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return 1
	}
	switch {
	case c.preprocess:
		return preprocess(input, src, c, stdout, stderr)
	case c.astDump:
		return check(input, src, c, stdout, stderr)
	case deps:
		return dependencies(input, src, c, stdout, stderr)
	case c.syntaxOnly:
		return check(input, src, c, stdout, stderr)
	}
	if len(c.unsupported) > 0 {
		fmt.Fprintf(stderr, "hlsl2spirv: error: option '%s' is not supported yet by hlsl2spirv\n", c.unsupported[0])
		return 1
	}
	return compile(input, src, c, stdout, stderr)
}

func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	b, err := readFile(name) // fileio_unix.go
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("no such file or directory: '%s'", name)
		}
		return nil, err
	}
	return b, nil
}

// writeOutput writes to a file, or to stdout for "-".
func writeOutput(name string, data []byte, stdout io.Writer) error {
	if name == "-" {
		_, err := stdout.Write(data)
		return err
	}
	return overwriteFile(name, data)
}

// bindingOptions parses -fvk-{b,t,s,u}-shift N SPACE, -fvk-bind-register
// REG SPACE BINDING SET and -fvk-bind-globals N M (SPACE may be "all").
func (c *cli) bindingOptions(o *frontend.Options) error {
	num := func(opt, s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("invalid value '%s' for %s: expected a non-negative integer", s, opt)
		}
		return n, nil
	}
	for i, class := range shiftClasses {
		opt := "-fvk-" + class + "-shift"
		// DXC's messages
		shiftNum := func(s string) (int, error) {
			n, err := strconv.Atoi(s)
			if err != nil {
				return 0, fmt.Errorf("invalid %s argument: %s", opt, s)
			}
			if n < 0 {
				return 0, fmt.Errorf("negative %s argument: %s", opt, s)
			}
			return n, nil
		}
		for _, v := range c.shifts[i] {
			parts := strings.Split(v, ",")
			n, err := shiftNum(parts[0])
			if err != nil {
				return err
			}
			space := -1
			if parts[1] != "all" {
				if space, err = shiftNum(parts[1]); err != nil {
					return err
				}
			}
			o.BindingShifts = append(o.BindingShifts, frontend.BindingShift{Class: class[0], Shift: n, Space: space})
		}
	}
	for _, v := range append(c.bindRegister, c.vkbr...) {
		parts := strings.Split(v, ",")
		reg := strings.ToLower(parts[0])
		if len(reg) < 2 || !strings.ContainsRune("btsu", rune(reg[0])) {
			return fmt.Errorf("invalid register '%s' for -fvk-bind-register", parts[0])
		}
		r := frontend.RegisterBinding{Class: reg[0]}
		var err error
		if r.Register, err = num("-fvk-bind-register", reg[1:]); err != nil {
			return err
		}
		// DXC's messages, checked in its order
		for _, f := range []struct {
			what, s string
			dst     *int
		}{{"space", strings.TrimPrefix(strings.ToLower(parts[1]), "space"), &r.Space}, {"binding", parts[2], &r.Binding}, {"set", parts[3], &r.Set}} {
			n, err := strconv.Atoi(f.s)
			if err != nil || n < 0 {
				return fmt.Errorf("invalid -fvk-bind-register %s number: %s", f.what, f.s)
			}
			*f.dst = n
		}
		o.BindRegisters = append(o.BindRegisters, r)
	}
	for _, h := range []struct {
		opt, v string
		dst    **[2]int
	}{{"-fvk-bind-resource-heap", c.resourceHeap, &o.ResourceHeap}, {"-fvk-bind-sampler-heap", c.samplerHeap, &o.SamplerHeap},
		{"-fvk-bind-counter-heap", c.counterHeap, &o.CounterHeap}, {"-fvk-bind-globals", c.bindGlobals, &o.BindGlobals}} {
		if h.v == "" {
			continue
		}
		var bs [2]int
		for i, p := range strings.Split(h.v, ",") {
			n, err := fixedBindingNumber(h.opt, p)
			if err != nil {
				return err
			}
			bs[i] = n
		}
		*h.dst = &bs
	}
	return nil
}

// fixedBindingNumber parses one number of an option that fixes a binding
// (-fvk-bind-resource-heap N M ...), with DXC's messages.
func fixedBindingNumber(opt, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("invalid %s argument: '%s'", opt, s)
	}
	if n < 0 {
		return 0, fmt.Errorf("expected positive integer for %s, got: %s", opt, s)
	}
	return n, nil
}
