package cmd

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/backoffctl/backoffctl/format"
	"github.com/spf13/cobra"
)

// buildVersion describes this binary from its build info: the module version (a tag for
// `go install ...@v1.2.3`, "(devel)" for a build from a clone), the VCS commit and whether the tree
// was modified, and the Go version. Version, when set with -ldflags, wins over the module version.
func buildVersion() string {
	version, commit, goVersion := buildInfo()
	return fmt.Sprintf("%s (commit %s, %s)", version, commit, goVersion)
}

// buildInfo is the version, the commit and the Go version buildVersion describes.
func buildInfo() (version, commit, goVersion string) {
	version, commit, goVersion = Version, "unknown", "unknown"
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
	return version, commit, goVersion
}

// newVersionCmd is `backoffctl version`: the same line as --version, or with -o json, csv or
// markdown the version, the commit and the Go version as fields.
func newVersionCmd(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version, the commit and the Go version of this binary",
		Example: "  backoffctl version\n  backoffctl version -o json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			f := g.resolvedFormat()
			if g.format == "auto" && g.output != "" {
				f = formatForFile(g.output) // auto: a name without an extension or .txt, .log
			}
			if f == "plain" || f == "color" || f == "auto" {
				if g.output != "" {
					return writeAtomic(g.process, g.output, []byte(versionLine()))
				}
				_, err := io.WriteString(g.stdout, versionLine())
				return err
			}
			return g.emit(versionTable())
		},
	}
}

// versionLine is what --version and `version` print.
func versionLine() string { return "backoffctl version " + buildVersion() + "\n" }

// versionTable is the version as fields: JSON {"version": ..., "commit": ..., "go": ..., "rows":
// [the same]}.
func versionTable() *format.Table {
	version, commit, goVersion := buildInfo()
	return &format.Table{
		Head:    []format.Field{{Name: "version", Value: version}, {Name: "commit", Value: commit}, {Name: "go", Value: goVersion}},
		Columns: []format.Column{{Key: "version", Kind: format.Text}, {Key: "commit", Kind: format.Text}, {Key: "go", Kind: format.Text}},
		Rows:    [][]format.Cell{{{Text: version}, {Text: commit}, {Text: goVersion}}},
	}
}
