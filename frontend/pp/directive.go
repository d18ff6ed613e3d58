package pp

import (
	"errors"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// directive runs the directive whose '#' was just read from file context c.
func (p *preprocessor) directive(c *context, hash ptok) {
	lx := c.lx
	lx.directive = true
	defer func() { lx.directive = false }()
	name := lx.next()
	if name.Kind == kEOD {
		return // the null directive
	}
	if name.Kind == token.Int {
		// GNU line marker: # 33 "file" flags...
		p.lineDirective(c, name, true)
		return
	}
	if name.Kind != token.Ident {
		p.errorf(codeInvalidDirective, name.Pos, "invalid preprocessing directive")
		p.skipLine(lx)
		return
	}
	if p.inMacroArgs > 0 {
		switch name.Text {
		case "include", "import", "include_next", "__include_macros", "pragma":
			// clang refuses these inside a macro call's arguments.
			p.errorf(codeEmbeddedDirective, name.Pos, "embedding a #%s directive within macro arguments is not supported", name.Text)
			p.skipLine(lx)
			return
		}
	}
	if (name.Text == "ifndef" || name.Text == "if") && c.guard == guardStart && len(c.conds) == 0 {
		c.guard = guardInside // guardMacro is set below (or by evalCondition)
	} else if len(c.conds) == 0 || (name.Text == "else" || name.Text == "elif") && len(c.conds) == 1 {
		// A directive outside the guard, or a second branch of it.
		c.noteOutside()
		if name.Text == "else" || name.Text == "elif" {
			c.guard = guardNone
		}
	}
	switch name.Text {
	case "define":
		p.define(c)
	case "undef":
		p.undef(c)
	case "include": // DXC disables #import and #include_next (and #ident, #sccs)
		p.include(c, name)
	case "if":
		v := p.evalCondition(c, name)
		p.pushCond(c, name.Pos, v)
	case "ifdef", "ifndef":
		id := lx.next()
		if id.Kind == kEOD {
			p.errorf(codeMacroNameMissing, id.Pos, "macro name missing")
			p.pushCond(c, name.Pos, false)
			return
		}
		if id.Kind != token.Ident {
			p.errorf(codeMacroNameNotIdent, id.Pos, "macro name must be an identifier")
			p.skipLine(lx)
			p.pushCond(c, name.Pos, false)
			return
		}
		p.extraTokens(lx, name.Text)
		if c.guard == guardInside && len(c.conds) == 0 {
			c.guardMacro = id.Text
		}
		defined := p.macros[id.Text] != nil
		p.pushCond(c, name.Pos, defined == (name.Text == "ifdef"))
	case "elif":
		p.skipLine(lx)
		if len(c.conds) == 0 {
			p.errorf(codeElifWithoutIf, name.Pos, "#elif without #if")
			return
		}
		cd := &c.conds[len(c.conds)-1]
		if cd.sawElse {
			p.errorf(codeElifAfterElse, name.Pos, "#elif after #else")
		}
		// The group already had its branch: skip the rest.
		p.skipGroup(c, false)
	case "else":
		p.extraTokens(lx, "else")
		if len(c.conds) == 0 {
			p.errorf(codeElseWithoutIf, name.Pos, "#else without #if")
			return
		}
		cd := &c.conds[len(c.conds)-1]
		if cd.sawElse {
			p.errorf(codeElseAfterElse, name.Pos, "#else after #else")
		}
		cd.sawElse = true
		p.skipGroup(c, false)
	case "endif":
		p.extraTokens(lx, "endif")
		if len(c.conds) == 0 {
			p.errorf(codeEndifWithoutIf, name.Pos, "#endif without #if")
			return
		}
		c.conds = c.conds[:len(c.conds)-1]
	case "line":
		num := lx.next()
		p.lineDirective(c, num, false)
	case "error", "warning":
		msg := lx.restOfLine()
		if name.Text == "error" {
			p.errorf(codeErrorDirective, name.Pos, "%s", msg)
		} else {
			p.warn(codeWarningDirective, name.Pos, "%s", msg)
		}
	case "pragma":
		p.pragma(c, name)
	default:
		p.errorf(codeInvalidDirective, name.Pos, "invalid preprocessing directive")
		p.skipLine(lx)
	}
}

// skipLine discards the rest of a directive line.
func (p *preprocessor) skipLine(lx *lexer) {
	saved := lx.skipping
	lx.skipping = true
	for lx.next().Kind != kEOD {
	}
	lx.skipping = saved
}

// extraTokens warns about tokens after a directive that takes none.
func (p *preprocessor) extraTokens(lx *lexer, dir string) {
	t := lx.next()
	if t.Kind == kEOD {
		return
	}
	p.warn(codeExtraTokens, t.Pos, "extra tokens at end of #%s directive", dir)
	p.skipLine(lx)
}

// directiveTokens reads the rest of a directive line, unexpanded.
func (p *preprocessor) directiveTokens(lx *lexer) []ptok {
	var toks []ptok
	for {
		t := lx.next()
		if t.Kind == kEOD {
			return toks
		}
		toks = append(toks, t)
	}
}

// expandLine macro-expands the rest of a directive line (for #include,
// #line, #if): the tokens are pushed as a context ending in kArgEnd.
func (p *preprocessor) expandLine(lx *lexer, at diag.Pos) []ptok {
	raw := p.directiveTokens(lx)
	return p.expandTokens(raw, at)
}

// expandTokens macro-expands a token list in isolation.
func (p *preprocessor) expandTokens(raw []ptok, at diag.Pos) []ptok {
	need := false
	for _, t := range raw {
		if t.Kind == token.Ident && p.macros[t.Text] != nil {
			need = true
			break
		}
	}
	if !need {
		return raw
	}
	saved := p.pending
	out := p.preExpand(raw, at)
	p.pending = saved
	return out
}

func (p *preprocessor) pushCond(c *context, pos diag.Pos, taken bool) {
	c.conds = append(c.conds, cond{pos: pos, taken: taken})
	if !taken {
		p.skipGroup(c, true)
	}
}

// skipGroup skips lines until the #elif, #else or #endif that ends the
// current branch of the innermost group. canTake says whether a later
// branch may still be taken (false after a taken branch).
func (p *preprocessor) skipGroup(c *context, canTake bool) {
	lx := c.lx
	wasDirective := lx.directive
	lx.directive = false
	lx.skipping = true
	defer func() {
		lx.skipping = false
		lx.directive = wasDirective
	}()
	depth := 0
	var nested []diag.Pos // #if groups opened inside the skipped lines
	for {
		t := lx.next()
		if t.Kind == token.EOF {
			// endOfFile reports the open groups of c.conds; report the
			// nested ones first, as they are innermost.
			for i := len(nested) - 1; i >= 0; i-- {
				p.errorf(codeUnterminatedConditional, nested[i], "unterminated conditional directive")
			}
			return
		}
		if !(t.Kind == token.Punct && t.Text == "#" && t.Flags&token.StartOfLine != 0) {
			continue
		}
		lx.directive = true
		name := lx.next()
		if name.Kind != token.Ident {
			p.skipLine(lx)
			lx.directive = false
			continue
		}
		switch name.Text {
		case "if", "ifdef", "ifndef":
			depth++
			nested = append(nested, name.Pos)
		case "endif":
			if depth > 0 {
				depth--
				nested = nested[:len(nested)-1]
				break
			}
			p.extraTokens(lx, "endif")
			lx.directive = false
			c.conds = c.conds[:len(c.conds)-1]
			return
		case "else":
			if depth > 0 {
				break
			}
			cd := &c.conds[len(c.conds)-1]
			if cd.sawElse {
				p.errorf(codeElseAfterElse, name.Pos, "#else after #else")
			}
			cd.sawElse = true
			if canTake && !cd.taken {
				p.extraTokens(lx, "else")
				lx.directive = false
				cd.taken = true
				return
			}
		case "elif":
			if depth > 0 {
				break
			}
			cd := &c.conds[len(c.conds)-1]
			if cd.sawElse {
				p.errorf(codeElifAfterElse, name.Pos, "#elif after #else")
			}
			if canTake && !cd.taken {
				lx.skipping = false
				v := p.evalCondition(c, name)
				lx.skipping = true
				if v {
					lx.directive = false
					cd.taken = true
					return
				}
				lx.directive = false
				continue
			}
		}
		p.skipLine(lx)
		lx.directive = false
	}
}

// define parses #define.
func (p *preprocessor) define(c *context) {
	lx := c.lx
	nameTok := lx.next()
	if !p.checkMacroName(lx, nameTok, true) {
		return
	}
	m := &macro{name: nameTok.Text, pos: nameTok.Pos}
	// A '(' right after the name (no space) starts the parameter list.
	first := lx.next()
	if isPunct(first, "(") && first.Flags&token.LeadingSpace == 0 {
		m.funcLike = true
		if !p.parseParams(lx, m) {
			p.skipLine(lx)
			return
		}
		first = lx.next()
	} else if first.Kind != kEOD && first.Flags&token.LeadingSpace == 0 {
		// HLSL is neither C99 nor C++11 for clang, so this is a warning.
		if first.Kind == token.Unknown {
			p.warn(codeNoSpaceAfterName, first.Pos, "whitespace required after macro name")
		} else {
			p.warn(codeNoSpaceAfterName, first.Pos, "whitespace recommended after macro name")
		}
	}
	for t := first; t.Kind != kEOD; t = lx.next() {
		t.Flags &^= token.StartOfLine
		m.body = append(m.body, t)
	}
	if len(m.body) > 0 {
		m.body[0].Flags &^= token.LeadingSpace
		if isPunct(m.body[0], "##") {
			p.errorf(codePasteAtStart, m.body[0].Pos, "'##' cannot appear at start of macro expansion")
			return
		}
		if isPunct(m.body[len(m.body)-1], "##") {
			p.errorf(codePasteAtEnd, m.body[len(m.body)-1].Pos, "'##' cannot appear at end of macro expansion")
			return
		}
	}
	if m.funcLike {
		for i, t := range m.body {
			if isPunct(t, "#") && (i+1 >= len(m.body) || !isParam(m, m.body[i+1])) {
				// clang points at what follows the '#' (the line end if nothing).
				pos := lx.posAt(lx.pos)
				if i+1 < len(m.body) {
					pos = m.body[i+1].Pos
				}
				p.errorf(codeHashNotParam, pos, "'#' is not followed by a macro parameter")
				return
			}
		}
	}
	if old := p.macros[m.name]; old != nil {
		if old.builtin != notBuiltin {
			p.warn(codeRedefBuiltin, nameTok.Pos, "redefining builtin macro")
		} else if !sameDefinition(old, m) {
			d := diag.Diagnostic{Severity: diag.Warning, Code: diag.PPBase + codeMacroRedefined, Pos: nameTok.Pos,
				Msg: sprintf("'%s' macro redefined", m.name)}
			if old.pos.IsValid() {
				d.Notes = []diag.Diagnostic{{Severity: diag.Note, Pos: old.pos, Msg: "previous definition is here"}}
			}
			p.diags.Add(d)
		}
	}
	p.setMacro(m)
	end := nameTok.Pos + diag.Pos(len(m.name))
	if len(m.body) > 0 {
		last := m.body[len(m.body)-1]
		end = last.Pos + diag.Pos(len(last.Text))
	}
	if n := len(p.res.bodies); n == 0 || p.res.bodies[n-1].start < m.pos {
		p.res.bodies = append(p.res.bodies, macroBody{m.pos, end, m.name})
	}
}

func isParam(m *macro, t ptok) bool {
	if t.Kind != token.Ident {
		return false
	}
	for _, n := range m.params {
		if n == t.Text {
			return true
		}
	}
	return false
}

// sameDefinition is C's "identical redefinition" test (whitespace between
// tokens matters only as present or absent).
func sameDefinition(a, b *macro) bool {
	if a.funcLike != b.funcLike || a.variadic != b.variadic || len(a.params) != len(b.params) || len(a.body) != len(b.body) {
		return false
	}
	for i := range a.params {
		if a.params[i] != b.params[i] {
			return false
		}
	}
	for i := range a.body {
		x, y := a.body[i], b.body[i]
		if x.Text != y.Text || x.Kind != y.Kind || i > 0 && (x.Flags&token.LeadingSpace != y.Flags&token.LeadingSpace) {
			return false
		}
	}
	return true
}

// checkMacroName validates the name after #define/#undef.
func (p *preprocessor) checkMacroName(lx *lexer, t ptok, isDefine bool) bool {
	if t.Kind == kEOD {
		p.errorf(codeMacroNameMissing, t.Pos, "macro name missing")
		return false
	}
	if t.Kind != token.Ident {
		p.errorf(codeMacroNameNotIdent, t.Pos, "macro name must be an identifier")
		p.skipLine(lx)
		return false
	}
	if t.Text == "defined" {
		p.errorf(codeDefinedAsName, t.Pos, "'defined' cannot be used as a macro name")
		p.skipLine(lx)
		return false
	}
	return true
}

// parseParams parses a function-like macro's parameter list after '('.
func (p *preprocessor) parseParams(lx *lexer, m *macro) bool {
	t := lx.next()
	if isPunct(t, ")") {
		return true
	}
	for {
		switch {
		case isPunct(t, "..."):
			m.variadic = true
			m.params = append(m.params, "__VA_ARGS__")
			t = lx.next()
			if !isPunct(t, ")") {
				p.errorf(codeMissingRParen, t.Pos, "missing ')' in macro parameter list")
				return false
			}
			return true
		case t.Kind == token.Ident:
			for _, n := range m.params {
				if n == t.Text {
					p.errorf(codeDuplicateParam, t.Pos, "duplicate macro parameter name '%s'", t.Text)
					return false
				}
			}
			m.params = append(m.params, t.Text)
			t = lx.next()
			if isPunct(t, "...") { // named variadic: args...
				m.variadic = true
				t = lx.next()
				if !isPunct(t, ")") {
					p.errorf(codeMissingRParen, t.Pos, "missing ')' in macro parameter list")
					return false
				}
				return true
			}
			if isPunct(t, ")") {
				return true
			}
			if !isPunct(t, ",") {
				if t.Kind == kEOD {
					p.errorf(codeMissingRParen, t.Pos, "missing ')' in macro parameter list")
				} else {
					p.errorf(codeExpectedCommaParam, t.Pos, "expected comma in macro parameter list")
				}
				return false
			}
			t = lx.next()
		case t.Kind == kEOD:
			p.errorf(codeMissingRParen, t.Pos, "missing ')' in macro parameter list")
			return false
		default:
			p.errorf(codeInvalidParam, t.Pos, "invalid token in macro parameter list")
			return false
		}
	}
}

func (p *preprocessor) undef(c *context) {
	lx := c.lx
	t := lx.next()
	if !p.checkMacroName(lx, t, false) {
		return
	}
	p.extraTokens(lx, "undef")
	if m := p.macros[t.Text]; m != nil {
		if m.builtin != notBuiltin {
			p.warn(codeUndefBuiltin, t.Pos, "undefining builtin macro")
		}
		delete(p.macros, t.Text)
	}
}

// include runs #include "file" and #include <file>.
func (p *preprocessor) include(c *context, dir ptok) {
	lx := c.lx
	var name string
	var angled bool
	var namePos diag.Pos
	if n, pos, ok := lx.headerName(); ok {
		if n == "" && lx.pos < len(lx.src) && lx.src[lx.pos] != '>' {
			return // a missing '>', diagnosed
		}
		name, angled, namePos = n, true, pos
		p.extraTokens(lx, dir.Text)
	} else {
		toks := p.expandLine(lx, dir.Pos)
		if len(toks) == 0 {
			p.errorf(codeExpectedFilename, lx.posAt(lx.pos), "expected \"FILENAME\" or <FILENAME>")
			return
		}
		namePos = toks[0].Pos
		switch {
		case toks[0].Kind == token.String: // (an unterminated one is Unknown)
			name = toks[0].Text[1 : len(toks[0].Text)-1]
			if len(toks) > 1 {
				p.warn(codeExtraTokens, toks[1].Pos, "extra tokens at end of #%s directive", dir.Text)
			}
		case isPunct(toks[0], "<"):
			// <...> built by macros: the spellings up to '>'.
			var b strings.Builder
			i := 1
			for ; i < len(toks) && !isPunct(toks[i], ">"); i++ {
				if i > 1 && toks[i].Flags&token.LeadingSpace != 0 {
					b.WriteByte(' ')
				}
				b.WriteString(toks[i].Text)
			}
			if i == len(toks) {
				p.errorf(codeExpectedFilename, namePos, "expected \"FILENAME\" or <FILENAME>")
				return
			}
			name, angled = b.String(), true
		default:
			p.errorf(codeExpectedFilename, namePos, "expected \"FILENAME\" or <FILENAME>")
			return
		}
	}
	if name == "" {
		p.errorf(codeEmptyFilename, namePos, "empty filename")
		return
	}
	if p.fileDepth() >= maxIncludeDepth {
		p.fatalf(codeIncludeTooDeep, dir.Pos, "#include nested too deeply")
		return
	}
	maxIncludes := p.cfg.MaxIncludes
	if maxIncludes <= 0 {
		maxIncludes = 1 << 16
	}
	if p.includes >= maxIncludes {
		p.fatalf(codeTooManyIncludes, dir.Pos, "more than %d files #included", maxIncludes)
		return
	}
	p.includes++
	path, src, ok := p.findInclude(c, name, angled)
	if !ok {
		p.addDiag(diag.Diagnostic{Severity: diag.Fatal, Code: diag.PPBase + codeFileNotFound, Pos: namePos,
			End: namePos + diag.Pos(len(name)+2), Msg: sprintf("'%s' file not found", name)})
		p.fatal = true
		return
	}
	if p.onceFiles[filepath.Clean(path)] {
		return
	}
	if guard, ok := p.guardedBy[filepath.Clean(path)]; ok && p.macros[guard] != nil {
		return
	}
	f := p.fs.AddFile(path, src)
	f.IncludedFrom = dir.Pos
	if !p.seenInclude(path) {
		p.res.Includes = append(p.res.Includes, path)
	}
	p.pushFile(f)
	p.mark(printMark{kind: markEnter, pos: f.Pos(0), includeLoc: dir.Pos})
}

func (p *preprocessor) seenInclude(path string) bool {
	for _, s := range p.res.Includes {
		if s == path {
			return true
		}
	}
	return false
}

// findInclude looks for an included file: for "..." in the including
// file's folder first, then in the -I folders in order.
func (p *preprocessor) findInclude(c *context, name string, angled bool) (string, []byte, bool) {
	// DXC normalises backslashes to the host's separator (clang's MSVC
	// compatibility, on for HLSL).
	if filepath.Separator == '/' {
		name = strings.ReplaceAll(name, "\\", "/")
	}
	if filepath.IsAbs(name) {
		src, err := p.cfg.ReadFile(name)
		return filepath.Clean(name), src, err == nil
	}
	var dirs []string
	if !angled {
		// The including file's folder, then the folders of the files that
		// included it, innermost first (MSVC's rule, which DXC follows).
		for i := len(p.stack) - 1; i >= 0; i-- {
			if fc := p.stack[i]; fc.lx != nil && fc.lx.file.Name != "<command line>" && fc.lx.file.Name != "<built-in>" {
				dirs = appendUnique(dirs, fc.dir)
			}
		}
	}
	for _, d := range p.cfg.IncludeDirs {
		// dxc turns a relative -I dir into "./dir" (names show in output).
		if !filepath.IsAbs(d) && !strings.HasPrefix(d, "./") && !strings.HasPrefix(d, ".\\") {
			d = "./" + d
		}
		dirs = append(dirs, d)
	}
	for _, d := range dirs {
		// Joined as clang joins them ("./inc.hlsli" for a main file in
		// the current folder), since the name shows in diagnostics.
		path := name
		if d != "" {
			path = strings.TrimSuffix(d, "/") + "/" + name
		}
		if src, err := p.cfg.ReadFile(path); err == nil {
			return path, src, true
		}
	}
	// DXC's compiled-in headers (<vk/spirv.h>, ...) come last, for <...> only.
	if angled && p.cfg.BuiltinHeader != nil {
		if src, ok := p.cfg.BuiltinHeader(name); ok {
			return BuiltinPrefix + name, src, true
		}
	}
	return "", nil, false
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// lineDirective handles #line N "file" and the GNU marker # N "file".
func (p *preprocessor) lineDirective(c *context, num ptok, gnu bool) {
	lx := c.lx
	toks := []ptok{num}
	if !gnu {
		toks = append(toks[:0], p.expandTokens(append([]ptok{num}, p.directiveTokens(lx)...), num.Pos)...)
	} else {
		toks = append(toks, p.directiveTokens(lx)...)
	}
	if len(toks) == 0 || toks[0].Kind == kEOD {
		p.errorf(codeLineNoNumber, num.Pos, "#line directive requires a positive integer argument")
		return
	}
	if toks[0].Kind != token.Int {
		p.errorf(codeLineNoNumber, toks[0].Pos, "#line directive requires a positive integer argument")
		return
	}
	n, err := strconv.ParseUint(toks[0].Text, 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		what := "#line"
		if gnu {
			what = "GNU line marker"
		}
		p.errorf(codeLineNoNumber, toks[0].Pos, "%s directive requires a simple digit sequence", what)
		return
	}
	if !gnu && len(toks[0].Text) > 1 && toks[0].Text[0] == '0' {
		p.warn(codeLineOctal, toks[0].Pos, "#line directive interprets number as decimal, not octal")
	}
	if n > math.MaxInt32 { // clang allows it as an extension; keep it in range
		n = math.MaxInt32
	}
	name := ""
	if len(toks) > 1 {
		if toks[1].Kind != token.String {
			p.errorf(codeLineBadFilename, toks[1].Pos, "invalid filename for #line directive")
			return
		}
		name = unquote(toks[1].Text)
		if !gnu && len(toks) > 2 {
			p.warn(codeExtraTokens, toks[2].Pos, "extra tokens at end of #line directive")
		}
	}
	// The directive applies to the line after it.
	off := lx.pos
	if off < len(lx.src) && lx.src[off] == '\n' {
		off++
	}
	orig := lx.file.Offset(lx.posAt(off))
	if p.cfg.IgnoreLineDirectives { // dxc -ignore-line-directives: checked, then ignored
		return
	}
	lx.file.AddLineDirective(orig, name, int(n))
	p.mark(printMark{kind: markRename, pos: lx.file.Pos(orig)})
}

// unquote removes the quotes of a string literal and its simple escapes.
func unquote(s string) string {
	if len(s) >= 1 {
		s = s[1:]
	}
	if len(s) >= 1 && (s[len(s)-1] == '"' || s[len(s)-1] == '\'') {
		s = s[:len(s)-1]
	}
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(s[i])
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// pragma handles #pragma: once, message, pack_matrix; the rest are kept
// for later stages (DXC ignores unknown pragmas silently).
func (p *preprocessor) pragma(c *context, dir ptok) {
	lx := c.lx
	toks := p.directiveTokens(lx)
	p.handlePragma(toks, dir.Pos, lx.posAt(lx.pos))
}

func (p *preprocessor) handlePragma(toks []ptok, at, end diag.Pos) {
	if len(toks) == 0 || toks[0].Kind != token.Ident {
		return
	}
	name := toks[0]
	switch name.Text {
	case "once":
		if p.fileDepth() > 1 {
			p.onceFiles[filepath.Clean(p.currentFile().lx.file.Name)] = true
		} else {
			p.warn(codePragmaOnceMain, name.Pos, "#pragma once in main file")
		}
		if len(toks) > 1 {
			p.warn(codeExtraTokens, toks[1].Pos, "extra tokens at end of #pragma directive")
		}
		return
	case "message":
		if !p.pragmaMessage(name, p.expandTokens(toks[1:], name.Pos), end) {
			return
		}
	case "dxc":
		if len(toks) > 1 && toks[1].Kind == token.Ident && toks[1].Text == "diagnostic" {
			p.pragmaDiagnostic(toks[2:], end)
		}
	}
	// -P output shows the pragma as written (DXC prints pragmas it has no
	// handler for, pack_matrix included, without expanding macros).
	raw := make([]token.Token, 0, len(toks))
	for _, t := range toks {
		raw = append(raw, t.Token)
	}
	p.mark(printMark{kind: markPragma, pos: name.Pos, pragma: raw})
	args := toks[1:]
	if name.Text == "pack_matrix" {
		// DXC's handler reads the arguments with macro expansion.
		args = p.expandTokens(args, name.Pos)
		if !p.checkPackMatrix(name, args) {
			return
		}
	}
	pr := Pragma{Pos: name.Pos, TokenIndex: p.emitted, Name: name.Text}
	for _, t := range args {
		pr.Args = append(pr.Args, t.Token)
	}
	p.res.Pragmas = append(p.res.Pragmas, pr)
}

// checkPackMatrix validates #pragma pack_matrix(row_major|column_major)
// with DXC's diagnostics.
func (p *preprocessor) checkPackMatrix(name ptok, args []ptok) bool {
	if len(args) == 0 || !isPunct(args[0], "(") {
		pos := name.Pos
		if len(args) > 0 {
			pos = args[0].Pos
		}
		p.errorf(codePackMatrix, pos, "expected '('")
		return false
	}
	if len(args) < 2 || args[1].Kind != token.Ident || args[1].Text != "row_major" && args[1].Text != "column_major" {
		pos := args[0].Pos
		if len(args) >= 2 {
			pos = args[1].Pos
		}
		p.errorf(codePackMatrix, pos, "invalid pack_matrix argument; expected 'row_major' or 'column_major'")
		return false
	}
	if len(args) < 3 || !isPunct(args[2], ")") {
		pos := args[1].Pos
		if len(args) >= 3 {
			pos = args[2].Pos
		}
		p.errorf(codePackMatrix, pos, "expected ')'")
		return false
	}
	if len(args) > 3 {
		p.warn(codeExtraTokens, args[3].Pos, "extra tokens at end of '#pragma' directive")
	}
	return true
}

// underscorePragma runs _Pragma("...") : the string's text, unescaped, is
// a #pragma line.
func (p *preprocessor) underscorePragma(t ptok) {
	if !p.nextIsLParen() {
		p.errorf(codePragmaOperator, site(t), "_Pragma takes a parenthesized string literal")
		return
	}
	p.lexRaw() // (
	str := p.lex()
	if str.Kind != token.String {
		p.errorf(codePragmaOperator, site(t), "_Pragma takes a parenthesized string literal")
		return
	}
	rp := p.lex()
	if !isPunct(rp, ")") {
		p.errorf(codePragmaOperator, site(t), "_Pragma takes a parenthesized string literal")
		return
	}
	text := unquote(str.Text)
	f := p.fs.AddFile("<_Pragma>", []byte(text))
	lx := newLexer(p, f)
	lx.directive = true
	var toks []ptok
	for {
		tt := lx.next()
		if tt.Kind == kEOD {
			break
		}
		tt.Pos = site(t)
		toks = append(toks, tt)
	}
	p.handlePragma(toks, site(t), site(t))
}

// hasInclude evaluates __has_include("file") or __has_include(<file>)
// after its name t: 1 when #include would find the file.
func (p *preprocessor) hasInclude(t ptok) bool {
	bad := func(pos diag.Pos) bool {
		p.errorf(codeHasInclude, pos, "missing '(' after '__has_include'")
		return false
	}
	if !p.nextIsLParen() {
		return bad(site(t))
	}
	p.lexRaw() // (
	arg := p.lex()
	var name string
	angled := false
	switch {
	case arg.Kind == token.String:
		name = arg.Text[1 : len(arg.Text)-1]
	case isPunct(arg, "<"):
		var b strings.Builder
		for {
			x := p.lex()
			if isPunct(x, ">") {
				break
			}
			if x.Kind == token.EOF || x.Kind >= kEOD {
				p.errorf(codeExpectedFilename, arg.Pos, "expected \"FILENAME\" or <FILENAME>")
				return false
			}
			if b.Len() > 0 && x.Flags&token.LeadingSpace != 0 {
				b.WriteByte(' ')
			}
			b.WriteString(x.Text)
		}
		name, angled = b.String(), true
	default:
		p.errorf(codeExpectedFilename, arg.Pos, "expected \"FILENAME\" or <FILENAME>")
		return false
	}
	if rp := p.lex(); !isPunct(rp, ")") {
		p.errorf(codeHasInclude, rp.Pos, "missing ')' after '__has_include'")
		return false
	}
	c := p.currentFile()
	if c == nil || name == "" {
		return false
	}
	_, _, ok := p.findInclude(c, name, angled)
	return ok
}

// pragmaMessage checks #pragma message("text") (or without parentheses)
// and reports the text as a warning, as clang does.
func (p *preprocessor) pragmaMessage(name ptok, args []ptok, end diag.Pos) bool {
	malformed := func(i int) bool {
		pos := end
		if i < len(args) {
			pos = args[i].Pos
		} else if len(args) == 0 {
			pos = name.Pos
		}
		p.errorf(codePragmaMessage, pos, "pragma message requires parenthesized string")
		return false
	}
	if len(args) == 0 {
		return malformed(0)
	}
	i := 0
	paren := isPunct(args[0], "(")
	if paren {
		i++
	}
	if i >= len(args) || args[i].Kind != token.String {
		pos := end
		if i < len(args) {
			pos = args[i].Pos
		}
		p.errorf(codePragmaMessage, pos, "expected string literal in pragma message")
		return false
	}
	var msg strings.Builder
	for ; i < len(args) && args[i].Kind == token.String; i++ {
		msg.WriteString(unquote(args[i].Text))
	}
	if paren {
		if i >= len(args) || !isPunct(args[i], ")") {
			return malformed(i)
		}
		i++
	}
	if i < len(args) {
		return malformed(i)
	}
	p.warn(codePragmaMessageText, name.Pos, "%s", msg.String())
	return true
}

// pragmaDiagnostic checks "#pragma dxc diagnostic push|pop|ignored|warning|
// error|fatal "-Wname"" with DXC's warnings. Its effect on later
// diagnostics is sema's and the driver's (it is kept in Result.Pragmas).
func (p *preprocessor) pragmaDiagnostic(args []ptok, end diag.Pos) {
	at := func(i int) diag.Pos {
		if i < len(args) {
			return args[i].Pos
		}
		return end
	}
	if len(args) == 0 || args[0].Kind != token.Ident {
		p.warn(codePragmaDiagnostic, at(0), "pragma diagnostic expected 'error', 'warning', 'ignored', 'fatal', 'push', or 'pop'")
		return
	}
	switch args[0].Text {
	case "push":
		p.diagPushes++
		return
	case "pop":
		if p.diagPushes == 0 {
			p.warn(codePragmaDiagnostic, args[0].Pos, "pragma diagnostic pop could not pop, no matching push")
			return
		}
		p.diagPushes--
		return
	case "ignored", "warning", "error", "fatal":
	default:
		p.warn(codePragmaDiagnostic, args[0].Pos, "pragma diagnostic expected 'error', 'warning', 'ignored', 'fatal', 'push', or 'pop'")
		return
	}
	i := 1
	if i >= len(args) || args[i].Kind != token.String {
		p.errorf(codePragmaDiagnostic, at(i), "expected string literal in pragma diagnostic")
		return
	}
	var option strings.Builder
	for ; i < len(args) && args[i].Kind == token.String; i++ {
		option.WriteString(unquote(args[i].Text))
	}
	if i < len(args) {
		p.warn(codePragmaDiagnostic, args[i].Pos, "unexpected token in pragma diagnostic")
		return
	}
	if o := option.String(); len(o) < 3 || o[0] != '-' || o[1] != 'W' && o[1] != 'R' {
		p.warn(codePragmaDiagnostic, args[1].Pos, "pragma diagnostic expected option name (e.g. \"-Wundef\")")
	}
}

// features are the names __has_feature and __has_extension report for
// HLSL compiled to SPIR-V, as DXC's clang does (its other features are
// C++ and Objective-C ones HLSL does not have).
var features = map[string]bool{
	"hlsl_vk_buffer_pointer": true,
}

// hasFeature reads `(name)` after __has_feature or __has_extension; the
// expansion is 1 for a feature DXC reports, 0 otherwise. Like clang, it
// works in #if and in ordinary text.
func (p *preprocessor) hasFeature(t ptok, op string) bool {
	if !p.nextIsLParen() {
		p.errorf(codeHasFeature, site(t), "missing '(' after '%s'", op)
		return false
	}
	p.lexRaw() // (
	arg := p.lex()
	if arg.Kind != token.Ident {
		p.errorf(codeHasFeature, arg.Pos, "builtin feature check macro requires a parenthesized identifier")
		return false
	}
	if rp := p.lex(); !isPunct(rp, ")") {
		p.errorf(codeHasFeature, rp.Pos, "missing ')' after '%s'", op)
		return false
	}
	// __name__ is the same feature as name
	name := strings.TrimSuffix(strings.TrimPrefix(arg.Text, "__"), "__")
	return features[name]
}
