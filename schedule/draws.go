package schedule

import "github.com/backoffctl/backoffctl/schedule/draw"

// Draws supplies the random draws of one schedule. Every draw is, in principle, a u in [0, 1):
// continuous draws use u itself, discrete draws of n values use floor(u*n) (or the real
// library's own mapping, for a stream that reproduces one), so a fixed u gives comparable
// positions in every system (u = 0.5 is the middle of every range). The streams live in package
// draw.
type Draws = draw.Draws
