package cmd

import (
	"bytes"
	"os"
	"testing"
)

// The start-up benchmark compares backoffctl with a program that prints a stored copy of the same
// markdown table; keep the copy equal to what the command prints.
func TestBareBenchmarkTextIsCurrent(t *testing.T) {
	want, err := os.ReadFile("../testdata/bench/tablemd/table.md")
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"table", "polynomial", "--attempts", "25", "-o", "markdown"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("testdata/bench/tablemd/table.md differs from the command's output:\n%s", out.String())
	}
}
