package cmd

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/backoffctl/backoffctl/format/plot"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

func newPlotCmd(g *globalOptions) *cobra.Command {
	var o plotOptions
	c := &cobra.Command{
		Use:   "plot STRATEGY [flags] | plot 'STRATEGY [flags]'... | plot --policy FILE",
		Short: "Draw schedules as a chart: in the terminal, or as an SVG or PNG image",
		Long: `Draw the start of each attempt (--y wait: the wait after it) against the attempt number, one line
per policy: in the terminal with braille dots, fitted to its width (COLUMNS, else the terminal's
width, else 80), or with --output chart.svg / chart.png as an 800 x 500 image for a design doc.

Several policies are specs as compare takes them ('polynomial --attempts 25'), or --policy FILE (a
check policy file; its assert sections are not used and may be left out).
--envelope shades each policy's range over all draws, --percentiles draws sampled percentiles as
dotted lines, --log puts the time axis on a log scale (attempt 1, at 0 s, is then left out).

Every line has its own glyph (●, ▲, ■, ◆, ✚, ★, ○, △, □, ◇ in turn) and colour, named in the
legend, so the chart reads without colour (NO_COLOR, piped); a line drawn on top of another
shares its markers with it in turns, and the legend says "same line as".`,
		Example: `  backoffctl plot polynomial --attempts 25
  backoffctl plot 'polynomial --attempts 25' 'sidekiq --retries 24' --log
  backoffctl plot 'exponential --base 1s --cap 30s --jitter full --attempts 10' --envelope --percentiles 50,99 --seed 1
  backoffctl plot 'polynomial --attempts 25' 'sidekiq --retries 24' --output retries.png`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if err := o.sample.validate(c.Flags(), true); err != nil {
				return err
			}
			policies, err := loadSpecs(g.process, "plot", o.policyFile, args)
			if err != nil {
				return err
			}
			return o.run(g, policies)
		},
	}
	o.bind(c.Flags())
	o.sample.bind(c.Flags(), true)
	c.Flags().StringVar(&o.policyFile, "policy", "", "plot every policy in this check policy file")
	c.MarkFlagFilename("policy", "yaml", "yml")
	c.AddCommand(newPlotAmplifyCmd(g))
	c.AddCommand(newPlotHerdCmd(g))
	c.Long += "\n\n" + fromHelp
	addFromFlags(c)
	addStrategySubcommands(g, c, func(fs *pflag.FlagSet) {
		o.bind(fs)
		o.sample.bind(fs, false)
	}, nil, func(b *boundStrategy) error {
		// As in table: with --percentiles, --seed seeds the sampler and the line stays at --rand.
		if err := o.sample.validate(b.fs, false); err != nil {
			return err
		}
		sampling := len(o.sample.percentiles) > 0
		if sampling {
			o.sample.seed = b.random.seed
		}
		return o.run(g, []*specPolicy{{label: b.def.Name, name: b.def.Name, bound: b, atRand: sampling}})
	})
	return c
}

type plotOptions struct {
	policyFile string
	y          string
	log        bool
	height     int
	sample     sampleOptions
}

// bind registers plot's own flags, besides the sampling ones, on one flag set (the plot command or a strategy subcommand; only
// one of them runs).
func (o *plotOptions) bind(fs *pflag.FlagSet) {
	enumFlag(fs, &o.y, "y", "", "start", []string{"start", "wait"}, "what the vertical axis shows")
	boolFlag(fs, &o.log, "log", "logarithmic time axis, for long schedules")
	intFlag(fs, &o.height, "height", 16, 4, 200, "rows of the terminal chart")
}

func (o *plotOptions) run(g *globalOptions, policies []*specPolicy) error {
	kind, err := g.imageKind()
	if err != nil {
		return err
	}
	evals, err := o.sample.evaluate(g, policies)
	if err != nil {
		return err
	}
	return g.drawChart(o.chart(evals), kind, o.height)
}

// imageKind checks a plot's output options before any work: -o does not apply to a chart, and
// --output's extension names the image format ("svg" or "png"; "" draws in the terminal).
func (g *globalOptions) imageKind() (string, error) {
	if g.format != "auto" {
		return "", badInput("plot draws a chart: -o does not apply (--output chart.svg or chart.png writes an image)")
	}
	if g.output == "" {
		return "", nil
	}
	kind := strings.TrimPrefix(strings.ToLower(filepath.Ext(g.output)), ".")
	if kind != "svg" && kind != "png" {
		return "", badInput("plot --output %s: the image format comes from the extension, .svg or .png", g.output)
	}
	return kind, nil
}

// drawChart writes c to --output as an image of kind, or draws it in the terminal, height rows.
func (g *globalOptions) drawChart(c *plot.Chart, kind string, height int) error {
	if kind != "" {
		data, err := plot.Image(c, kind)
		if err != nil {
			return err
		}
		return writeAtomic(g.process, g.output, data)
	}
	return plot.Terminal(g.stdout, c, terminalWidth(g.getenv, g.stdout), height, useColor(g.getenv, g.color, isTerminal(g.stdout)))
}

// chart turns the evaluated policies into series: each policy's line at its draws, its envelope
// band and its percentile lines.
func (o *plotOptions) chart(evals []*evaluated) *plot.Chart {
	wait := o.y == "wait"
	c := &plot.Chart{Title: "Start of each attempt", XLabel: "attempt", YLabel: "start (after attempt 1)", Log: o.log}
	if wait {
		c.Title, c.YLabel = "Wait after each attempt", "wait until the next attempt"
	}
	for i, e := range evals {
		s := plot.Series{Name: e.name, Group: i}
		for _, r := range e.rows {
			switch {
			case !wait:
				s.Points = append(s.Points, plot.Point{X: float64(r.Attempt), Y: r.Start})
			case r.HasWait:
				s.Points = append(s.Points, plot.Point{X: float64(r.Attempt), Y: r.Wait})
			}
		}
		c.Series = append(c.Series, s)
		if e.bounds != nil {
			band := plot.Band{Name: e.name + " envelope", Group: i}
			for r, b := range e.bounds {
				lo, hi := b.StartMin, b.StartMax
				if wait {
					if b.NoWait {
						continue
					}
					lo, hi = b.WaitMin, b.WaitMax
				}
				band.Low = append(band.Low, plot.Point{X: float64(r + 1), Y: lo})
				band.High = append(band.High, plot.Point{X: float64(r + 1), Y: hi})
			}
			c.Bands = append(c.Bands, band)
		}
		for j, p := range e.q.Percents {
			m := e.q.Start
			if wait {
				m = e.q.Wait
			}
			line := plot.Series{Name: e.name + " p" + percentileName(p), Group: i, Style: plot.Dotted}
			for r := range m {
				if !math.IsNaN(m[r][j]) {
					line.Points = append(line.Points, plot.Point{X: float64(r + 1), Y: m[r][j]})
				}
			}
			c.Series = append(c.Series, line)
		}
	}
	return c
}

// terminalWidth is the chart's width: COLUMNS when set, else the terminal's width read with an
// ioctl on stdout (never by querying the terminal), else 80.
func terminalWidth(getenv func(string) string, stdout any) int {
	if n, err := strconv.Atoi(getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := stdout.(*os.File); ok && isTerminal(f) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 80
}
