package main

import (
	"fmt"
	"os"
	"strings"
)

// dxc spells options its own way: single-dash long names ("-fcgl"), values
// joined or separate ("-Tps_6_0", "-T ps_6_0"), "/" as well as "-" on many,
// and options that take two or four values ("-fvk-b-shift 1 0").
// normalizeArgs rewrites dxc's spellings into one form, "--name" or
// "--name=value", using the table below, and a flagSet (flags.go) does the
// typed parsing.

type argKind uint8

const (
	kFlag             argKind = iota // -name
	kJoined                          // -name=value or -namevalue (no separate form)
	kSeparate                        // -name value
	kJoinedOrSeparate                // -namevalue or -name value
	kMulti                           // -name v1 v2 ... (nargs values)
)

type argSpec struct {
	name  string // as dxc spells it after the dash, e.g. "T", "fspv-target-env="
	kind  argKind
	nargs int  // for kMulti
	slash bool // also accepted with a "/" prefix
	// supported is false for dxc options this compiler knows but does not
	// implement yet: they are rejected with a clear error, never ignored.
	// Since they all change only the generated code, the rejection happens
	// when code would be generated: -P, -fsyntax-only and -ast-dump run.
	supported bool
	// notWithSpirv marks the dxc options dxc itself refuses with -spirv
	// ("-Fd is not supported with -spirv"); they are refused at once.
	notWithSpirv bool
	help         string
}

// flagName is the flagSet name for a spec: the dxc name without a trailing "=".
func (s argSpec) flagName() string { return strings.TrimSuffix(s.name, "=") }

var argSpecs = []argSpec{
	// Compilation.
	{name: "T", kind: kJoinedOrSeparate, slash: true, supported: true, help: "target profile, e.g. ps_6_0, vs_6_0, cs_6_0"},
	{name: "E", kind: kJoinedOrSeparate, slash: true, supported: true, help: "entry point name (default main)"},
	{name: "D", kind: kJoinedOrSeparate, slash: true, supported: true, help: "define a macro: -D NAME or -D NAME=VALUE"},
	{name: "I", kind: kJoinedOrSeparate, slash: true, supported: true, help: "add a directory to the include search path"},
	{name: "HV", kind: kSeparate, slash: true, supported: true, help: "HLSL version: 2016, 2017, 2018, 2021 (default), 202x"},
	{name: "enable-16bit-types", kind: kFlag, slash: true, supported: true, help: "enable 16-bit types; half becomes float16_t"},
	{name: "flegacy-macro-expansion", kind: kFlag, slash: true, supported: true, help: "expand macros pasted with ## as fxc did"},
	{name: "ignore-line-directives", kind: kFlag, slash: true, supported: true, help: "ignore #line directives"},
	{name: "Zpr", kind: kFlag, slash: true, supported: true, help: "pack matrices in row-major order"},
	{name: "Zpc", kind: kFlag, slash: true, supported: true, help: "pack matrices in column-major order (default)"},
	{name: "WX", kind: kFlag, slash: true, supported: true, help: "treat warnings as errors"},
	{name: "no-warnings", kind: kFlag, slash: true, supported: true, help: "suppress warnings"},
	{name: "Vd", kind: kFlag, slash: true, supported: true, help: "disable validation (spirv-val-equivalent checks)"},
	{name: "O0", kind: kFlag, slash: true, supported: true, help: "legalize only, no optimization"},
	{name: "O1", kind: kFlag, slash: true, supported: true, help: "optimize (default -O3)"},
	{name: "O2", kind: kFlag, slash: true, supported: true, help: "optimize (default -O3)"},
	{name: "O3", kind: kFlag, slash: true, supported: true, help: "optimize (default)"},
	{name: "Od", kind: kFlag, slash: true, supported: true, help: "disable optimizations"},
	{name: "fcgl", kind: kFlag, slash: true, supported: true, help: "emit code as generated: no legalization, optimization or validation"},
	{name: "spirv", kind: kFlag, supported: true, help: "generate SPIR-V (the only target; accepted for dxc compatibility)"},

	// Output.
	{name: "Fo", kind: kJoinedOrSeparate, slash: true, supported: true, help: "write the SPIR-V binary to a file"},
	{name: "Fc", kind: kJoinedOrSeparate, slash: true, supported: true, help: "write the disassembly to a file"},
	{name: "Fw", kind: kJoinedOrSeparate, slash: true, supported: true, help: "also write WGSL to a file (hlsl2spirv extension)"},
	{name: "Fi", kind: kJoinedOrSeparate, slash: true, supported: true, help: "write -P output to a file"},
	{name: "Fh", kind: kJoinedOrSeparate, slash: true, supported: true, help: "write a C header holding the SPIR-V as a byte array (and the disassembly)"},
	{name: "Vn", kind: kJoinedOrSeparate, slash: true, supported: true, help: "name of the -Fh array (default g_<entry>)"},
	{name: "M", kind: kFlag, slash: true, supported: true, help: "print the files the shader depends on, as a make rule (preprocesses only)"},
	{name: "MD", kind: kFlag, slash: true, supported: true, help: "write that make rule to <input without extension>.d instead"},
	{name: "MF", kind: kJoinedOrSeparate, slash: true, supported: true, help: "write that make rule to the given file instead"},
	{name: "batch", kind: kSeparate, supported: true, help: "run the compile jobs listed in a file (- for stdin), one command line a line, in parallel"},
	{name: "P", kind: kFlag, slash: true, supported: true, help: "preprocess only"},
	{name: "dumpbin", kind: kFlag, slash: true, supported: true, help: "disassemble the input SPIR-V binary"},
	{name: "opt", kind: kFlag, supported: true, help: "optimize the input SPIR-V binary with -O<n> or -Oconfig (hlsl2spirv's own flag)"},
	{name: "ast-dump", kind: kFlag, slash: true, supported: true, help: "print the AST"},
	{name: "fsyntax-only", kind: kFlag, supported: true, help: "preprocess, parse and check; emit nothing"},
	{name: "help", kind: kFlag, slash: true, supported: true, help: "show this help"},
	{name: "version", kind: kFlag, supported: true, help: "print the version"},

	// SPIR-V code generation.
	{name: "fspv-target-env=", kind: kJoined, supported: true, help: "target environment: vulkan1.0 (default), vulkan1.1, vulkan1.1spirv1.4, vulkan1.2, vulkan1.3, universal1.5"},
	{name: "fvk-stage-io-order=", kind: kJoined, supported: true, help: "stage I/O location order: decl (default) or alpha"},
	{name: "fvk-invert-y", kind: kFlag, supported: true, help: "negate SV_Position.y before writing it (vs, ds, gs)"},
	{name: "fvk-use-dx-position-w", kind: kFlag, supported: true, help: "reciprocate SV_Position.w after reading it (ps)"},
	{name: "fspv-entrypoint-name=", kind: kJoined, supported: true, help: "name of the entry point in the SPIR-V module"},

	// Known dxc options not implemented yet.
	{name: "fvk-b-shift", kind: kMulti, nargs: 2, supported: true, help: "N SPACE: shift the bindings of register(bX) in SPACE (or all) by N"},
	{name: "fvk-t-shift", kind: kMulti, nargs: 2, supported: true, help: "N SPACE: shift the bindings of register(tX) by N"},
	{name: "fvk-s-shift", kind: kMulti, nargs: 2, supported: true, help: "N SPACE: shift the bindings of register(sX) by N"},
	{name: "fvk-u-shift", kind: kMulti, nargs: 2, supported: true, help: "N SPACE: shift the bindings of register(uX) by N"},
	{name: "fvk-bind-globals", kind: kMulti, nargs: 2, supported: true, help: "N M: put $Globals at binding N of set M"},
	{name: "fvk-bind-register", kind: kMulti, nargs: 4, supported: true, help: "REG SPACE BINDING SET: bind register REG of SPACE explicitly"},
	{name: "vkbr", kind: kMulti, nargs: 4, supported: true, help: "alias of -fvk-bind-register"},
	{name: "fvk-bind-resource-heap", kind: kMulti, nargs: 2, supported: true, help: "N M: bind ResourceDescriptorHeap at binding N of set M"},
	{name: "fvk-bind-sampler-heap", kind: kMulti, nargs: 2, supported: true, help: "N M: bind SamplerDescriptorHeap at binding N of set M"},
	{name: "fvk-bind-counter-heap", kind: kMulti, nargs: 2, supported: true, help: "N M: bind the counters of ResourceDescriptorHeap buffers at binding N of set M"},
	{name: "fvk-support-nonzero-base-instance", kind: kFlag, supported: true, help: "SV_InstanceID counts from the draw's first instance (InstanceIndex - BaseInstance)"},
	{name: "fvk-support-nonzero-base-vertex", kind: kFlag, supported: true, help: "SV_VertexID counts from the draw's first vertex (VertexIndex - BaseVertex)"},
	{name: "fvk-use-gl-layout", kind: kFlag, supported: true, help: "strict std140/std430 layout for buffers"},
	{name: "fvk-use-dx-layout", kind: kFlag, supported: true, help: "fxc (DirectX) layout for buffers"},
	{name: "fvk-use-scalar-layout", kind: kFlag, supported: true, help: "scalar block layout for buffers"},
	{name: "fvk-auto-shift-bindings", kind: kFlag, supported: true, help: "apply -fvk-*-shift to implicitly bound resources too"},
	{name: "fspv-use-legacy-buffer-matrix-order", kind: kFlag, supported: true, help: "byte-address buffers hold matrices row by row (DXC's old order)"},
	{name: "fspv-reflect", kind: kFlag, supported: true, help: "add reflection decorations (semantics, HLSL resource types, counter buffers)"},
	{name: "fspv-debug=", kind: kJoined, supported: true, help: "debug information to emit (repeatable): file, source, line, tool, rich, rich-with-source, vulkan, vulkan-with-source"},
	{name: "fspv-extension=", kind: kJoined, supported: true, help: "allow a SPIR-V extension (repeatable); enables what needs it"},
	{name: "fspv-flatten-resource-arrays", kind: kFlag, supported: true, help: "arrays of resources take one binding per element (one variable per element unless -fcgl)"},
	{name: "fspv-reduce-load-size", kind: kFlag, supported: true, help: "read the used members of uniform and input composites instead of the whole (reduce-load-size)"},
	{name: "fspv-fix-func-call-arguments", kind: kFlag, supported: true, help: "pass the buffer elements and members calls take as arguments through variables (fix-func-call-param), where a call stays a call"},
	{name: "fspv-enable-maximal-reconvergence", kind: kFlag, supported: true, help: "maximally reconvergent execution (SPV_KHR_maximal_reconvergence)"},
	{name: "fspv-use-vulkan-memory-model", kind: kFlag, supported: true, help: "use the Vulkan memory model (coherent accesses as memory-operand flags, QueueFamily scope)"},
	{name: "fspv-use-unknown-image-format", kind: kFlag, supported: true, help: "give storage images the Unknown format unless [[vk::image_format]] says otherwise"},
	{name: "ftime-report", kind: kFlag, supported: true, help: "print the time each optimizer pass takes to stderr"},
	{name: "fspv-print-all", kind: kFlag, supported: true, help: "print the module to stderr before the optimizer's first pass and after each"},
	{name: "fspv-use-emulated-heap", kind: kFlag},
	{name: "fspv-use-descriptor-heap", kind: kFlag, supported: true, help: "ResourceDescriptorHeap and SamplerDescriptorHeap as SPV_EXT_descriptor_heap's built-in heaps (textures, typed buffers, samplers)"},
	{name: "fspv-preserve-bindings", kind: kFlag, supported: true, help: "keep resource variables the optimizer would remove as unused"},
	{name: "fspv-preserve-interface", kind: kFlag, supported: true, help: "keep stage inputs and outputs the shader does not use"},
	{name: "fspv-max-id", kind: kMulti, nargs: 1, supported: true, help: "N: fail if the module needs more than N ids"},
	{name: "Oconfig=", kind: kJoined, supported: true, help: "optimizer passes to run instead of -O's: spirv-opt flags, comma-separated (--ccp,--eliminate-dead-code-aggressive,-O)"},
	{name: "auto-binding-space", kind: kSeparate, slash: true, supported: true, help: "descriptor set of resources that name no space (default 0)"},
	{name: "Zi", kind: kFlag, slash: true, supported: true, help: "emit debug information: file names, source, lines, tool"},
	{name: "Zs", kind: kFlag, slash: true},
	{name: "Fe", kind: kJoinedOrSeparate, slash: true},
	{name: "Fd", kind: kJoinedOrSeparate, slash: true, notWithSpirv: true},
	{name: "Fre", kind: kJoinedOrSeparate, slash: true, notWithSpirv: true},
	{name: "Vi", kind: kFlag, slash: true},
	{name: "Gis", kind: kFlag, slash: true, supported: true, help: "strict IEEE: no contraction, signed zeros, infinities and NaNs preserved"},
	{name: "Gec", kind: kFlag, slash: true, notWithSpirv: true},
	{name: "Ges", kind: kFlag, slash: true},
	{name: "Gfa", kind: kFlag, slash: true},
	{name: "Gfp", kind: kFlag, slash: true},
	{name: "Qstrip_reflect", kind: kFlag, slash: true, notWithSpirv: true},
	{name: "Qstrip_debug", kind: kFlag, slash: true},
	{name: "Qembed_debug", kind: kFlag, slash: true},
	{name: "denorm", kind: kJoinedOrSeparate, slash: true, supported: true, help: "32-bit denormals: any (default), preserve or ftz"},
	{name: "exports", kind: kSeparate, slash: true},
	{name: "default-linkage", kind: kSeparate, slash: true},
	{name: "Wall", kind: kFlag, supported: true, help: "all warnings (the default set; accepted for dxc compatibility)"},
	{name: "Wno-", kind: kJoined, supported: true, help: "<group>: silence a warning group (conversion, division-by-zero, vk-ignored-features...)"},
	{name: "W", kind: kJoined, supported: true, help: "<group>: warning groups are on by default; accepted for dxc compatibility"},
	{name: "pack-optimized", kind: kFlag, slash: true, supported: true, help: "pack stage inputs and outputs into shared locations (Component decorations)"},
	{name: "pack-prefix-stable", kind: kFlag, slash: true},
	{name: "ffinite-math-only", kind: kFlag, supported: true, help: "assume no NaNs or infinities (min/max become FMin/FMax)"},
	{name: "fno-finite-math-only", kind: kFlag, supported: true, help: "the default: min/max handle NaNs"},
	{name: "res-may-alias", kind: kFlag, slash: true},
	{name: "all-resources-bound", kind: kFlag, slash: true},
	{name: "enable-payload-qualifiers", kind: kFlag, slash: true},
}

// findSpec matches one argument against the table: an exact flag or
// separate-value name first, then the longest joined-value name that
// prefixes it. It returns the spec and any value joined to the name.
func findSpec(arg string) (spec *argSpec, joined string, hasJoined bool) {
	var prefix string
	switch {
	case strings.HasPrefix(arg, "--"):
		// --help, --version and friends: dxc takes these with two dashes.
		prefix, arg = "--", arg[2:]
	case strings.HasPrefix(arg, "-"):
		prefix, arg = "-", arg[1:]
	case strings.HasPrefix(arg, "/"):
		prefix, arg = "/", arg[1:]
	default:
		return nil, "", false
	}
	best := -1
	for i := range argSpecs {
		s := &argSpecs[i]
		if prefix == "/" && !s.slash {
			continue
		}
		name := s.name
		switch s.kind {
		case kFlag, kSeparate, kMulti:
			if arg == name {
				return s, "", false
			}
		case kJoined:
			if strings.HasPrefix(arg, name) && (best < 0 || len(name) > len(argSpecs[best].name)) {
				best = i
			}
		case kJoinedOrSeparate:
			if arg == name {
				return s, "", false
			}
			if strings.HasPrefix(arg, name) && (best < 0 || len(name) > len(argSpecs[best].name)) {
				best = i
			}
		}
	}
	if best < 0 {
		return nil, "", false
	}
	s := &argSpecs[best]
	return s, arg[len(s.name):], true
}

// normalizeArgs turns dxc-style arguments into the flagSet's "--name=value" form.
// Inputs (anything that is not an option) are returned separately, and so
// are the options this compiler knows from dxc but does not implement yet
// (as spelled), for the caller to reject when they would matter.
func normalizeArgs(args []string) (flags, inputs, unsupported []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" || (!strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "/")) {
			inputs = append(inputs, a)
			continue
		}
		// An absolute path on a Unix-like system that names a file is an input,
		// not a "/" option.
		if strings.HasPrefix(a, "/") {
			if _, statErr := os.Stat(a); statErr == nil {
				inputs = append(inputs, a)
				continue
			}
		}
		spec, joined, hasJoined := findSpec(a)
		if spec == nil {
			if strings.HasPrefix(a, "/") {
				inputs = append(inputs, a)
				continue
			}
			return nil, nil, nil, fmt.Errorf("unknown argument: '%s'", a)
		}
		name := "--" + spec.flagName()
		if spec.notWithSpirv {
			return nil, nil, nil, fmt.Errorf("-%s is not supported with -spirv", spec.flagName())
		}
		if !spec.supported {
			unsupported = append(unsupported, a)
			// Consume the option's values so they are not taken for inputs.
			switch {
			case spec.kind == kMulti:
				i += spec.nargs
			case (spec.kind == kSeparate || spec.kind == kJoinedOrSeparate) && !hasJoined:
				i++
			}
			continue
		}
		switch spec.kind {
		case kFlag:
			flags = append(flags, name)
		case kJoined:
			flags = append(flags, name+"="+joined)
		case kJoinedOrSeparate, kSeparate:
			if hasJoined {
				flags = append(flags, name+"="+joined)
				break
			}
			if i+1 >= len(args) {
				return nil, nil, nil, fmt.Errorf("Argument to '%s' is missing.", a)
			}
			i++
			flags = append(flags, name+"="+args[i])
		case kMulti:
			if i+spec.nargs >= len(args) {
				return nil, nil, nil, fmt.Errorf("Argument to '%s' is missing.", a)
			}
			flags = append(flags, name+"="+strings.Join(args[i+1:i+1+spec.nargs], ","))
			i += spec.nargs
		}
	}
	return flags, inputs, unsupported, nil
}

// usage prints the supported options in dxc's spelling.
func usage(w *os.File) {
	fmt.Fprintf(w, "OVERVIEW: hlsl2spirv — HLSL to Vulkan SPIR-V, dxc -spirv compatible\n\n")
	fmt.Fprintf(w, "USAGE: hlsl2spirv [options] <input>\n       hlsl2spirv -batch <jobs file>\n\n")
	fmt.Fprintf(w, "Arguments may also come from response files: @<file>.\n\nOPTIONS:\n")
	var rows [][2]string
	for _, s := range argSpecs {
		if !s.supported {
			continue
		}
		spell := "-" + s.name
		switch s.kind {
		case kJoined:
			spell += "<value>"
		case kJoinedOrSeparate, kSeparate:
			spell += " <value>"
		}
		if s.name == "help" || s.name == "version" {
			spell = "-" + spell
		}
		rows = append(rows, [2]string{spell, s.help})
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-28s %s\n", r[0], r[1])
	}
}
