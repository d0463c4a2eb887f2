// Package tablemd is the markdown that `backoffctl table polynomial --attempts 25 -o markdown`
// prints, for the start-up reference programs (bare, libfloor).
package tablemd

import _ "embed"

// Table is the command's whole output.
//
//go:embed table.md
var Table string
