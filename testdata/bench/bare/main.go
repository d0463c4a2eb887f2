// Command bare prints the 25-attempt polynomial markdown table from an embedded copy and does
// nothing else: the floor for whole-process timing of `backoffctl table polynomial --attempts 25
// -o markdown` (see README, Speed).
package main

import (
	_ "embed"
	"os"
)

//go:embed table.md
var table []byte

func main() { os.Stdout.Write(table) }
