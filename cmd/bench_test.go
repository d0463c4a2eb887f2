package cmd

import (
	"io"
	"testing"
)

// BenchmarkTableMarkdown is the in-process cost of `table polynomial --attempts 25 -o markdown`:
// command tree, flag parsing, schedule, rendering.
func BenchmarkTableMarkdown(b *testing.B) {
	args := []string{"table", "polynomial", "--attempts", "25", "-o", "markdown"}
	for b.Loop() {
		if code := run(args, io.Discard, io.Discard); code != 0 {
			b.Fatal(code)
		}
	}
}

// BenchmarkTableCSV is the same schedule as CSV, without tablewriter.
func BenchmarkTableCSV(b *testing.B) {
	args := []string{"table", "polynomial", "--attempts", "25", "-o", "csv"}
	for b.Loop() {
		if code := run(args, io.Discard, io.Discard); code != 0 {
			b.Fatal(code)
		}
	}
}

// BenchmarkCommandTree is building the cobra command tree alone.
func BenchmarkCommandTree(b *testing.B) {
	for b.Loop() {
		newRootCmd(io.Discard, io.Discard)
	}
}

// BenchmarkCommandTreeOneStrategy is the tree `table polynomial ...` builds: only the strategy
// the command line names gets its subcommand.
func BenchmarkCommandTreeOneStrategy(b *testing.B) {
	for b.Loop() {
		newRootCmd(io.Discard, io.Discard, "table", "polynomial")
	}
}
