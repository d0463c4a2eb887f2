package cmd

import (
	"fmt"
	"strconv"
	"strings"
)

// failureRateValue is a failure rate x in [0, 1], written 0.2 or 20%.
type failureRateValue struct{ p *float64 }

func (v *failureRateValue) Set(s string) error {
	t := strings.TrimSpace(s)
	scale := 1.0
	if rest, ok := strings.CutSuffix(t, "%"); ok {
		t, scale = strings.TrimSpace(rest), 100
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || !(f/scale >= 0 && f/scale <= 1) {
		return fmt.Errorf("must be in [0, 1] (0.2 or 20%%), got %q", s)
	}
	*v.p = f / scale
	return nil
}
func (v *failureRateValue) String() string { return formatNumber(*v.p) }
func (v *failureRateValue) Type() string   { return "rate" }
