package cmd

import (
	"github.com/backoffctl/backoffctl/schedule/analyze"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/backoffctl/backoffctl/schedule/strategy"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// completeFlagValues registers shell completion for every flag of c and its subcommands that has
// no completion yet: the words of enumerated flags, the numeric parameters for solve's --for, and
// nothing (not file names) for numbers, durations and lists. File flags (--output, --policy) keep
// their file completion.
func completeFlagValues(c *cobra.Command) {
	complete := func(fs *pflag.FlagSet) {
		fs.VisitAll(func(f *pflag.Flag) {
			if _, ok := c.GetFlagCompletionFunc(f.Name); ok {
				return
			}
			if _, file := f.Annotations[cobra.BashCompFilenameExt]; file {
				return
			}
			words := flagWords(c, f)
			c.RegisterFlagCompletionFunc(f.Name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return words, cobra.ShellCompDirectiveNoFileComp
			})
		})
	}
	complete(c.LocalNonPersistentFlags())
	complete(c.PersistentFlags())
	for _, sub := range c.Commands() {
		completeFlagValues(sub)
	}
}

// flagWords is what a flag's value can be, when it is one of a few words.
func flagWords(c *cobra.Command, f *pflag.Flag) []string {
	switch v := f.Value.(type) {
	case *enumValue:
		return v.allowed
	case *paramValue:
		if v.spec.Kind == param.Enum {
			return v.spec.Choices
		}
	case *boolValue:
		return []string{"true", "false"}
	}
	if f.Name == "for" {
		if def, ok := strategy.Find(c.Name()); ok {
			return analyze.NumericParams(def)
		}
	}
	return nil
}
