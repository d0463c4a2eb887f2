// Command draws is the floor for sampling a million 25-attempt schedules (see docs/speed.md): it
// only draws the 25·10^6 numbers the samples would use, from the same per-sample generators, and
// sums them on every core.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

func main() {
	const samples, perSample, chunk = 1000000, 25, 1 << 12
	var next atomic.Int64
	sums := make([]float64, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for w := range sums {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var g draw.SplitMix
			sum := 0.0
			for {
				start := next.Add(chunk) - chunk
				if start >= samples {
					break
				}
				for i := start; i < min(start+chunk, samples); i++ {
					g.Reseed(1, uint64(i))
					for range perSample {
						sum += g.Unit()
					}
				}
			}
			sums[w] = sum
		}()
	}
	wg.Wait()
	total := 0.0
	for _, s := range sums {
		total += s
	}
	fmt.Printf("%.6f\n", total/samples/perSample)
}
