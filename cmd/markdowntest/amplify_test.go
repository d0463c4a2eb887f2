package markdowntest

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// `amplify -o markdown` is one GFM table on GitHub: a header cell per policy after the failure
// rate (the @ of a version shown as written), a row per failure rate.
func TestAmplifyMarkdownIsATable(t *testing.T) {
	md := backoffctl(t, "amplify", "-o", "markdown", "--failure-rates", "0,0.5,1")
	var out bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(md, &out); err != nil {
		t.Fatal(err)
	}
	html := out.String()
	if n := strings.Count(html, "<table>"); n != 1 {
		t.Fatalf("%d tables in:\n%s", n, html)
	}
	heads := regexp.MustCompile(`<th[^>]*>([^<]*)</th>`).FindAllStringSubmatch(html, -1)
	var got []string
	for _, h := range heads {
		got = append(got, strings.ReplaceAll(h[1], "\u2060", ""))
	}
	want := []string{"failure rate", "3 retries", "aws-standard@1.48, 2 retries", "grpc, 3 retries", "finagle, 3 retries"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("headers %q, want %q", got, want)
	}
	if rows := strings.Count(html, "<tr>") - 1; rows != 3 {
		t.Errorf("%d rows, want 3", rows)
	}
}
