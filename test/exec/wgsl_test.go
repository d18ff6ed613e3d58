package exec

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
	"github.com/hlsl2spirv/hlsl2spirv/test/webgpu"
)

// TestExecWGSL runs every case through the WGSL backend as well: the
// module hlsl2spirv compiles is translated to WGSL, Tint validates it, naga
// translates it back to SPIR-V, and that runs on lavapipe with the same
// data (Dawn's own Vulkan backend refuses this lavapipe). Its buffers must
// equal the direct module's, with the case's tolerances, and meet the
// case's expectations. Cases WGSL cannot express are skipped with the
// reason; so are cases the direct path is known to get wrong (xfail
// hlsl2spirv). `xfail wgsl: REASON` marks a case the translation is known
// to get different (a texel buffer whose view converts a format the shader
// does not declare): it must then differ.
func TestExecWGSL(t *testing.T) {
	if !webgpu.Available() {
		tool.Missing(t, "node and the npm packages of test/package.json (webgpu, naga-wasm) are needed; run make deps")
	}
	paths, err := filepath.Glob("testdata/*.hlsl")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no test files in testdata: %v", err)
	}
	sort.Strings(paths)
	Runner(t)
	var ran, matched, inexpressible atomic.Int32
	t.Cleanup(func() {
		t.Logf("WGSL execution: %d cases run through WGSL, %d matched the direct path; %d refused as inexpressible", ran.Load(), matched.Load(), inexpressible.Load())
	})
	t.Run("cases", func(t *testing.T) {
		for _, p := range paths {
			if *runFilter != "" && !strings.Contains(filepath.Base(p), *runFilter) {
				continue
			}
			f, err := ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			base := strings.TrimSuffix(filepath.Base(p), ".hlsl")
			for _, c := range f.Cases {
				name := base
				if c.Name != "" {
					name += "/" + c.Name
				}
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					if reason, ok := c.XFail["hlsl2spirv"]; ok {
						t.Skipf("the direct path is known wrong: %s", reason)
					}
					err := runWGSLCase(t, f, c)
					var skip *skipWGSL
					reason, xfail := c.XFail["wgsl"]
					switch {
					case xfail && err == nil:
						ran.Add(1)
						t.Errorf("%s (case %q) passes through WGSL but is marked `xfail wgsl: %s`; remove the marker", f.Path, c.Name, reason)
					case xfail && !errors.As(err, &skip):
						ran.Add(1)
						t.Logf("expected failure through WGSL (%s):\n%v", reason, err)
					case errors.As(err, &skip):
						if skip.inexpressible {
							inexpressible.Add(1)
						}
						t.Skip(skip.why)
					case err != nil:
						ran.Add(1)
						t.Errorf("%s (case %q):\n%v", f.Path, c.Name, err)
					default:
						ran.Add(1)
						matched.Add(1)
					}
				})
			}
		}
	})
}

type skipWGSL struct {
	why           string
	inexpressible bool
}

func (s *skipWGSL) Error() string { return s.why }

// runWGSLCase runs one case directly and through WGSL and compares.
func runWGSLCase(t *testing.T, f *File, c *Case) error {
	runner := Runner(t)
	direct := compile(t, "hlsl2spirv", Hlsl2spirv, f, c.Args)
	if errors.Is(direct.err, ErrNotAvailable) {
		return &skipWGSL{why: direct.err.Error()}
	}
	if direct.err != nil {
		return &skipWGSL{why: "the direct path fails: " + direct.err.Error()}
	}
	// Push constants become a uniform buffer at the next free binding of
	// set 0; the case's push data fills it.
	pushBinding := uint32(0)
	for _, b := range direct.mod.Bindings {
		if b.Set == 0 && b.Binding >= pushBinding {
			pushBinding = b.Binding + 1
		}
	}
	res, err := wgsl.TranslateBytes(direct.module, wgsl.Options{PushConstants: wgsl.PushUniform, PushBinding: pushBinding})
	if wgsl.IsUnsupported(err) {
		return &skipWGSL{why: err.Error(), inexpressible: true}
	}
	if err != nil {
		return fmt.Errorf("translating to WGSL: %v", err)
	}
	if v := webgpu.Validate(t, res.WGSL, nil); len(v.Errors) > 0 {
		return fmt.Errorf("Tint refuses the WGSL:\n%s\n%s", v, res.WGSL)
	}
	spirv, err := webgpu.WGSLToSPIRV(t, res.WGSL)
	if err != nil {
		// Limits of the round trip, not of the WGSL: Tint accepted it.
		switch {
		case strings.Contains(err.Error(), "overrides should not be present"):
			return &skipWGSL{why: "naga cannot write SPIR-V for WGSL overrides without pipeline constants (Tint accepts the WGSL)"}
		case strings.Contains(err.Error(), "`subgroups` enable-extension is not yet supported"):
			return &skipWGSL{why: "naga's WGSL reader lacks the subgroups extension (Tint accepts the WGSL)"}
		case strings.Contains(err.Error(), "bitcast<u32>(vec2<f16>") && strings.Contains(err.Error(), "width: 2"),
			strings.Contains(err.Error(), "bitcast<vec2<f16>>(") && strings.Contains(err.Error(), "invalid field accessor"):
			return &skipWGSL{why: "naga mistypes bitcasts between u32 and vec2<f16> (Tint accepts the WGSL)"}
		}
		return fmt.Errorf("naga refuses the WGSL: %v\n%s", err, res.WGSL)
	}
	wmod, err := Reflect(spirv)
	if err != nil {
		return fmt.Errorf("reflecting naga's module: %v", err)
	}
	// The WGSL run names its resources by their WGSL bindings
	// (res.Bindings says which SPIR-V descriptor each stands for: an
	// element of a descriptor array, a moved binding, the sampler half of
	// a combined image sampler); its results are keyed back by the SPIR-V
	// descriptors.
	toWGSL := map[Slot][]wgsl.Binding{}
	fromWGSL := map[Slot]Slot{}
	for _, b := range res.Bindings {
		if b.PushConstants {
			continue
		}
		s := Slot{b.Set, b.SPIRVBinding, uint32(max(b.Element, 0))}
		toWGSL[s] = append(toWGSL[s], b)
		if !b.Sampler {
			fromWGSL[Slot{b.Group, b.Binding, 0}] = s
		}
	}
	wc := c.clone()
	wc.Inputs, wc.Expects = nil, nil
	rename := func(list []*Resource, samplers bool) ([]*Resource, error) {
		var out []*Resource
		for _, r := range list {
			b, elem, err := direct.mod.FindElem(r.Name)
			if errors.Is(err, errNoSuchResource) {
				continue
			}
			if err != nil {
				return nil, err
			}
			for _, wb := range toWGSL[Slot{b.Set, b.Binding, elem}] {
				if wb.Sampler && !samplers {
					continue
				}
				nr := *r
				nr.Name = fmt.Sprintf("%d:%d", wb.Group, wb.Binding)
				if wb.Sampler {
					// The sampler half takes the options, not the texels.
					nr.Data = &Data{}
				}
				out = append(out, &nr)
			}
		}
		return out, nil
	}
	if wc.Inputs, err = rename(c.Inputs, true); err != nil {
		return err
	}
	if wc.Expects, err = rename(c.Expects, false); err != nil { // they size the buffers
		return err
	}
	// A texel buffer became a storage buffer: give it the texel buffer's
	// size, which GetDimensions reports.
	for _, b := range direct.mod.Bindings {
		if b.Kind != UniformTexelBuffer && b.Kind != StorageTexelBuffer || b.Count != 0 {
			continue
		}
		var data, expected int
		opts := map[string]string{}
		for _, r := range c.Inputs {
			if rb, _, err := direct.mod.FindElem(r.Name); err == nil && rb.Set == b.Set && rb.Binding == b.Binding {
				data, opts = len(r.Data.Bytes), r.Options
			}
		}
		for _, r := range c.Expects {
			if rb, _, err := direct.mod.FindElem(r.Name); err == nil && rb.Set == b.Set && rb.Binding == b.Binding {
				expected = len(r.Data.Bytes)
			}
		}
		f, err := imageFormat(&b, opts)
		if err != nil {
			return err
		}
		for _, wb := range toWGSL[Slot{b.Set, b.Binding, 0}] {
			name := fmt.Sprintf("%d:%d", wb.Group, wb.Binding)
			var in *Resource
			for _, r := range wc.Inputs {
				if r.Name == name {
					in = r
				}
			}
			if in == nil {
				in = &Resource{Name: name, Data: &Data{}}
				wc.Inputs = append(wc.Inputs, in)
			}
			o := map[string]string{}
			for k, v := range in.Options {
				o[k] = v
			}
			o["bytes"] = strconv.Itoa(texelBufferSize(data, expected, f.bytes))
			in.Options = o
		}
	}
	if c.Push != nil {
		wc.Inputs = append(wc.Inputs, &Resource{Name: fmt.Sprintf("0:%d", pushBinding), Data: c.Push, Options: map[string]string{}})
		wc.Push = nil
	}
	dir := t.TempDir()
	wres, err := Execute(runner, dir, spirv, wmod, wc)
	if errors.Is(err, ErrNoDevice) {
		tool.Missing(t, err.Error()+"; install mesa-vulkan-drivers (lavapipe)")
	}
	if err != nil {
		return fmt.Errorf("running naga's module: %v", err)
	}
	byDescriptor := Result{}
	for k, v := range wres {
		if s, ok := fromWGSL[k]; ok {
			byDescriptor[s] = v
		}
	}
	wres = byDescriptor
	dres, err := Execute(runner, t.TempDir(), direct.module, direct.mod, c)
	if err != nil {
		return fmt.Errorf("running the direct module: %v", err)
	}
	if err := Check(direct.mod, c, wres); err != nil {
		return fmt.Errorf("the WGSL path misses the expectations:\n%v\nWGSL:\n%s", err, res.WGSL)
	}
	// The same buffers as the direct path, element by element, with the
	// expectations' tolerances.
	for _, r := range c.Expects {
		b, elem, err := direct.mod.FindElem(r.Name)
		if err != nil {
			return err
		}
		key := Slot{b.Set, b.Binding, elem}
		want := &Data{Elems: make([]Elem, len(r.Data.Elems))}
		copy(want.Elems, r.Data.Elems)
		for i := range want.Elems {
			e := &want.Elems[i]
			size := e.Type.Bytes
			if e.Offset+size <= len(dres[key]) {
				var v uint64
				for k := size - 1; k >= 0; k-- {
					v = v<<8 | uint64(dres[key][e.Offset+k])
				}
				e.Bits, e.Text = v, "direct"
			}
		}
		if mm := want.Compare(wres[key]); len(mm) > 0 {
			return fmt.Errorf("%s: %d elements differ from the direct path (first at [%d]: %s vs %s)", r.Name, len(mm), mm[0].Index, mm[0].Expected, mm[0].Actual)
		}
	}
	return nil
}
