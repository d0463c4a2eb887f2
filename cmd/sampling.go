package cmd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/sample"
	"github.com/spf13/pflag"
)

// percentList is --percentiles: comma-separated percentiles in (0, 100].
type percentList struct {
	p *[]float64
}

const maxPercentiles = 20

func (v *percentList) Set(s string) error {
	var out []float64
	for _, part := range strings.Split(s, ",") {
		f, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || !(f > 0 && f <= 100) {
			return fmt.Errorf("must be a comma-separated list of percentiles in (0, 100], got %q", s)
		}
		for _, seen := range out {
			if seen == f {
				return fmt.Errorf("lists %v twice in %q", f, s)
			}
		}
		out = append(out, f)
	}
	if len(out) > maxPercentiles {
		return fmt.Errorf("takes at most %d percentiles, got %d", maxPercentiles, len(out))
	}
	*v.p = out
	return nil
}

func (v *percentList) String() string {
	parts := make([]string, len(*v.p))
	for i, f := range *v.p {
		parts[i] = formatNumber(f)
	}
	return strings.Join(parts, ",")
}
func (v *percentList) Type() string { return "list" }

// percentileValue is --percentiles: one percentile in (0, 100].
type percentileValue struct {
	p *float64
}

func (v *percentileValue) Set(s string) error {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || !(f > 0 && f <= 100) {
		return fmt.Errorf("must be a percentile in (0, 100], got %q", s)
	}
	*v.p = f
	return nil
}
func (v *percentileValue) String() string { return formatNumber(*v.p) }
func (v *percentileValue) Type() string   { return "float" }

// samplesFlag registers --samples.
func samplesFlag(fs *pflag.FlagSet, p *int) {
	intFlag(fs, p, "samples", 10000, 1, sample.MaxSamples, "sampled schedules for percentiles")
}

// percentileName is a percentile as it appears in column names: 50, 99.9.
func percentileName(p float64) string { return analyze.PercentileName(p) }
