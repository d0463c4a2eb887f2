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
	return repeatedArgs(args, lookup, short)
}

// repeatedArgs refuses a flag given twice in args, the flags found by lookup (a long name) and
// short (a shorthand): the command line's check, shared by compare's and plot's specs. An old
// spelling of a flag (renamedFlag) is the same flag as its current one.
func repeatedArgs(args []string, lookup, short func(string) *pflag.Flag) error {
	type given struct{ name, value string }
	seen := map[string]given{}
	record := func(f *pflag.Flag, value string) error {
		if t := f.Value.Type(); strings.Contains(t, "Slice") || strings.Contains(t, "Array") {
			return nil
		}
		key := f.Name
		if to, ok := f.Annotations[renamedAnnotation]; ok {
			key = to[0]
		}
		if first, ok := seen[key]; ok {
			if first.name != f.Name {
				return badInput("--%s and --%s are one flag, given twice (%s, then %s)", first.name, f.Name, first.value, value)
			}
			return badInput("%s given twice (%s, then %s)", flagLabel(f), first.value, value)
		}
		seen[key] = given{f.Name, value}
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
