package cmd

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// buildVersion describes this binary from its build info: the module version (a tag for
// `go install ...@v1.2.3`, "(devel)" for a build from a clone), the VCS commit and whether the tree
// was modified, and the Go version. Version, when set with -ldflags, wins over the module version.
func buildVersion() string {
	version, commit, goVersion := Version, "unknown", "unknown"
	if info, ok := debug.ReadBuildInfo(); ok {
		goVersion = info.GoVersion
		if v := info.Main.Version; v != "" && v != "(devel)" && Version == defaultVersion {
			version = v
		}
		var modified bool
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
				if len(commit) > 12 {
					commit = commit[:12]
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if modified {
			commit += "-dirty"
		}
	}
	return fmt.Sprintf("%s (commit %s, %s)", version, commit, goVersion)
}

// newVersionCmd is `backoffctl version`, the same line as --version.
func newVersionCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, the commit and the Go version of this binary",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintln(g.stdout, "backoffctl version "+buildVersion())
			return err
		},
	}
}
