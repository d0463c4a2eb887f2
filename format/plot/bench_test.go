package plot

import "testing"

func BenchmarkPNG(b *testing.B) {
	c := twoPolicies()
	for b.Loop() {
		if _, err := Image(c, "png"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSVG(b *testing.B) {
	c := twoPolicies()
	for b.Loop() {
		if _, err := Image(c, "svg"); err != nil {
			b.Fatal(err)
		}
	}
}
