package cmd

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The SVG is well-formed XML with one thick line per policy in its own colour (drawn once in the
// plot and once in the legend), the policies' names as legend texts and round durations on the
// time axis.
func TestPlotSVG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chart.svg")
	var stderr bytes.Buffer
	if code := run([]string{"plot", "polynomial --attempts 25", "sidekiq --retries 24", "--log", "--output", path}, new(bytes.Buffer), &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]int{}
	var texts []string
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("not XML: %v", err)
			}
			break
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch el.Name.Local {
		case "polyline":
			var stroke, width string
			for _, a := range el.Attr {
				switch a.Name.Local {
				case "stroke":
					stroke = a.Value
				case "stroke-width":
					width = a.Value
				}
			}
			if width == "2.2" {
				lines[stroke]++
			}
		case "text":
			var s string
			if err := dec.DecodeElement(&s, &el); err != nil {
				t.Fatal(err)
			}
			texts = append(texts, s)
		}
	}
	want := map[string]int{"#1f77b4": 2, "#ff7f0e": 2}
	if len(lines) != len(want) {
		t.Errorf("thick lines %v, want %v", lines, want)
	}
	for stroke, n := range want {
		if lines[stroke] != n {
			t.Errorf("%s drawn %d times, want %d", stroke, lines[stroke], n)
		}
	}
	joined := strings.Join(texts, "|")
	for _, s := range []string{"polynomial", "sidekiq", "Start of each attempt", "attempt", "1d", "1h", "1m", "30d"} {
		if !strings.Contains("|"+joined+"|", "|"+s+"|") {
			t.Errorf("no text %q in %q", s, joined)
		}
	}
}

// The PNG decodes at 800 x 500 with the policy drawn in its colour, replacing the old file atomically (no temporary file left).
func TestPlotPNG(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "chart.png")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code := run([]string{"plot", "exponential", "--attempts", "10", "--jitter", "full", "--envelope", "--output", path}, new(bytes.Buffer), &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 500 {
		t.Errorf("size %dx%d, want 800x500", b.Dx(), b.Dy())
	}
	blue := 0 // the policy's line and markers, #1f77b4
	for y := range 500 {
		for x := range 800 {
			if r, g, b, _ := img.At(x, y).RGBA(); r>>8 == 0x1f && g>>8 == 0x77 && b>>8 == 0xb4 {
				blue++
			}
		}
	}
	if blue < 500 {
		t.Errorf("%d pixels in the policy's colour, want a line's worth", blue)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", info.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left in the directory: %v", entries)
	}
}
