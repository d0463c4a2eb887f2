package draw

import "testing"

// TestV8RandomAgainstNode pins NewV8Random to Node.js v20.20.2's own Math.random():
// node --random_seed=N -e 'const a=[];for(let i=0;i<K;i++)a.push(Math.random());console.log(JSON.stringify(a))'.
// Draws 64 and 65 cross a cache refill.
func TestV8RandomAgainstNode(t *testing.T) {
	cases := []struct {
		seed int64
		at   []int // 0-based draw numbers
		want []float64
	}{
		{1, []int{0, 1, 2, 3, 4}, []float64{0.147205063401058, 0.2741339589710077, 0.8875431421705096, 0.9781140533711981, 0.008143199269462498}},
		{42, []int{0, 1, 2}, []float64{0.7939112874678715, 0.5254990606499601, 0.3518347850388237}},
		{7, []int{62, 63, 64, 65, 127, 128, 199}, []float64{0.39865082495798165, 0.9686383967763028, 0.17866055105421208,
			0.021075733173066657, 0.12551381842092968, 0.46524542932988666, 0.004123576807120166}},
		{-5, []int{0, 1}, []float64{0.51453384651197, 0.27201102536773725}},
		{2147483647, []int{0}, []float64{0.05755831181791593}},
		{2147483648, []int{0}, []float64{0.11717096633908586}}, // node wraps the flag: -2147483648
		{4294967301, []int{0}, []float64{0.9756385230925342}},  // and 5
	}
	for _, c := range cases {
		r := NewV8Random(c.seed)
		next := 0
		for i, at := range c.at {
			var u float64
			for next <= at {
				u = r.Float64()
				next++
			}
			if u != c.want[i] {
				t.Errorf("seed %d draw %d: %v, node %v", c.seed, at, u, c.want[i])
			}
		}
	}
}
