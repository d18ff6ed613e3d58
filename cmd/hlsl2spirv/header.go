package main

import (
	"fmt"
	"strings"
)

// cHeader is the C header dxc -Fh writes: the disassembly inside #if 0,
// then the module's bytes as `const unsigned char name[]`, twelve to a
// line, in lower-case hex. Like dxc it uses CRLF line ends.
func cHeader(disassembly string, code []byte, name string) []byte {
	var b strings.Builder
	b.Grow(len(disassembly) + len(disassembly)/16 + len(code)*6 + 128)
	b.WriteString("#if 0\r\n")
	disassembly = strings.TrimRight(disassembly, "\x00")
	b.WriteString(strings.ReplaceAll(disassembly, "\n", "\r\n"))
	b.WriteString("\r\n#endif\r\n")
	fmt.Fprintf(&b, "\r\nconst unsigned char %s[] = {", name)
	const hex = "0123456789abcdef"
	for i, c := range code {
		if i != 0 {
			b.WriteByte(',')
		}
		if i%12 == 0 {
			b.WriteString("\r\n ")
		}
		b.WriteString(" 0x")
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	b.WriteString("\r\n};\r\n")
	return []byte(b.String())
}
