package cmd

import (
	"io"

	"github.com/backoffctl/backoffctl/format"
	"github.com/spf13/cobra"
)

// globalOptions are the flags every command shares.
type globalOptions struct {
	format string // -o: auto or one of format.Formats
	color  string // auto, always, never
	output string // --output FILE, written atomically
	lang   string
	stdout io.Writer
	stderr io.Writer
}

func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	g := &globalOptions{stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:   "backoffctl",
		Short: "Retry and backoff schedules of real systems, exact",
		Long: `backoffctl calculates retry and backoff schedules exactly as real systems compute them
(Rails ActiveJob, Sidekiq, GitLab, Gitea act_runner, Aiven) and prints them as a terminal table,
markdown, CSV or JSON.`,
		Example: `  backoffctl table polynomial --attempts 25
  backoffctl table polynomial --attempts 25 -o markdown
  backoffctl table fixed --wait 5s --attempts 10 -o csv
  backoffctl strategies`,
		Version:       Version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return cmd.Help()
		},
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	fs := root.PersistentFlags()
	enumFlag(fs, &g.format, "format", "o", "auto", append([]string{"auto"}, format.Formats...),
		"output format (auto: color on a terminal, plain otherwise)")
	enumFlag(fs, &g.color, "color", "", "auto", []string{"auto", "always", "never"},
		"colour escape codes (auto: only on a terminal and when NO_COLOR is unset)")
	fs.StringVar(&g.output, "output", "", "write to this file instead of stdout, atomically")
	enumFlag(fs, &g.lang, "lang", "", "en", format.Languages, "language of headers and notes")
	root.MarkFlagFilename("output")
	completeWords(root, "format", append([]string{"auto"}, format.Formats...))
	completeWords(root, "color", []string{"auto", "always", "never"})
	completeWords(root, "lang", format.Languages)

	root.AddCommand(newTableCmd(g), newStrategiesCmd(g), newSimulateCmd(g), newSolveCmd(g), newCheckCmd(g))
	root.AddCommand(newExploreCmd(g))
	return root
}

// completeWords offers a fixed list of values for a flag in shell completion.
func completeWords(c *cobra.Command, flag string, words []string) {
	c.RegisterFlagCompletionFunc(flag, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return words, cobra.ShellCompDirectiveNoFileComp
	})
}
