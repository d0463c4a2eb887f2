package format

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
)

// jsonObject is an ordered JSON object, for values nested inside the head and summary: its fields
// keep their order, and numbers print in plain decimal as the rest of the JSON does.
type jsonObject []Field

// MarshalJSON writes the fields in order.
func (o jsonObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(f.Name)
		b.Write(k)
		b.WriteString(": ")
		v := f.Value
		if d, ok := v.(Duration); ok {
			v = float64(d)
		}
		if x, ok := v.(float64); ok && !math.IsNaN(x) && !math.IsInf(x, 0) {
			b.WriteString(strconv.FormatFloat(x, 'f', -1, 64))
			continue
		}
		enc, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		b.Write(enc)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
