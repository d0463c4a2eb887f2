package format

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"unicode/utf8"
)

// renderJSON writes one object: the head fields, "parameters", "summary" when present, "rows" (one
// object per row keyed by column key, null for empty cells) and "notes" (translated). Numbers are
// JSON numbers in seconds; the field order is stable. Each row sits on its own line, so the output
// reads well and diffs well.
func renderJSON(w io.Writer, t *Table, o Options) error {
	var b bytes.Buffer
	b.WriteString("{\n")
	for _, f := range t.Head {
		b.WriteString("  ")
		if err := writeMember(&b, f.Name, f.Value); err != nil {
			return err
		}
		b.WriteString(",\n")
	}
	b.WriteString(`  "parameters": `)
	if err := writeObject(&b, t.Parameters); err != nil {
		return err
	}
	if len(t.Summary) > 0 {
		b.WriteString(",\n  \"summary\": ")
		if err := writeObject(&b, t.Summary); err != nil {
			return err
		}
	}
	b.WriteString(",\n  \"rows\": [")
	for i, row := range t.Rows {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    {")
		for j, c := range row {
			if j > 0 {
				b.WriteString(", ")
			}
			if err := writeMember(&b, t.Columns[j].Key, cellValue(c, t.Columns[j].Kind)); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	}
	if len(t.Rows) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("],\n  \"notes\": [")
	for i, n := range t.Notes {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		if err := writeValue(&b, Translate(o.Lang, n)); err != nil {
			return err
		}
	}
	if len(t.Notes) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

func cellValue(c Cell, k Kind) any {
	switch {
	case c.Null:
		return nil
	case k == Text:
		return c.Text
	case k == Bool:
		return c.Num != 0
	case c.Text != "" && math.IsInf(c.Num, 0):
		return c.Text // a library's own Infinity (BullMQ's delay_ms), which JSON numbers cannot hold
	default:
		return c.Num
	}
}

func writeObject(b *bytes.Buffer, fields []Field) error {
	b.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		if err := writeMember(b, f.Name, f.Value); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

func writeMember(b *bytes.Buffer, name string, v any) error {
	if err := writeValue(b, name); err != nil {
		return err
	}
	b.WriteString(": ")
	return writeValue(b, v)
}

// writeValue encodes v; float64 values print in plain decimal like CSV (json.Marshal would switch
// to exponent notation past 1e21), and NaN or infinities are refused rather than printed.
func writeValue(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case Duration:
		v = float64(x)
	}
	if f, ok := v.(float64); ok {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("internal error: %v is not a JSON number", f)
		}
		b.WriteString(number(f))
		return nil
	}
	// An Encoder that leaves <, > and & alone: this JSON is not embedded in HTML.
	var enc bytes.Buffer
	e := json.NewEncoder(&enc)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return err
	}
	b.Write(escapeJSONControls(bytes.TrimSuffix(enc.Bytes(), []byte("\n"))))
	return nil
}

// escapeJSONControls writes, as \uXXXX, what encoding/json leaves raw and a terminal or an editor
// would act on: DEL, the C1 controls (U+009B is an 8-bit CSI) and the bidirectional overrides
// and isolates (U+202E). The other formats show them escaped too; the JSON value is unchanged.
// They can only occur inside strings, so the encoded text is rewritten as a whole.
func escapeJSONControls(enc []byte) []byte {
	if !needsEscape(string(enc)) {
		return enc
	}
	var out bytes.Buffer
	for i := 0; i < len(enc); {
		r, size := utf8.DecodeRune(enc[i:])
		if r >= 0x7f && isControl(r) {
			fmt.Fprintf(&out, `\u%04x`, r)
		} else {
			out.Write(enc[i : i+size])
		}
		i += size
	}
	return out.Bytes()
}
