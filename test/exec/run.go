package exec

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

//go:embed runner/runner.c
var runnerSource []byte

// errNoSuchResource: a name that matches none of the module's resources.
var errNoSuchResource = errors.New("the module has no resource")

// ErrNoDevice means the runner could not create a Vulkan device at all.
var ErrNoDevice = errors.New("no Vulkan device")

var (
	runnerOnce sync.Once
	runnerPath string
	runnerWhy  string // why the runner cannot be built, for Missing
	runnerErr  error  // a real build failure
)

// runnerTimeout bounds one job on a runner; the runner itself gives up on a
// dispatch after 20 seconds (RUNNER_DISPATCH_TIMEOUT), so this is for a
// driver that hangs elsewhere.
func runnerTimeout() time.Duration {
	d := 20 * time.Second
	if s, err := strconv.Atoi(os.Getenv("RUNNER_DISPATCH_TIMEOUT")); err == nil && s > 0 {
		d = time.Duration(s) * time.Second
	}
	return d + 40*time.Second
}

// lavapipeICDs is where Debian's mesa-vulkan-drivers puts lavapipe's ICD.
const lavapipeICDs = "/usr/share/vulkan/icd.d/lvp_icd*.json"

// Runner builds the C runner once per process (cached by the source's hash
// under the user cache directory) and returns its path. A missing C compiler,
// Vulkan headers or lavapipe driver stops the test through tool.Missing.
func Runner(tb testing.TB) string {
	tb.Helper()
	runnerOnce.Do(buildRunner)
	if runnerWhy != "" {
		tool.Missing(tb, runnerWhy)
	}
	if runnerErr != nil {
		tb.Fatal(runnerErr)
	}
	return runnerPath
}

func buildRunner() {
	cc := tool.Lookup(tool.CC)
	if cc == "" {
		runnerWhy = "no C compiler to build the Vulkan runner; install gcc (and libvulkan-dev, mesa-vulkan-drivers)"
		return
	}
	if m, _ := filepath.Glob(lavapipeICDs); len(m) == 0 && os.Getenv("VK_DRIVER_FILES") == "" && os.Getenv("VK_ICD_FILENAMES") == "" {
		runnerWhy = "no lavapipe Vulkan driver (" + lavapipeICDs + "); install mesa-vulkan-drivers"
		return
	}
	sum := sha256.Sum256(runnerSource)
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "hlsl2spirv", "exec-runner-"+hex.EncodeToString(sum[:8]))
	bin := filepath.Join(dir, "runner")
	if st, err := os.Stat(bin); err == nil && st.Mode().IsRegular() {
		runnerPath = bin
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		runnerErr = err
		return
	}
	src := filepath.Join(dir, "runner.c")
	if err := os.WriteFile(src, runnerSource, 0o644); err != nil {
		runnerErr = err
		return
	}
	// Build to a temporary name and rename, so that concurrent test
	// processes never run a half-written binary.
	tmp := fmt.Sprintf("%s.%d", bin, os.Getpid())
	_, stderr, err := tool.Run(cc, nil, "-O1", "-o", tmp, src, "-lvulkan")
	if err != nil {
		if bytes.Contains(stderr, []byte("vulkan/vulkan.h")) || bytes.Contains(stderr, []byte("-lvulkan")) {
			runnerWhy = "cannot build the Vulkan runner without the Vulkan headers and loader; install libvulkan-dev (and mesa-vulkan-drivers)"
			return
		}
		runnerErr = fmt.Errorf("building the Vulkan runner: %v\n%s", err, stderr)
		return
	}
	if err := os.Rename(tmp, bin); err != nil {
		runnerErr = err
		return
	}
	runnerPath = bin
}

// runnerEnv points the Vulkan loader at lavapipe alone, unless the user
// chose drivers: loading the hardware ICDs costs over a second per process.
func runnerEnv() []string {
	env := os.Environ()
	if os.Getenv("VK_DRIVER_FILES") != "" || os.Getenv("VK_ICD_FILENAMES") != "" {
		return env
	}
	if m, _ := filepath.Glob(lavapipeICDs); len(m) > 0 {
		files := strings.Join(m, ":")
		env = append(env, "VK_DRIVER_FILES="+files, "VK_ICD_FILENAMES="+files)
	}
	return env
}

// A format is a texel format the runner can create.
type format struct {
	name  string
	vk    int // VkFormat
	bytes int // per texel
	spv   int // SPIR-V ImageFormat, 0 when it has none
}

var formats = []format{
	{"rgba32f", 109, 16, 1}, {"rgba16f", 97, 8, 2}, {"r32f", 100, 4, 3}, {"rgba8", 37, 4, 4},
	{"rgba8snorm", 38, 4, 5}, {"rg32f", 103, 8, 6}, {"rg16f", 83, 4, 7}, {"r16f", 76, 2, 9},
	{"r8", 9, 1, 15}, {"rgba32i", 108, 16, 21}, {"rgba16i", 96, 8, 22}, {"rgba8i", 42, 4, 23},
	{"r32i", 99, 4, 24}, {"rg32i", 102, 8, 25}, {"r16i", 75, 2, 28}, {"rgba32ui", 107, 16, 30},
	{"rgba16ui", 95, 8, 31}, {"rgba8ui", 41, 4, 32}, {"r32ui", 98, 4, 33}, {"rg32ui", 101, 8, 35},
	{"r16ui", 74, 2, 38}, {"r8ui", 13, 1, 39}, {"r64ui", 110, 8, 40}, {"r64i", 111, 8, 41},
	{"rg16i", 82, 4, 26}, {"rgb32f", 106, 12, 0},
}

func formatByName(name string) (format, bool) {
	for _, f := range formats {
		if f.name == name {
			return f, true
		}
	}
	return format{}, false
}

// imageFormat picks the format of an image or texel buffer: the test's
// format= option, else the module's declared format, else four 32-bit
// components of the sampled type.
func imageFormat(b *Binding, opts map[string]string) (format, error) {
	if n, ok := opts["format"]; ok {
		f, ok := formatByName(n)
		if !ok {
			return f, fmt.Errorf("unknown format %q", n)
		}
		return f, nil
	}
	if b.Format != 0 {
		for _, f := range formats {
			if f.spv == b.Format {
				return f, nil
			}
		}
		return format{}, fmt.Errorf("the module's image format %d has no runner format", b.Format)
	}
	name := "rgba32f"
	switch b.SampledType[:1] {
	case "i":
		name = "rgba32i"
	case "u":
		name = "rgba32ui"
	}
	f, _ := formatByName(name)
	return f, nil
}

// FindElem is Find for a name that may select an element of an array of
// descriptors, NAME[K] (element 0 otherwise).
func (m *Module) FindElem(name string) (*Binding, uint32, error) {
	var elem uint64
	if i := strings.LastIndexByte(name, '['); i > 0 && strings.HasSuffix(name, "]") {
		var err error
		if elem, err = strconv.ParseUint(name[i+1:len(name)-1], 10, 32); err != nil {
			return nil, 0, fmt.Errorf("bad element in %q", name)
		}
		name = name[:i]
	}
	b, err := m.Find(name)
	if err != nil {
		return nil, 0, err
	}
	if b.Count == 0 && elem > 0 || b.Count > 0 && int(elem) >= b.Count {
		return nil, 0, fmt.Errorf("%s: element %d of a binding of %d descriptors", name, elem, max(b.Count, 1))
	}
	return b, uint32(elem), nil
}

// Find resolves a test's resource name to the module's binding: "SET:BINDING",
// "counter(NAME)" for an Append/Consume buffer's counter, the variable's
// name, or its type's name (a cbuffer's block: NAME or type.NAME).
func (m *Module) Find(name string) (*Binding, error) {
	var found []*Binding
	if s, b, ok := strings.Cut(name, ":"); ok {
		set, err1 := strconv.ParseUint(s, 10, 32)
		bind, err2 := strconv.ParseUint(b, 10, 32)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("bad SET:BINDING %q", name)
		}
		for i := range m.Bindings {
			if m.Bindings[i].Set == uint32(set) && m.Bindings[i].Binding == uint32(bind) {
				return &m.Bindings[i], nil
			}
		}
		return nil, fmt.Errorf("the module has no resource at set %d binding %d", set, bind)
	}
	match := func(b *Binding) bool { return b.VarName == name }
	if inner, ok := strings.CutPrefix(name, "counter("); ok && strings.HasSuffix(inner, ")") {
		inner = strings.TrimSuffix(inner, ")")
		match = func(b *Binding) bool { return b.VarName == "counter.var."+inner || b.VarName == inner+"@count" }
	} else if name == "$Globals" {
		match = func(b *Binding) bool {
			return b.VarName == "$Globals" || b.TypeName == "type.$Globals" || b.TypeName == "$Global"
		}
	}
	for i := range m.Bindings {
		if match(&m.Bindings[i]) {
			found = append(found, &m.Bindings[i])
		}
	}
	if len(found) == 0 { // a cbuffer whose variable has no name of its own
		for i := range m.Bindings {
			b := &m.Bindings[i]
			if b.TypeName == name || b.TypeName == "type."+name {
				found = append(found, b)
			}
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		var have []string
		for _, b := range m.Bindings {
			have = append(have, fmt.Sprintf("%q (%s, type %q, set %d binding %d)", b.VarName, b.Kind, b.TypeName, b.Set, b.Binding))
		}
		return nil, fmt.Errorf("%w named %q; it has: %s", errNoSuchResource, name, strings.Join(have, ", "))
	}
	return nil, fmt.Errorf("resource name %q is ambiguous; use SET:BINDING", name)
}

// A Slot is one descriptor: its set and binding, and its element in an
// array of descriptors (0 otherwise).
type Slot struct{ Set, Binding, Elem uint32 }

// Result is what a dispatch left in each resource.
type Result map[Slot][]byte

// elemKey is a binding's element.
type elemKey struct {
	b    *Binding
	elem uint32
}

// Execute runs the case's dispatch of module on the runner and returns every
// resource's final contents. dir is a scratch directory.
func Execute(runner, dir string, module []byte, mod *Module, c *Case) (Result, error) {
	var job strings.Builder
	spv := filepath.Join(dir, "module.spv")
	if err := os.WriteFile(spv, module, 0o644); err != nil {
		return nil, err
	}
	entry := ""
	for _, e := range mod.EntryPoints {
		if entry == "" || e == entryArg(c.Args) {
			entry = e
		}
	}
	if entry == "" {
		return nil, fmt.Errorf("the module has no GLCompute entry point")
	}
	fmt.Fprintf(&job, "module %s\nentry %s\ndispatch %d %d %d\n", spv, entry, c.Dispatch[0], c.Dispatch[1], c.Dispatch[2])

	if c.Push != nil || mod.PushSize > 0 {
		var data []byte
		if c.Push != nil {
			data = c.Push.Bytes
		}
		if mod.PushSize == 0 {
			return nil, fmt.Errorf("push data given, but the module has no push constant block")
		}
		if len(data) > mod.PushSize {
			return nil, fmt.Errorf("%d bytes of push data for a %d-byte push constant block", len(data), mod.PushSize)
		}
		data = append(data, make([]byte, roundUp(mod.PushSize, 4)-len(data))...)
		f := filepath.Join(dir, "push.bin")
		if err := os.WriteFile(f, data, 0o644); err != nil {
			return nil, err
		}
		fmt.Fprintf(&job, "push %d %s\n", len(data), f)
	}
	for _, s := range c.Specs {
		size := -1
		for _, ms := range mod.Specs {
			if ms.ID == s.ID {
				size = ms.Bytes
			}
		}
		if size < 0 {
			return nil, fmt.Errorf("spec %d: the module has no specialization constant with that SpecId", s.ID)
		}
		if len(s.Data.Bytes) != size {
			return nil, fmt.Errorf("spec %d: a %d-byte value for a %d-byte constant", s.ID, len(s.Data.Bytes), size)
		}
		var v [8]byte
		copy(v[:], s.Data.Bytes)
		fmt.Fprintf(&job, "spec %d %d %x\n", s.ID, size, leUint64(v))
	}

	inputs := map[elemKey]*Resource{}
	elems := map[*Binding]uint32{} // elements of an array of descriptors
	for _, r := range c.Inputs {
		b, elem, err := mod.FindElem(r.Name)
		if errors.Is(err, errNoSuchResource) {
			continue // declared in the file but not used by this entry point
		}
		if err != nil {
			return nil, fmt.Errorf("in %s (line %d): %v", r.Name, r.Line, err)
		}
		inputs[elemKey{b, elem}] = r
		elems[b] = max(elems[b], elem+1)
		if n, err := strconv.Atoi(r.Options["count"]); err == nil && b.Count < 0 {
			elems[b] = max(elems[b], uint32(n))
		}
	}
	expected := map[elemKey]int{} // bytes the expectations cover
	for _, r := range c.Expects {
		b, elem, err := mod.FindElem(r.Name)
		if err != nil {
			return nil, fmt.Errorf("expect %s (line %d): %v", r.Name, r.Line, err)
		}
		expected[elemKey{b, elem}] = len(r.Data.Bytes)
		elems[b] = max(elems[b], elem+1)
	}
	sizes := map[Slot]int{}
	for i := range mod.Bindings {
		b := &mod.Bindings[i]
		n := uint32(max(b.Count, 1))
		if b.Count < 0 {
			n = max(elems[b], 1)
		}
		for elem := uint32(0); elem < n; elem++ {
			if b.Count != 0 {
				fmt.Fprintf(&job, "element %d\n", elem)
			}
			size, err := resource(&job, dir, b, elem, inputs[elemKey{b, elem}], expected[elemKey{b, elem}])
			if err != nil {
				return nil, err
			}
			if size >= 0 {
				sizes[Slot{b.Set, b.Binding, elem}] = size
			}
		}
	}
	jobFile := filepath.Join(dir, "job.txt")
	if err := os.WriteFile(jobFile, []byte(job.String()), 0o644); err != nil {
		return nil, err
	}
	if err := runJob(runner, jobFile); err != nil {
		if errors.Is(err, ErrNoDevice) {
			return nil, err
		}
		return nil, fmt.Errorf("%v\njob:\n%s", err, job.String())
	}
	res := Result{}
	for key := range sizes {
		data, err := os.ReadFile(filepath.Join(dir, outName(key)))
		if err != nil {
			return nil, fmt.Errorf("runner wrote no output for set %d binding %d element %d: %v", key.Set, key.Binding, key.Elem, err)
		}
		res[key] = data
	}
	return res, nil
}

// texelBufferSize is the byte size of a texel buffer given data bytes and
// expectations covering expected bytes: at least 16 texels.
func texelBufferSize(data, expected, texelBytes int) int {
	return roundUp(max(data, expected, 16*texelBytes), texelBytes)
}

func outName(s Slot) string { return fmt.Sprintf("out_%d_%d_%d.bin", s.Set, s.Binding, s.Elem) }

// resource writes the job line of one descriptor (and its input file) and
// returns the size of its output, or -1 for a sampler (no output).
func resource(job *strings.Builder, dir string, b *Binding, elem uint32, r *Resource, expected int) (int, error) {
	opts := map[string]string{}
	var data []byte
	if r != nil {
		opts, data = r.Options, r.Data.Bytes
	}
	slot := Slot{b.Set, b.Binding, elem}
	key := strings.TrimSuffix(strings.TrimPrefix(outName(slot), "out_"), ".bin")
	in, out := "-", filepath.Join(dir, outName(slot))
	if len(data) > 0 {
		in = filepath.Join(dir, "in_"+key+".bin")
		if err := os.WriteFile(in, data, 0o644); err != nil {
			return 0, err
		}
	}
	size := len(data)
	if v, ok := opts["bytes"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < size {
			return 0, fmt.Errorf("%s: bytes=%s is not a size of at least the %d bytes of data", b.VarName, v, size)
		}
		size = n
	}
	switch b.Kind {
	case UniformBuffer, StorageBuffer:
		if b.RuntimeStride > 0 && r == nil {
			// Room for a buffer the test gives no data: what the
			// expectations cover, and at least 64 elements.
			size = max(expected, b.Size+64*b.RuntimeStride)
		}
		size = roundUp(max(size, b.Size, 16), 16)
		kind := "ssbo"
		if b.Kind == UniformBuffer {
			kind = "ubo"
		}
		fmt.Fprintf(job, "buffer %d %d %s %d %s %s\n", b.Set, b.Binding, kind, size, in, out)
	case UniformTexelBuffer, StorageTexelBuffer:
		f, err := imageFormat(b, opts)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", b.VarName, err)
		}
		size = texelBufferSize(size, expected, f.bytes)
		kind := "storage"
		if b.Kind == UniformTexelBuffer {
			kind = "uniform"
		}
		fmt.Fprintf(job, "texel %d %d %s %d %d %s %s\n", b.Set, b.Binding, kind, f.vk, size, in, out)
	case StorageImage, SampledImage, CombinedImageSampler:
		f, err := imageFormat(b, opts)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", b.VarName, err)
		}
		ext, err := imageExtent(opts["size"])
		if err != nil {
			return 0, fmt.Errorf("%s: %v", b.VarName, err)
		}
		layers := 1
		if v, ok := opts["layers"]; ok {
			if layers, err = strconv.Atoi(v); err != nil || layers < 1 {
				return 0, fmt.Errorf("%s: bad layers=%s", b.VarName, v)
			}
		}
		viewType, err := imageViewType(b, ext)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", b.VarName, err)
		}
		total := ext[0] * ext[1] * ext[2] * layers * f.bytes
		if len(data) > total {
			return 0, fmt.Errorf("%s: %d bytes of data for a %d-byte image", b.VarName, len(data), total)
		}
		size = total
		kind := map[Kind]string{StorageImage: "storage", SampledImage: "sampled", CombinedImageSampler: "combined"}[b.Kind]
		filter, address, err := samplerState(opts)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", b.VarName, err)
		}
		fmt.Fprintf(job, "image %d %d %s %d %d %d %d %d %d %d %s %s %d %d\n", b.Set, b.Binding, kind, f.vk, viewType,
			ext[0], ext[1], ext[2], layers, f.bytes, in, out, filter, address)
	case Sampler:
		filter, address, err := samplerState(opts)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", b.VarName, err)
		}
		fmt.Fprintf(job, "sampler %d %d %d %d\n", b.Set, b.Binding, filter, address)
		return -1, nil
	}
	return size, nil
}

// A runnerProc is a runner started with --serve: it keeps one Vulkan device
// and runs the job files written to its stdin, answering "ok" after each.
// Creating the device costs most of a single-shot run, so the tests share a
// pool of these (one per parallel test at most).
type runnerProc struct {
	cmd    *osexec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr bytes.Buffer // read only after cmd.Wait
}

var (
	procMu sync.Mutex
	idle   []*runnerProc
)

// runJob runs one job file on an idle runner process, starting one if none
// is idle. A runner that fails ends; its stderr is the error.
func runJob(runner, jobFile string) error {
	p, err := takeProc(runner)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(p.stdin, jobFile+"\n"); err != nil {
		return p.fail(err)
	}
	answer := make(chan error, 1)
	go func() {
		line, err := p.stdout.ReadString('\n')
		if err == nil && line != "ok\n" {
			err = fmt.Errorf("unexpected answer %q", line)
		}
		answer <- err
	}()
	select {
	case err := <-answer:
		if err != nil {
			return p.fail(err)
		}
	case <-time.After(runnerTimeout()):
		p.cmd.Process.Kill()
		p.cmd.Wait()
		return fmt.Errorf("runner: killed after %v", runnerTimeout())
	}
	procMu.Lock()
	idle = append(idle, p)
	procMu.Unlock()
	return nil
}

func takeProc(runner string) (*runnerProc, error) {
	procMu.Lock()
	if n := len(idle); n > 0 {
		p := idle[n-1]
		idle = idle[:n-1]
		procMu.Unlock()
		return p, nil
	}
	procMu.Unlock()
	p := &runnerProc{cmd: osexec.Command(runner, "--serve")}
	p.cmd.Env = runnerEnv()
	p.cmd.Stderr = &p.stderr
	stdin, err := p.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the runner: %v", err)
	}
	p.stdin, p.stdout = stdin, bufio.NewReader(stdout)
	return p, nil
}

// fail waits for a runner that stopped answering and turns its exit into
// an error: ErrNoDevice for exit code 2, else its message.
func (p *runnerProc) fail(cause error) error {
	p.stdin.Close()
	err := p.cmd.Wait()
	msg := strings.TrimSpace(p.stderr.String())
	if ee, ok := err.(*osexec.ExitError); ok && ee.ExitCode() == 2 {
		return fmt.Errorf("%w: %s", ErrNoDevice, msg)
	}
	if msg == "" {
		msg = fmt.Sprintf("%v (%v)", cause, err)
	}
	return errors.New(msg)
}

func entryArg(args []string) string {
	for i, a := range args {
		if a == "-E" && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, "-E"); ok && v != "" {
			return v
		}
	}
	return "main"
}

func imageExtent(s string) ([3]int, error) {
	ext := [3]int{1, 1, 1}
	if s == "" {
		return ext, fmt.Errorf("an image needs size=W[xH[xD]]")
	}
	for i, p := range strings.Split(s, "x") {
		n, err := strconv.Atoi(p)
		if i > 2 || err != nil || n < 1 {
			return ext, fmt.Errorf("bad size=%s", s)
		}
		ext[i] = n
	}
	return ext, nil
}

// imageViewType maps the module's Dim and Arrayed to a VkImageViewType.
func imageViewType(b *Binding, ext [3]int) (int, error) {
	switch {
	case b.Dim == 0 && b.Arrayed == 0:
		return 0, nil // 1D
	case b.Dim == 0:
		return 4, nil // 1D_ARRAY
	case b.Dim == 1 && b.Arrayed == 0:
		return 1, nil // 2D
	case b.Dim == 1:
		return 5, nil // 2D_ARRAY
	case b.Dim == 2:
		return 2, nil // 3D
	case b.Dim == 3 && b.Arrayed == 0:
		return 3, nil // CUBE
	case b.Dim == 3:
		return 6, nil // CUBE_ARRAY
	}
	return 0, fmt.Errorf("image dimension %d is not supported by the runner", b.Dim)
}

func samplerState(opts map[string]string) (filter, address int, err error) {
	switch opts["filter"] {
	case "", "nearest":
	case "linear":
		filter = 1
	default:
		return 0, 0, fmt.Errorf("filter=%s: want nearest or linear", opts["filter"])
	}
	switch opts["address"] {
	case "repeat":
	case "mirror":
		address = 1
	case "", "clamp":
		address = 2
	case "border":
		address = 3
	default:
		return 0, 0, fmt.Errorf("address=%s: want repeat, mirror, clamp or border", opts["address"])
	}
	return filter, address, nil
}

func roundUp(n, to int) int { return (n + to - 1) / to * to }

func leUint64(b [8]byte) uint64 {
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}
