package budget

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The files in testdata/ are the output of the programs in testdata/budgetvectors, which drive
// the real aws-sdk-go-v2 (v1.48.0, v1.47.7) and grpc-go (v1.85.0) with the same scripts; each
// file's first line is its command. A row is: request attempt letter level [sent_seconds
// limiter_state...] for AWS, request attempt letter tokens [status] for gRPC.
var vectorFiles = []struct {
	file, spec    string
	script        string
	maxAttempts   int
	step          float64
	limiter, grpc bool
}{
	{file: "aws148_standard_mixed.txt", spec: "aws-standard", script: "FFS,HHS,TTS,S,TS,HS,FFF,S", maxAttempts: 3},
	{file: "aws147_standard_mixed.txt", spec: "aws-standard@1.47", script: "FFS,HHS,TTS,S,TS,HS,FFF,S", maxAttempts: 3},
	{file: "aws148_standard_drain.txt", spec: "aws-standard@1.48", script: "40*FFF,S", maxAttempts: 3},
	{file: "aws147_standard_drain.txt", spec: "aws-standard@1.47", script: "120*FFF,S", maxAttempts: 3},
	{file: "aws148_adaptive_mixed.txt", spec: "aws-adaptive", script: "FFS,HHS,TTS,S,TS,HS,FFF,S", maxAttempts: 3, step: 1, limiter: true},
	{file: "aws147_adaptive_mixed.txt", spec: "aws-adaptive@1.47", script: "FFS,HHS,TTS,S,TS,HS,FFF,S", maxAttempts: 3, step: 1, limiter: true},
	{file: "aws148_adaptive_stream.txt", spec: "aws-adaptive@1.48", script: "50*S,HS,40*S", maxAttempts: 3, step: 0.1, limiter: true},
	{file: "aws148_adaptive_storm.txt", spec: "aws-adaptive@1.48", script: "20*S,30*H,20*S", maxAttempts: 3, step: 0.1, limiter: true},
	{file: "aws147_adaptive_storm.txt", spec: "aws-adaptive@1.47", script: "20*S,30*H,20*S", maxAttempts: 3, step: 0.1, limiter: true},
	{file: "grpc_ccore_basic.txt", spec: "grpc:max=4,ratio=1.6", script: "FS,FF,F,F,F,S,S,FF,S,F,S,F", maxAttempts: 3, grpc: true},
	{file: "grpc_go_retrytest.txt", spec: "grpc:max=10,ratio=0.5", script: "S,FFS,FFS,F,F,S,S,S,S,S,FS,F", maxAttempts: 4, grpc: true},
}

func readVector(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			rows = append(rows, strings.Fields(line))
		}
	}
	return rows
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRealLibraryVectors(t *testing.T) {
	for _, v := range vectorFiles {
		t.Run(v.file, func(t *testing.T) {
			want := readVector(t, v.file)
			layer, err := Parse(v.spec, false)
			if err != nil {
				t.Fatal(err)
			}
			script, err := ParseScript(v.script)
			if err != nil {
				t.Fatal(err)
			}
			rows := Trace(layer, script, TraceOptions{Requests: len(script), MaxAttempts: v.maxAttempts, Times: Every(v.step)})
			if len(rows) != len(want) {
				t.Fatalf("%d attempts, the library made %d", len(rows), len(want))
			}
			for i, r := range rows {
				w := want[i]
				got := []string{strconv.Itoa(r.Request), strconv.Itoa(r.Attempt), string(r.Outcome.Letter()), strconv.FormatFloat(r.Level, 'g', -1, 64)}
				wantHead := []string{w[0], w[1], w[2], strconv.FormatFloat(num(t, w[3]), 'g', -1, 64)}
				if strings.Join(got, " ") != strings.Join(wantHead, " ") {
					t.Fatalf("row %d: got %v, the library %v", i+1, got, wantHead)
				}
				if v.grpc && len(w) == 5 && (r.Decision == Finished) != (w[4] == "OK") {
					t.Fatalf("row %d: decision %s, the library ended the RPC with %s", i+1, r.Decision, w[4])
				}
				if !v.limiter {
					continue
				}
				if s := num(t, w[4]); nanos(r.Sent) != nanos(s) {
					t.Fatalf("row %d: sent at %v, the library at %v", i+1, r.Sent, s)
				}
				for k, name := range cubicStateNames {
					if s := num(t, w[5+k]); r.State[k] != s {
						t.Fatalf("row %d: %s = %v, the library %v", i+1, name, r.State[k], s)
					}
				}
			}
		})
	}
}
