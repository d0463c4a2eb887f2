package schedule

import (
	"slices"
	"testing"

	"github.com/backoffctl/backoffctl/schedule/draw"
)

// EnvelopeAtExtremes walks its second run into the first run's storage: the same bounds as
// EnvelopeOfRuns of the two runs, whichever run is longer.
func TestEnvelopeAtExtremesIsEnvelopeOfRuns(t *testing.T) {
	longerAtUpper := Compose(Composed{ID: "test", Attempts: 6, Waits: PolicyFunc(func(s Step, d Draws) (float64, bool) {
		u := d.Unit()
		return 1 + u, u > 0.5 || s.Attempt < 2
	})})
	for _, s := range []Strategy{
		elapsedLimited(), // 4 rows at u = 0, 2 at the supremum
		longerAtUpper,    // 2 rows at u = 0, 6 at the supremum
	} {
		want := EnvelopeOfRuns(s.Fill(draw.Fixed(0), nil), s.Fill(draw.Upper{}, nil))
		got := EnvelopeAtExtremes(s)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %+v, want %+v", s.Name(), got, want)
		}
	}
	if n := len(EnvelopeAtExtremes(longerAtUpper)); n != 6 {
		t.Errorf("%d rows, want 6", n)
	}
}
