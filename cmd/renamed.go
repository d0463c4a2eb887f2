package cmd

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// renamedAnnotation marks a hidden flag that is the old spelling of another.
const renamedAnnotation = "backoffctl_renamed_to"

// renamedFlag keeps old working as a hidden spelling of current (same value), so scripts written
// for the old name do not break; using it prints one deprecation line on stderr.
func renamedFlag(fs *pflag.FlagSet, old, current string) {
	cur := fs.Lookup(current)
	fs.Var(cur.Value, old, "deprecated: use --"+current)
	f := fs.Lookup(old)
	f.Hidden = true
	f.NoOptDefVal = cur.NoOptDefVal
	f.Annotations = map[string][]string{renamedAnnotation: {current}}
}

// warnRenamed prints the deprecation line of every old flag spelling, and of every deprecated
// strategy parameter, used on c's command line.
func warnRenamed(c *cobra.Command, stderr io.Writer) {
	c.Flags().Visit(func(f *pflag.Flag) {
		if to, ok := f.Annotations[renamedAnnotation]; ok {
			fmt.Fprintf(stderr, "backoffctl: --%s is deprecated: use --%s\n", f.Name, to[0])
		}
		if p, ok := f.Value.(*paramValue); ok && p.spec.Deprecated != nil {
			fmt.Fprintf(stderr, "backoffctl: --%s is deprecated: use %s\n", f.Name, p.spec.Deprecated(p.values.Get(f.Name)))
		}
	})
}
