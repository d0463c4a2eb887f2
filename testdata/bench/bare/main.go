// Command bare prints the 25-attempt polynomial markdown table from an embedded copy and does
// nothing else: the floor for whole-process timing of `backoffctl table polynomial --attempts 25
// -o markdown` (see docs/speed.md).
package main

import (
	"os"

	"github.com/backoffctl/backoffctl/testdata/bench/tablemd"
)

func main() { os.Stdout.WriteString(tablemd.Table) }
