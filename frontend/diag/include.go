package diag

import "fmt"

// IncludeTrail returns clang's include-stack lines for a position inside an
// #included file, outermost first:
//
//	In file included from main.hlsl:1:
//	In file included from ./inc/a.h:1:
//
// clang prints them before a diagnostic whose include stack differs from
// the previous diagnostic's. Nil for a position in the main file. (Added by
// frontend/pp, which sets File.IncludedFrom.)
func (s *FileSet) IncludeTrail(p Pos) []string {
	f := s.File(p)
	if f == nil || !f.IncludedFrom.IsValid() {
		return nil
	}
	from := s.Position(f.IncludedFrom)
	trail := s.IncludeTrail(f.IncludedFrom)
	return append(trail, fmt.Sprintf("In file included from %s:%d:", from.Filename, from.Line))
}
