// Package pp is the C preprocessor for HLSL, as DXC (clang) runs it: it
// turns a source file, its #includes and the -D/-U/-I options into the
// token.Token stream the parser reads.
//
// It implements object- and function-like macros (variadic, # and ##,
// clang's rescanning and "blue paint" rules, GNU ", ## __VA_ARGS__"),
// conditional inclusion with clang's #if arithmetic, #include with DXC's
// search rules, include guards and #pragma once, #line, #error/#warning,
// #pragma (pack_matrix and the rest handed to sema in Result.Pragmas,
// message as a warning), the builtins __LINE__, __FILE__, __COUNTER__,
// __DATE__, __TIME__, __TIMESTAMP__, __INCLUDE_LEVEL__, __BASE_FILE__,
// __has_include and _Pragma, and DXC's predefined macros
// (PredefinedMacros). Lexing follows DXC's fixed language options (C++
// tokens without digraphs or operator names, '$' in identifiers, HLSL
// numbers such as 1.#INF and 1.0h). Print writes the text dxc -P writes.
//
// Every token keeps where it was spelled (Pos) and, for tokens produced by
// a macro body, the outermost expansion site (Exp), so later stages point
// at the user's file:line:col; Result.ExpansionNotes gives clang's
// "expanded from macro" notes. Diagnostics use clang's wording and
// positions; tests compare them, and macro expansion, with clang -E.
//
// Files: pp.go holds Config, Result and the driver loop; stream.go Stream,
// which hands the tokens over a block at a time as they are produced (on
// a goroutine of its own if asked); lex.go the lexer; directive.go the
// directives; expr.go #if expressions; macro.go macro definition and
// expansion; predef.go DXC's predefined macros, and predefcache.go the
// copies of them kept for the next compiles of a process (a batch);
// print.go the -P printer; codes.go the diagnostic codes.
package pp

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// Config is what the driver passes in.
type Config struct {
	Defines     []string // -D values: "NAME", "NAME=VALUE"
	Undefs      []string // -U NAME
	IncludeDirs []string // -I: searched after the including files' folders for "...", and alone for <...>; a relative one gets "./" in front, as dxc does
	// ReadFile reads #included files; nil means os.ReadFile.
	ReadFile func(path string) ([]byte, error)
	// BuiltinHeader returns the text of a header compiled into the
	// compiler (DXC embeds <vk/spirv.h>, <vk/khr/cooperative_matrix.h>,
	// <dx/linalg.h>, ...): tried for #include <...> after the -I folders.
	// Such files are named BuiltinPrefix+NAME. nil: none.
	BuiltinHeader func(name string) ([]byte, bool)
	// LegacyMacroExpansion is dxc's -flegacy-macro-expansion (fxc's
	// behaviour): macro arguments next to ## are macro-expanded first.
	LegacyMacroExpansion bool
	// IgnoreLineDirectives is dxc's -ignore-line-directives: #line is
	// checked but does not change positions.
	IgnoreLineDirectives bool
	// Predefined are "NAME" or "NAME=VALUE" macros set by the driver (the
	// target's macros, see PredefinedMacros), defined before -D and -U.
	Predefined []string
	// Time is what __DATE__, __TIME__ and __TIMESTAMP__ expand to. The zero value means
	// $SOURCE_DATE_EPOCH when set, else the Unix epoch: output must not
	// depend on when it was compiled.
	Time time.Time
	// MaxTokens bounds the tokens produced (by files and macro expansions
	// together); past it preprocessing stops with an error. 0 means 1<<22
	// (about 256 MB of tokens; a macro bomb reaches it in a second).
	MaxTokens int
	// MaxIncludes bounds the number of files #included in all (a file
	// including itself twice would otherwise take 2^200 steps before the
	// depth limit). 0 means 1<<16.
	MaxIncludes int
}

// Pragma is a #pragma (or _Pragma) the preprocessor does not consume
// itself: pack_matrix, dxc diagnostic, region, and unknown ones, which DXC
// ignores silently.
type Pragma struct {
	Pos        diag.Pos      // the pragma's name
	TokenIndex int           // index in Result.Tokens of the first token after it
	Next       diag.Pos      // that token's Loc; NoPos when the file ends there
	Name       string        // "pack_matrix"
	Args       []token.Token // the rest of the line: as written, but macro-expanded for pack_matrix (as DXC reads it)
}

// Result is the preprocessed translation unit.
type Result struct {
	Tokens   []token.Token // ends with an EOF token
	Pragmas  []Pragma
	Includes []string // paths of the files #included, in the order first read
	MainFile string   // the name the main file was preprocessed under
	// Expansions maps the position of each outermost macro use (a token's
	// Exp) to the macro's name. ExpansionNotes gives the whole chain.
	Expansions map[diag.Pos]string

	// sites[i] is where Tokens[i] counts as being for -P output: the
	// outermost macro use it came from (also for macro arguments).
	sites []diag.Pos
	// bodies are the source ranges of every #define, in Pos order, for
	// "expanded from macro" notes.
	bodies []macroBody
	// exps are the macro expansions (index 0 unused) and chains finds the
	// innermost one of an emitted token by its Exp and Pos.
	exps   []expansion
	chains map[chainKey]int32
	// marks are the file changes and pragmas Print writes, in order.
	marks []printMark
}

// BuiltinPrefix starts the names of the headers compiled into the compiler
// (Config.BuiltinHeader): "<built-in:hlsl>/vk/spirv.h".
const BuiltinPrefix = "<built-in:hlsl>/"

// Dependencies are the files the translation unit was read from, as a
// make-style dependency file (dxc -M, -MD) lists them: the main file, then
// every #included file in the order first read, each once, with leading
// "./" removed as clang writes them. Headers compiled into the compiler
// are left out: no file on disk can make them stale. (A file #included
// through different spellings of its path is listed under each.)
func (r *Result) Dependencies() []string {
	deps := make([]string, 0, len(r.Includes)+1)
	seen := map[string]bool{}
	for i, name := range append([]string{r.MainFile}, r.Includes...) {
		if strings.HasPrefix(name, BuiltinPrefix) || (i == 0 && name == "-") {
			continue
		}
		name = trimDotSlash(name)
		if !seen[name] {
			seen[name] = true
			deps = append(deps, name)
		}
	}
	return deps
}

// trimDotSlash removes leading "./" (also ".//", "././"), as clang's
// dependency collector does.
func trimDotSlash(name string) string {
	for len(name) > 2 && name[0] == '.' && os.IsPathSeparator(name[1]) {
		name = name[1:]
		for len(name) > 0 && os.IsPathSeparator(name[0]) {
			name = name[1:]
		}
	}
	return name
}

// printMark is an event of the token stream that -P output shows: an
// #include entered or left, a #line, or a pragma.
type printMark struct {
	index      int // in Tokens: the event comes before this token
	kind       markKind
	pos        diag.Pos      // enter: the file's start; exit: after the #include line; rename: the line #line names; pragma: its name
	includeLoc diag.Pos      // enter: the #include
	pragma     []token.Token // pragma: its tokens as written, name first
}

type macroBody struct {
	start, end diag.Pos
	name       string
}

// macroAt returns the name of the macro whose #define contains pos.
func (r *Result) macroAt(pos diag.Pos) string {
	i := sort.Search(len(r.bodies), func(i int) bool { return r.bodies[i].start > pos }) - 1
	if i >= 0 && pos <= r.bodies[i].end {
		return r.bodies[i].name
	}
	return ""
}

// expansion is one macro use, for "expanded from macro" note chains.
type expansion struct {
	name    string
	parent  int32    // the expansion whose body held the macro's name (0: none)
	namePos diag.Pos // where the name was spelled
}

type chainKey struct{ exp, pos diag.Pos }

// ExpansionNotes returns clang's "expanded from macro 'X'" notes for a
// token that came from a macro body (t.Exp set), outermost macro first:
// a diagnostic about t points at t.Loc(), the macro use, and the notes
// walk down the macro bodies to where t was spelled. Nil for other tokens.
func (r *Result) ExpansionNotes(t token.Token) []diag.Diagnostic {
	if !t.Exp.IsValid() {
		return nil
	}
	if id, ok := r.chains[chainKey{t.Exp, t.Pos}]; ok {
		return r.chainNotes(id, t.Pos)
	}
	if name := r.macroAt(t.Pos); name != "" {
		return []diag.Diagnostic{{Severity: diag.Note, Pos: t.Pos, Msg: "expanded from macro '" + name + "'"}}
	}
	return nil
}

// chainNotes builds the notes for a token spelled at pos in the body of
// expansion id.
func (r *Result) chainNotes(id int32, pos diag.Pos) []diag.Diagnostic {
	var notes []diag.Diagnostic
	for ; id != 0 && len(notes) < 64; id = r.exps[id].parent {
		e := r.exps[id]
		notes = append(notes, diag.Diagnostic{Severity: diag.Note, Pos: pos, Msg: "expanded from macro '" + e.name + "'"})
		pos = e.namePos
	}
	for i, j := 0, len(notes)-1; i < j; i, j = i+1, j-1 {
		notes[i], notes[j] = notes[j], notes[i]
	}
	return notes
}

type markKind uint8

const (
	markEnter markKind = iota
	markExit
	markRename
	markPragma
)

func (p *preprocessor) mark(m printMark) {
	m.index = p.emitted
	p.res.marks = append(p.res.marks, m)
}

// Limits, as clang has them.
const (
	maxIncludeDepth = 200 // clang's -fmax-include-depth default
	maxNesting      = 256 // nested macro-argument pre-expansion and #if parentheses
)

type builtinKind uint8

const (
	notBuiltin builtinKind = iota
	biLine
	biFile
	biCounter
	biDate
	biTime
	biPragma
	biIncludeLevel
	biBaseFile
	biTimestamp
	biHasInclude
	biHasFeature
)

// macro is one #define.
type macro struct {
	name     string
	params   []string
	funcLike bool
	variadic bool // the last parameter takes the variable arguments
	body     []ptok
	pos      diag.Pos // the name in its #define (NoPos: predefined or -D)
	builtin  builtinKind
}

// cond is one open #if group.
type cond struct {
	pos     diag.Pos // the directive's name (#if, #ifdef...), where clang reports it unterminated
	taken   bool     // some branch of the group was (or is being) taken
	sawElse bool
}

// context is one entry of the input stack: a file being lexed or a token
// list (a macro expansion or a macro argument being pre-expanded).
type context struct {
	lx    *lexer
	conds []cond
	dir   string // the file's folder, for #include "..."

	// guard follows the include-guard pattern (#ifndef X ... #endif with
	// nothing outside) so a second #include of the file can be skipped
	// without reading it, as clang's multiple-include optimisation does
	// (-P output shows no #line for it).
	guard      guardState
	guardMacro string

	toks []ptok
	i    int
	m    *macro // re-enabled when this expansion is popped
}

type guardState uint8

const (
	guardStart  guardState = iota // nothing seen yet
	guardInside                   // inside the #ifndef X group
	guardClosed                   // after its #endif
	guardNone                     // not a guarded file
)

// noteOutside records a token or directive outside the guard's group:
// the file is not include-guarded.
func (c *context) noteOutside() {
	if c.guard != guardInside {
		c.guard = guardNone
	}
}

type preprocessor struct {
	fs    *diag.FileSet
	diags *diag.List
	cfg   Config
	res   *Result

	stack  []*context
	macros map[string]*macro
	// macroShapes has bit min(len, 63) of [first byte] set for every name
	// ever defined as a macro (setMacro), so that lex asks the macro table
	// only about identifiers shaped like a macro name: most are not.
	macroShapes [256]uint64

	onceFiles   map[string]bool   // #pragma once, by cleaned path
	guardedBy   map[string]string // file (cleaned path) -> its include-guard macro
	counter     int
	produced    int
	maxTokens   int
	fatal       bool
	ended       bool        // the EOF token was handed over
	eof         token.Token // the main file's end
	emitted     int         // tokens handed over (the next one's index)
	nesting     int
	pending     token.Flags // flags of a macro use that expanded to nothing
	date, clock string
	timestamp   string
	mainName    string

	includes    int // files entered by #include so far
	inMacroArgs int // > 0 while reading a macro call's arguments
	diagPushes  int // open "#pragma dxc diagnostic push"es
}

// Preprocess preprocesses src, the contents of filename, and everything it
// includes. Diagnostics go to diags; the result is always usable (ending in
// EOF) even when there were errors.
func Preprocess(fs *diag.FileSet, diags *diag.List, filename string, src []byte, cfg Config) *Result {
	p := newPreprocessor(fs, diags, filename, src, cfg)
	// About one token per four bytes in typical shaders, but dense code
	// and macros bring it to one per two or three (the benchmarks' big
	// shader: 2.6), where a third of a byte per token made the list grow
	// once, copying it.
	p.res.Tokens = make([]token.Token, 0, len(src)/2+16)
	p.res.sites = make([]diag.Pos, 0, cap(p.res.Tokens))
	p.res.Tokens = p.fill(p.res.Tokens, -1)
	p.res.sites = append(p.res.sites, p.eof.Pos)
	return p.res
}

// newPreprocessor sets up the preprocessing of src: the command line's
// macros are defined and the main file is open.
func newPreprocessor(fs *diag.FileSet, diags *diag.List, filename string, src []byte, cfg Config) *preprocessor {
	p := &preprocessor{
		fs:        fs,
		diags:     diags,
		cfg:       cfg,
		res:       &Result{MainFile: filename, Expansions: map[diag.Pos]string{}, exps: make([]expansion, 1), chains: map[chainKey]int32{}},
		onceFiles: map[string]bool{},
		guardedBy: map[string]string{},
		maxTokens: cfg.MaxTokens,
		mainName:  filename,
	}
	if p.maxTokens <= 0 {
		p.maxTokens = 1 << 22
	}
	if p.cfg.ReadFile == nil {
		p.cfg.ReadFile = os.ReadFile
	}
	p.definePredefined() // predefcache.go
	p.defineCommandLine()

	f := fs.AddFile(filename, src)
	p.pushFile(f)
	p.eof = token.Token{Kind: token.EOF, Pos: f.Pos(len(src)), Flags: token.StartOfLine}
	return p
}

// fill appends the next tokens to out until it holds max of them (no limit
// when max < 0) or the translation unit ended, in which case the EOF token
// is the last one appended and p.ended is set.
func (p *preprocessor) fill(out []token.Token, max int) []token.Token {
	for !p.ended && (max < 0 || len(out) < max) {
		var t ptok
		if !p.fatal {
			p.lexTo(&t) // (the zero ptok is an EOF)
		}
		if t.Kind == token.EOF {
			out = append(out, p.eof)
			p.ended = true
			break
		}
		if t.Kind >= kEOD {
			continue
		}
		out = p.emit(out, &t)
	}
	return out
}

// settledPragmas are the pragmas met so far whose Next is known (the
// token after them has been emitted): a prefix of the Result's, capped so
// that another goroutine may read it while the preprocessor goes on.
func (p *preprocessor) settledPragmas() []Pragma {
	pr := p.res.Pragmas
	n := len(pr)
	for n > 0 && pr[n-1].TokenIndex >= p.emitted {
		n--
	}
	return pr[:n:n]
}

// emit appends t to out, the tokens being handed over.
func (p *preprocessor) emit(out []token.Token, t *ptok) []token.Token {
	if p.pending != 0 {
		t.Flags |= p.pending
		p.pending = 0
	}
	p.produced++
	if p.produced > p.maxTokens {
		p.fatalf(codeTooLarge, t.Loc(), "preprocessor output exceeds %d tokens", p.maxTokens)
		return out
	}
	// The pragmas just before this token learn where it is.
	for i := len(p.res.Pragmas) - 1; i >= 0 && p.res.Pragmas[i].TokenIndex == p.emitted; i-- {
		p.res.Pragmas[i].Next = t.Loc()
	}
	p.emitted++
	out = append(out, t.Token)
	if p.res.sites != nil {
		if !t.site.IsValid() {
			t.site = t.Pos
		}
		p.res.sites = append(p.res.sites, t.site)
	}
	// Only nested expansions need the table: for a token straight from the
	// outermost macro's body, ExpansionNotes finds the #define by position.
	if t.exp != 0 && p.res.exps[t.exp].parent != 0 {
		k := chainKey{t.Exp, t.Pos}
		if _, ok := p.res.chains[k]; !ok {
			p.res.chains[k] = t.exp
		}
	}
	return out
}

// setMacro defines m.
func (p *preprocessor) setMacro(m *macro) {
	p.macros[m.name] = m
	p.macroShapes[m.name[0]] |= 1 << min(len(m.name), 63)
}

// mayBeMacro reports whether the identifier name may be a macro's: false
// when no macro name ever defined has its first byte and length.
func (p *preprocessor) mayBeMacro(name string) bool {
	return p.macroShapes[name[0]]&(1<<min(len(name), 63)) != 0
}

// setTime spells __DATE__, __TIME__ and __TIMESTAMP__. It runs at the
// first of them, not at every start: reading the environment and formatting
// the time cost about 45 K instructions, and few shaders use them.
func (p *preprocessor) setTime() {
	if p.date != "" {
		return
	}
	t := p.cfg.Time
	if t.IsZero() {
		t = time.Unix(0, 0).UTC()
		if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
			if n, err := strconv.ParseInt(s, 10, 64); err == nil {
				t = time.Unix(n, 0).UTC()
			}
		}
	}
	// clang: "Mmm dd yyyy" with the day padded by a space, and "hh:mm:ss".
	p.date = strconv.Quote(t.Format("Jan _2 2006"))
	p.clock = strconv.Quote(t.Format("15:04:05"))
	// __TIMESTAMP__ is the file's modification time in clang; the same
	// fixed time here, in asctime's format.
	p.timestamp = strconv.Quote(t.Format("Mon Jan _2 15:04:05 2006"))
}

func (p *preprocessor) defineBuiltins() {
	p.macros = make(map[string]*macro, len(builtinMacros)+len(p.cfg.Predefined)+len(p.cfg.Defines)+16)
	macros := make([]macro, len(builtinMacros))
	for i, b := range builtinMacros {
		macros[i] = macro{name: b.name, builtin: b.kind}
		p.setMacro(&macros[i])
	}
}

// builtinMacros are the macros the preprocessor itself expands.
var builtinMacros = [...]struct {
	name string
	kind builtinKind
}{
	{"__LINE__", biLine}, {"__FILE__", biFile}, {"__COUNTER__", biCounter},
	{"__DATE__", biDate}, {"__TIME__", biTime}, {"_Pragma", biPragma},
	{"__INCLUDE_LEVEL__", biIncludeLevel}, {"__BASE_FILE__", biBaseFile},
	{"__TIMESTAMP__", biTimestamp}, {"__has_include", biHasInclude}, {"__has_include_next", biHasInclude},
	{"__has_feature", biHasFeature}, {"__has_extension", biHasFeature},
}

// defineCommandLine defines -D and -U in order ("<command line>", after
// the driver's macros in "<built-in>"), so a redefinition warning names
// the option's place as clang's does.
func (p *preprocessor) defineCommandLine() {
	var b strings.Builder
	writeDefines(&b, p.cfg.Defines)
	for _, u := range p.cfg.Undefs {
		b.WriteString("#undef ")
		b.WriteString(u)
		b.WriteByte('\n')
	}
	p.runDefines("<command line>", b.String())
}

func (p *preprocessor) runDefines(name, text string) {
	if text != "" {
		p.runFile(p.fs.AddFile(name, []byte(text)))
	}
}

// runFile preprocesses f, a file of directives only.
func (p *preprocessor) runFile(f *diag.File) {
	p.pushFile(f)
	for !p.fatal {
		t := p.lex()
		if t.Kind == token.EOF {
			break
		}
		if t.Kind < kEOD {
			p.errorf(codeCommandLineText, t.Pos, "unexpected text in -D definition")
		}
	}
	p.stack = p.stack[:0]
}

// writeDefines writes a #define line for each of defines (writeDefine).
func writeDefines(b *strings.Builder, defines []string) {
	for _, d := range defines {
		writeDefine(b, d)
	}
}

// writeDefine turns -D NAME[=VALUE] into a #define line (NAME alone is 1).
func writeDefine(b *strings.Builder, d string) {
	name, value, ok := strings.Cut(d, "=")
	b.WriteString("#define ")
	b.WriteString(name)
	b.WriteByte(' ')
	if ok {
		// A newline in a -D value ends the definition there, as in clang.
		if i := strings.IndexAny(value, "\r\n"); i >= 0 {
			value = value[:i]
		}
		b.WriteString(value)
	} else {
		b.WriteString("1")
	}
	b.WriteByte('\n')
}

func (p *preprocessor) pushFile(f *diag.File) {
	p.stack = append(p.stack, &context{lx: newLexer(p, f), dir: dirOf(f.Name)})
}

// dirOf is the folder part of a path as clang keeps it: "." for a bare
// name, "./sub" for "./sub/b.h" (not cleaned, since names show in output).
func dirOf(path string) string {
	i := strings.LastIndexByte(path, '/')
	if filepath.Separator != '/' {
		if j := strings.LastIndexByte(path, filepath.Separator); j > i {
			i = j
		}
	}
	switch {
	case i < 0:
		return "."
	case i == 0:
		return "/"
	}
	return path[:i]
}

func (p *preprocessor) top() *context { return p.stack[len(p.stack)-1] }

// fileDepth is the number of files on the stack.
func (p *preprocessor) fileDepth() int {
	n := 0
	for _, c := range p.stack {
		if c.lx != nil {
			n++
		}
	}
	return n
}

// currentFile is the innermost file being read.
func (p *preprocessor) currentFile() *context {
	for i := len(p.stack) - 1; i >= 0; i-- {
		if p.stack[i].lx != nil {
			return p.stack[i]
		}
	}
	return nil
}

// lexRaw returns the next token without macro expansion: from the top
// token list, or from the top file (running directives found there). It
// pops finished expansions (re-enabling their macros) and finished
// #included files; at the end of the main file it returns EOF. An
// argument pre-expansion's kArgEnd is returned, never popped past.
func (p *preprocessor) lexRaw() ptok {
	var t ptok
	p.lexRawTo(&t)
	return t
}

// lexRawTo is lexRaw into *t, which is zero. The main loop (fill) lexes
// into a token of its own: returning a ptok (48 bytes) through each layer
// copied it several times per token.
func (p *preprocessor) lexRawTo(t *ptok) {
	for {
		c := p.top()
		if c.lx == nil {
			if c.i < len(c.toks) {
				*t = c.toks[c.i]
				c.i++
				return
			}
			p.popContext()
			continue
		}
		c.lx.scan(t)
		if t.Kind == token.EOF {
			p.endOfFile(c)
			if len(p.stack) == 1 || p.fatal {
				return
			}
			p.stack = p.stack[:len(p.stack)-1]
			if parent := p.currentFile(); parent != nil {
				plx := parent.lx
				off := plx.pos
				if off < len(plx.src) && plx.src[off] == '\n' {
					off++
				}
				p.mark(printMark{kind: markExit, pos: plx.posAt(off)})
			}
			*t = ptok{}
			continue
		}
		if t.Kind == token.Punct && t.Text == "#" && t.Flags&token.StartOfLine != 0 {
			p.directive(c, *t)
			if c.guard == guardInside && len(c.conds) == 0 {
				c.guard = guardClosed
			}
			if p.fatal {
				*t = ptok{Token: token.Token{Kind: token.EOF, Pos: t.Pos}}
				return
			}
			*t = ptok{}
			continue
		}
		c.noteOutside()
		return
	}
}

func (p *preprocessor) popContext() {
	p.stack = p.stack[:len(p.stack)-1]
}

// expanding reports whether m is being expanded, which disables it: its
// name is not expanded again (C 6.10.3.4p2). (The state is the stack's,
// not the macro's: a macro is never written after its #define, so that
// compiles may share the predefined ones, predefcache.go.)
func (p *preprocessor) expanding(m *macro) bool {
	for _, c := range p.stack {
		if c.m == m {
			return true
		}
	}
	return false
}

// endOfFile diagnoses #if groups left open at the end of a file.
func (p *preprocessor) endOfFile(c *context) {
	if c.guard == guardClosed && len(p.stack) > 1 {
		p.guardedBy[filepath.Clean(c.lx.file.Name)] = c.guardMacro
	}
	for i := len(c.conds) - 1; i >= 0; i-- {
		p.errorf(codeUnterminatedConditional, c.conds[i].pos, "unterminated conditional directive")
	}
	c.conds = nil
}

// lex returns the next fully macro-expanded token.
func (p *preprocessor) lex() ptok {
	var t ptok
	p.lexTo(&t)
	return t
}

// lexTo is lex into *t, which is zero (see lexRawTo).
func (p *preprocessor) lexTo(t *ptok) {
	for {
		p.lexRawTo(t)
		if t.Kind != token.Ident || t.pf&pfNoExpand != 0 {
			return
		}
		if !p.mayBeMacro(t.Text) {
			return
		}
		m := p.macros[t.Text]
		if m == nil {
			return
		}
		if p.expanding(m) {
			t.pf |= pfNoExpand
			return
		}
		if m.builtin != notBuiltin {
			if r, ok := p.expandBuiltin(*t, m); ok {
				*t = r
				return
			}
			*t = ptok{}
			continue
		}
		if m.funcLike {
			if !p.nextIsLParen() {
				return
			}
		}
		if !p.expand(*t, m) {
			return
		}
		if p.fatal {
			*t = ptok{Token: token.Token{Kind: token.EOF, Pos: t.Pos}}
			return
		}
		*t = ptok{}
	}
}

// nextIsLParen reports whether the next raw token is '(' (clang's
// isNextPPTokenLParen): it looks through finished expansions but not past
// the end of a file or of a macro argument.
func (p *preprocessor) nextIsLParen() bool {
	for i := len(p.stack) - 1; i >= 0; i-- {
		c := p.stack[i]
		if c.lx != nil {
			yes, _ := c.lx.nextIsLParen()
			return yes
		}
		if c.i < len(c.toks) {
			t := c.toks[c.i]
			return t.Kind == token.Punct && t.Text == "("
		}
	}
	return false
}

// site is where a use of a macro counts as being: the outermost expansion
// it came from, or where it is spelled.
func site(t ptok) diag.Pos {
	if t.Exp.IsValid() {
		return t.Exp
	}
	return t.Pos
}

// expandBuiltin expands __LINE__ and friends. ok=false means "lex again"
// (_Pragma consumed its operand).
func (p *preprocessor) expandBuiltin(t ptok, m *macro) (ptok, bool) {
	r := t
	r.Exp = site(t)
	if !r.site.IsValid() {
		r.site = r.Exp
	}
	switch m.builtin {
	case biLine:
		pos := p.fs.Position(site(t))
		r.Kind, r.Text = token.Int, strconv.Itoa(pos.Line)
	case biFile:
		pos := p.fs.Position(site(t))
		r.Kind, r.Text = token.String, quoteString(pos.Filename)
	case biBaseFile:
		r.Kind, r.Text = token.String, quoteString(p.mainName)
	case biCounter:
		r.Kind, r.Text = token.Int, strconv.Itoa(p.counter)
		p.counter++
	case biIncludeLevel:
		r.Kind, r.Text = token.Int, strconv.Itoa(p.fileDepth()-1)
	case biDate:
		p.setTime()
		r.Kind, r.Text = token.String, p.date
	case biTime:
		p.setTime()
		r.Kind, r.Text = token.String, p.clock
	case biTimestamp:
		p.setTime()
		r.Kind, r.Text = token.String, p.timestamp
	case biHasInclude:
		r.Kind, r.Text = token.Int, "0"
		if p.hasInclude(t) {
			r.Text = "1"
		}
	case biHasFeature:
		r.Kind, r.Text = token.Int, "0"
		if p.hasFeature(t, m.name) {
			r.Text = "1"
		}
	case biPragma:
		p.underscorePragma(t)
		return ptok{}, false
	}
	if !t.Exp.IsValid() {
		p.res.Expansions[r.Exp] = m.name
	}
	return r, true
}

// quoteString writes s as a C string literal (backslashes and quotes escaped).
func quoteString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' || s[i] == '"' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}

func (p *preprocessor) errorf(code int, pos diag.Pos, format string, args ...any) {
	p.diags.Errorf(diag.PPBase+diag.Code(code), pos, format, args...)
}

func (p *preprocessor) warn(code int, pos diag.Pos, format string, args ...any) {
	p.diags.Warnf(diag.PPBase+diag.Code(code), pos, format, args...)
}

// fatalf records a fatal error and stops preprocessing (clang stops at a
// missing #include, and we stop at runaway output).
func (p *preprocessor) fatalf(code int, pos diag.Pos, format string, args ...any) {
	d := diag.Diagnostic{Severity: diag.Fatal, Code: diag.PPBase + diag.Code(code), Pos: pos}
	d.Msg = sprintf(format, args...)
	p.diags.Add(d)
	p.fatal = true
}
