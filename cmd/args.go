package cmd

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// repeatedFlag refuses a flag given twice on the command line (pflag would keep the last value
// silently): it scans args with the flags of the command they run, before cobra parses them.
// It understands --flag=v, --flag v, -o v, -ov, -o=v and switches without a value, and stops at
// "--". Unknown flags are left for cobra to report; list flags may repeat.
func repeatedFlag(root *cobra.Command, args []string) error {
	if len(args) > 0 && strings.HasPrefix(args[0], "__complete") {
		return nil // shell completion passes partial command lines
	}
	c, _, err := root.Find(args)
	if err != nil || c == nil {
		return nil
	}
	lookup := func(name string) *pflag.Flag {
		if f := c.Flags().Lookup(name); f != nil {
			return f
		}
		return c.InheritedFlags().Lookup(name)
	}
	short := func(s string) *pflag.Flag {
		if f := c.Flags().ShorthandLookup(s); f != nil {
			return f
		}
		return c.InheritedFlags().ShorthandLookup(s)
	}
	seen := map[string]string{}
	record := func(f *pflag.Flag, value string) error {
		if t := f.Value.Type(); strings.Contains(t, "Slice") || strings.Contains(t, "Array") {
			return nil
		}
		if first, ok := seen[f.Name]; ok {
			return badInput("%s given twice (%s, then %s)", flagLabel(f), first, value)
		}
		seen[f.Name] = value
		return nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return nil
		case strings.HasPrefix(a, "--"):
			name, value, hasValue := strings.Cut(a[2:], "=")
			f := lookup(name)
			if f == nil {
				continue
			}
			if !hasValue {
				if f.NoOptDefVal != "" {
					value = f.NoOptDefVal
				} else if i+1 < len(args) {
					i++
					value = args[i]
				}
			}
			if err := record(f, value); err != nil {
				return err
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			// One or more shorthands: switches may be grouped, and the first that takes a value
			// takes the rest of the argument or the next one.
			rest := a[1:]
			for rest != "" {
				f := short(rest[:1])
				if f == nil {
					break
				}
				rest = rest[1:]
				if f.NoOptDefVal != "" {
					value := f.NoOptDefVal
					if v, ok := strings.CutPrefix(rest, "="); ok {
						value, rest = v, ""
					}
					if err := record(f, value); err != nil {
						return err
					}
					continue
				}
				value := strings.TrimPrefix(rest, "=")
				if rest == "" && i+1 < len(args) {
					i++
					value = args[i]
				}
				if err := record(f, value); err != nil {
					return err
				}
				break
			}
		}
	}
	return nil
}

// flagLabel names a flag as the error lines do: --attempts, or -o/--format with its shorthand.
func flagLabel(f *pflag.Flag) string {
	if f.Shorthand != "" {
		return "-" + f.Shorthand + "/--" + f.Name
	}
	return "--" + f.Name
}
