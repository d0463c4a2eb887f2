// Command plainpct is the percentile table written plainly, for comparison with backoffctl (see
// docs/speed.md): one goroutine samples every schedule, stores every start and wait, sorts each
// column and reads the nearest-rank percentiles. It prints the same numbers as
// `backoffctl table polynomial --attempts 25 --percentiles 50,95,99 --samples 1000000 --seed 1 -o csv`
// for the percentile columns.
package main

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"

	"github.com/backoffctl/backoffctl/schedule"
	"github.com/backoffctl/backoffctl/schedule/draw"
	"github.com/backoffctl/backoffctl/schedule/presets"
)

func main() {
	const n, attempts = 1000000, 25
	percents := []float64{50, 95, 99}
	s := presets.Polynomial{Attempts: attempts, Jitter: 0.15}
	starts := make([][]float64, attempts)
	waits := make([][]float64, attempts)
	var g draw.SplitMix
	var rows []schedule.Row
	for i := 0; i < n; i++ {
		g.Reseed(1, uint64(i))
		rows = s.Fill(&g, rows)
		for r, row := range rows {
			starts[r] = append(starts[r], row.Start)
			if row.HasWait {
				waits[r] = append(waits[r], row.Wait)
			}
		}
	}
	pick := func(v []float64, p float64) string {
		if len(v) == 0 {
			return ""
		}
		return strconv.FormatFloat(v[int(math.Ceil(p/100*float64(len(v))))-1], 'f', -1, 64)
	}
	for r := 0; r < attempts; r++ {
		slices.Sort(starts[r])
		slices.Sort(waits[r])
		line := strconv.Itoa(r + 1)
		for _, p := range percents {
			line += "," + pick(starts[r], p)
		}
		for _, p := range percents {
			line += "," + pick(waits[r], p)
		}
		fmt.Fprintln(os.Stdout, line)
	}
}
