package cmd

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// presentationFlags change how output looks or where it goes, not what it says: the reproducing
// command line leaves them out.
var presentationFlags = map[string]bool{"format": true, "output": true, "color": true, "units": true, "lang": true}

// reproduce is the command line that computes c's output again: the command path and every flag
// given, in its canonical spelling, and the draws (--rand 0.5 when neither --rand nor --seed is) (a renamed flag under its new name), values as the flag prints
// them; presentation flags are left out.
func reproduce(c *cobra.Command, args []string) string {
	parts := []string{c.CommandPath()}
	for _, a := range args { // compare's and plot's specs
		parts = append(parts, shellQuote(a))
	}
	c.Flags().Visit(func(f *pflag.Flag) {
		if presentationFlags[f.Name] {
			return
		}
		name := f.Name
		if to, ok := f.Annotations[renamedAnnotation]; ok {
			name = to[0]
		}
		if _, isBool := f.Value.(*boolValue); isBool {
			if f.Value.String() == "true" {
				parts = append(parts, "--"+name)
			} else {
				parts = append(parts, "--"+name+"=false")
			}
			return
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok && f.Value.Type() == "stringArray" { // a repeatable flag
			for _, v := range sv.GetSlice() {
				parts = append(parts, "--"+name, shellQuote(v))
			}
			return
		}
		parts = append(parts, "--"+name, shellQuote(f.Value.String()))
	})
	// The draws are part of the answer: a table at the default --rand says so.
	if f := c.Flags().Lookup("rand"); f != nil && !f.Hidden && !f.Changed && !c.Flags().Changed("seed") {
		parts = append(parts, "--rand", f.Value.String())
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes a value for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.,:/=+@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
