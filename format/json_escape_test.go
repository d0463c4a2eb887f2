package format

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// JSON writes DEL, the C1 controls and the bidirectional controls as \uXXXX, as the other formats
// show them escaped, and the value reads back unchanged.
func TestJSONEscapesControls(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"csi", "a\u009b31mb", `a\u009b31mb`},
		{"rlo", "poly\u202enomial", `poly\u202enomial`},
		{"del", "x\x7fy", `x\u007fy`},
		{"isolate", "a\u2066b", `a\u2066b`},
		{"plain", "mailer é", `mailer é`},
		{"c0", "a\x1bb", `a\u001bb`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tab := &Table{
				Head:    []Field{{Name: "policy", Value: c.in}},
				Columns: []Column{{Key: "name", Kind: Text, User: true}},
				Rows:    [][]Cell{{{Text: c.in}}},
			}
			var b bytes.Buffer
			if err := Render(&b, tab, "json", Options{Lang: "en"}); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if n := strings.Count(out, `"`+c.want+`"`); n != 2 {
				t.Errorf("%q appears %d times in %s, want 2 (head and row)", c.want, n, out)
			}
			for _, r := range out {
				if r == 0x7f || (r >= 0x80 && r <= 0x9f) || r == 0x202e || r == 0x2066 {
					t.Errorf("raw %U in %q", r, out)
				}
			}
			var back struct{ Policy string }
			if err := json.Unmarshal(b.Bytes(), &back); err != nil || back.Policy != c.in {
				t.Errorf("reads back as %q, %v; want %q", back.Policy, err, c.in)
			}
		})
	}
}
