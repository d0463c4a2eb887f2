package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newManCmd is `backoffctl man DIR`: one man page per command (section 1), written from the same
// commands, flags, help and examples the binary has. The pages are plain roff written here, not by
// cobra's doc package: that one converts markdown through blackfriday, whose package init alone
// costs every command about a millisecond of start-up.
func newManCmd(g *globalOptions, root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:     "man DIR",
		Short:   "Write man pages for every command into DIR",
		Example: "  backoffctl man ./man && man ./man/backoffctl-table.1\n  mkdir -p ~/.local/share/man/man1 && backoffctl man ~/.local/share/man/man1",
		Args: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return badInput("man needs one directory to write the pages into, like: backoffctl man ./man")
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			// DIR itself may be created, never a chain of directories for a mistyped path.
			dir := args[0]
			if err := os.Mkdir(g.path(dir), 0o777); err != nil && !errors.Is(err, fs.ErrExist) {
				if errors.Is(err, fs.ErrNotExist) {
					return badInput("cannot create %s: %s does not exist (backoffctl man creates one directory, not its parents)", dir, filepath.Dir(filepath.Clean(dir)))
				}
				return badInput("cannot create %s: %v", dir, unwrapPath(err))
			}
			if info, err := os.Stat(g.path(dir)); err != nil || !info.IsDir() {
				return badInput("cannot write man pages into %s: not a directory", dir)
			}
			return writeManTree(g, root, dir)
		},
	}
}

// writeManTree writes c's page and its subcommands' pages.
func writeManTree(g *globalOptions, c *cobra.Command, dir string) error {
	if c.Hidden || c.Name() == "help" {
		return nil
	}
	name := strings.ReplaceAll(c.CommandPath(), " ", "-") + ".1"
	if err := writeAtomic(g.process, filepath.Join(dir, name), manPage(c)); err != nil {
		return err
	}
	for _, sub := range c.Commands() {
		if err := writeManTree(g, sub, dir); err != nil {
			return err
		}
	}
	return nil
}

// manPage is one command's page: name, synopsis, description, options, examples, see also.
func manPage(c *cobra.Command) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, ".TH \"BACKOFFCTL\" \"1\" \"\" \"backoffctl %s\" \"backoffctl manual\"\n", roff(Version))
	fmt.Fprintf(&b, ".SH NAME\n%s \\- %s\n", roff(strings.ReplaceAll(c.CommandPath(), " ", "-")), roff(c.Short))
	fmt.Fprintf(&b, ".SH SYNOPSIS\n.B %s\n", roff(c.UseLine()))
	desc := c.Long
	if desc == "" {
		desc = c.Short
	}
	fmt.Fprintf(&b, ".SH DESCRIPTION\n%s\n", roffText(desc))
	options := func(title string, fs *pflag.FlagSet) {
		var items bytes.Buffer
		fs.VisitAll(func(f *pflag.Flag) {
			if f.Hidden {
				return
			}
			names := "\\fB\\-\\-" + roff(f.Name) + "\\fR"
			if f.Shorthand != "" {
				names = "\\fB\\-" + roff(f.Shorthand) + "\\fR, " + names
			}
			if t := f.Value.Type(); t != "bool" {
				names += " \\fI" + roff(t) + "\\fR"
			}
			usage := f.Usage
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "[]" {
				usage += " (default " + f.DefValue + ")"
			}
			fmt.Fprintf(&items, ".TP\n%s\n%s\n", names, roff(usage))
		})
		if items.Len() > 0 {
			fmt.Fprintf(&b, ".SH %s\n%s", title, items.String())
		}
	}
	options("OPTIONS", c.NonInheritedFlags())
	options("GLOBAL OPTIONS", c.InheritedFlags())
	if c.Example != "" {
		fmt.Fprintf(&b, ".SH EXAMPLES\n.nf\n%s\n.fi\n", roffLines(c.Example))
	}
	var see []string
	if c.HasParent() {
		see = append(see, strings.ReplaceAll(c.Parent().CommandPath(), " ", "-")+"(1)")
	}
	for _, sub := range c.Commands() {
		if !sub.Hidden && sub.Name() != "help" {
			see = append(see, strings.ReplaceAll(sub.CommandPath(), " ", "-")+"(1)")
		}
	}
	if len(see) > 0 {
		fmt.Fprintf(&b, ".SH SEE ALSO\n%s\n", roff(strings.Join(see, ", ")))
	}
	return b.Bytes()
}

// roff escapes text for a roff line: backslashes and hyphens.
func roff(s string) string {
	return strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
}

// roffLines escapes every line and keeps a line from starting with a control character.
func roffLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = roff(l)
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			l = `\&` + l
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}

// roffText is running text: paragraphs separated by blank lines become .PP, indented lines
// (examples inside help) are kept as they are.
func roffText(s string) string {
	var out []string
	for _, p := range strings.Split(strings.TrimSpace(s), "\n\n") {
		if strings.HasPrefix(p, "  ") {
			out = append(out, ".nf\n"+roffLines(p)+"\n.fi")
			continue
		}
		out = append(out, roffLines(p))
	}
	return strings.Join(out, "\n.PP\n")
}
