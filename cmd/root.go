package cmd

import (
	"io"
	"strings"

	"github.com/backoffctl/backoffctl/format"
	"github.com/backoffctl/backoffctl/schedule/param"
	"github.com/spf13/cobra"
)

// globalOptions are the flags every command shares.
type globalOptions struct {
	format string // -o: auto or one of format.Formats
	// formatGiven says -o was on the command line; without it --output's extension picks the format.
	formatGiven bool
	color       string // auto, always, never
	output      string // --output FILE, written atomically
	lang        string
	units       string // --units: auto, human, seconds or both
	command     string // the command line that reproduces the output, for markdown
	focus       string // the one strategy the command line runs, when it names one
	process
}

func newRootCmd(stdout, stderr io.Writer, args ...string) *cobra.Command {
	p := osProcess()
	p.stdout, p.stderr = stdout, stderr
	return newRoot(p, args...)
}

func newRoot(p process, args ...string) *cobra.Command {
	g := &globalOptions{process: p, focus: focusOf(args)}
	stdout, stderr := p.stdout, p.stderr
	root := &cobra.Command{
		Use:   "backoffctl",
		Short: "Retry and backoff schedules of real systems, exact",
		Long: `backoffctl calculates retry and backoff schedules exactly as real systems compute them
(Rails ActiveJob, Sidekiq, GitLab, Gitea act_runner, Aiven and 18 retry libraries) and prints them
as a terminal table, markdown, CSV or JSON; with the libraries' retry budgets and throttles it
gives the load retries add (amplify) and simulates many clients retrying at once (simulate herd).`,
		Example: `  backoffctl table polynomial --attempts 25
  backoffctl table polynomial --attempts 25 -o markdown
  backoffctl table fixed --wait 5s --attempts 10 -o csv
  backoffctl strategies`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// --version is the root's own flag, not cobra's, so that it runs after the arguments
			// are checked: `--version extra` is refused like any stray argument.
			if v, _ := cmd.Flags().GetBool("version"); v {
				_, err := io.WriteString(stdout, versionLine())
				return err
			}
			return cmd.Help()
		},
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			g.formatGiven = cmd.Flags().Changed("format")
			if err := g.checkOutputName(cmd); err != nil {
				return err
			}
			g.command = reproduce(cmd, args)
			return nil
		},
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.Flags().BoolP("version", "v", false, "version for backoffctl")
	fs := root.PersistentFlags()
	enumFlag(fs, &g.format, "format", "o", "auto", append([]string{"auto"}, format.Formats...),
		"output format (auto: color on a terminal, plain otherwise)")
	enumFlag(fs, &g.color, "color", "", "auto", []string{"auto", "always", "never"},
		"colour escape codes (auto: only on a terminal and when NO_COLOR is unset)")
	fs.Var(&outputValue{p: &g.output}, "output", "write to this file instead of stdout, atomically (format from the extension unless -o is given)")
	enumFlag(fs, &g.lang, "lang", "", "en", format.Languages, "language of headers and notes")
	enumFlag(fs, &g.units, "units", "", "auto", append([]string{"auto"}, format.UnitChoices...),
		"durations in tables: human (1m 30s), seconds (90), both (1m 30s (90s)); auto: both where they fit")
	root.MarkFlagFilename("output")
	completeWords(root, "format", append([]string{"auto"}, format.Formats...))
	completeWords(root, "color", []string{"auto", "always", "never"})
	completeWords(root, "lang", format.Languages)

	if v, ok := strategyVerb(firstArg(args)); ok && g.focus != "" {
		// The command line runs one strategy under its verb: nothing else is reachable from it.
		root.AddCommand(v.build(g))
	} else {
		for _, v := range verbs() {
			root.AddCommand(v.build(g))
		}
		root.AddCommand(newManCmd(g, root))
		strictCompletion(root)
		strictHelp(root)
	}
	return root
}

// firstArg is the first word of the command line, or "".
func firstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// strictCompletion makes `completion` refuse a missing or unknown shell with one line (cobra's
// default prints help and exits 0).
func strictCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		shells := []string{"bash", "zsh", "fish", "powershell"} // cobra's, in the usual order
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("completion needs a shell: one of %s", strings.Join(shells, ", "))
			}
			return badInput("%s", param.UnknownChoice("shell", args[0], shells))
		}
	}
}

// completeWords offers a fixed list of values for a flag in shell completion.
func completeWords(c *cobra.Command, flag string, words []string) {
	c.RegisterFlagCompletionFunc(flag, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return words, cobra.ShellCompDirectiveNoFileComp
	})
}

// strictHelp makes `help TOPIC` refuse a topic that is not a command with one line and exit 2
// (cobra's prints "Unknown help topic" and exits 0).
func strictHelp(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() != "help" {
			continue
		}
		show := c.Run
		c.Run = nil
		c.RunE = func(c *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if len(args) > 0 && (err != nil || target == nil || len(rest) > 0) {
				word := args[len(args)-1]
				if len(rest) > 0 {
					word = rest[0]
				}
				parent := root
				if target != nil && err == nil {
					parent = target
				}
				var names []string
				for _, s := range parent.Commands() {
					if s.IsAvailableCommand() {
						names = append(names, s.Name())
					}
				}
				if hint := param.DidYouMean(word, names); hint != "" {
					return badInput("unknown help topic %q%s", word, hint)
				}
				return badInput("unknown help topic %q: see backoffctl --help for the commands", word)
			}
			show(c, args)
			return nil
		}
	}
}
