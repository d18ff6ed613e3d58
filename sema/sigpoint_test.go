package sema

import "testing"

// svInvalidAt reads a row of svValidAt by position: every row must have
// one character per signature point, "-" or a digit, separated by spaces.
func TestSigPointRowsWellFormed(t *testing.T) {
	for sem, row := range svValidAt {
		if len(row) != 2*len(sigPointColumns)-1 {
			t.Errorf("%s: row %q has %d characters, want %d", sem, row, len(row), 2*len(sigPointColumns)-1)
			continue
		}
		for i := 0; i < len(row); i++ {
			c := row[i]
			if i%2 == 1 && c != ' ' || i%2 == 0 && c != '-' && (c < '0' || c > '9') {
				t.Errorf("%s: row %q: bad character %q at %d", sem, row, c, i)
			}
		}
	}
	for _, tc := range []struct {
		sem, point string
		minor      int
		invalid    bool
	}{
		{"SV_Target", "PSOut", 0, false},
		{"SV_Target", "VSOut", 0, true},
		{"sv_position", "VSOut", 0, false},
		{"SV_ViewID", "VSIn", 0, true},
		{"SV_ViewID", "VSIn", 1, false},
		{"SV_StartVertexLocation", "VSIn", 7, true},
		{"SV_StartVertexLocation", "VSIn", 8, false},
		{"SV_DispatchThreadID", "ASIn", 0, false},
		{"SV_Position", "NoSuchPoint", 0, true},
		{"MY_SEMANTIC", "PSIn", 0, false},
	} {
		if got := svInvalidAt(tc.sem, tc.point, tc.minor); got != tc.invalid {
			t.Errorf("svInvalidAt(%s, %s, 6.%d) = %v, want %v", tc.sem, tc.point, tc.minor, got, tc.invalid)
		}
	}
}
