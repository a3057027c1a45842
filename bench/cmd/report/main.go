// Command report runs every benchmark of the comparison side by side and writes RESULTS.md and
// the SVG charts in charts/. Run it from the bench folder:
//
//	go run ./cmd/report          # full run: every document, 6 rounds
//	go run ./cmd/report -quick   # a few documents, 3 short rounds: under 3 minutes
//
// Flags: -count rounds, -benchtime length of one measurement, -docs a regular expression on
// document names, -kinds a comma-separated list of workload kinds.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/stridejson/stride/bench/internal/corpus"
	"github.com/stridejson/stride/bench/internal/docs"
	"github.com/stridejson/stride/bench/internal/lib"
	"github.com/stridejson/stride/bench/internal/report"
	"github.com/stridejson/stride/bench/internal/suite"
)

// quickDocs are the documents of a quick run.
const quickDocs = `^(twitter|citm_catalog|canada_geometry|openrtb_vast)$`

func main() {
	quick := flag.Bool("quick", false, "a short run: a few documents, 3 rounds of 40ms measurements")
	count := flag.Int("count", 0, "rounds (default 6, or 3 with -quick)")
	benchtime := flag.Duration("benchtime", 0, "length of one measurement (default 100ms, or 40ms with -quick)")
	docsRE := flag.String("docs", "", "regular expression choosing documents by name (default all, or a few with -quick)")
	kinds := flag.String("kinds", "", "comma-separated workload kinds (default all): "+kindList())
	flag.Parse()
	if err := run(*quick, *count, *benchtime, *docsRE, *kinds); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func kindList() string {
	var s []string
	for _, k := range suite.Kinds {
		s = append(s, string(k))
	}
	return strings.Join(s, ",")
}

func run(quick bool, count int, benchtime time.Duration, docsRE, kinds string) error {
	if err := checkFolder(); err != nil {
		return err
	}
	if count <= 0 {
		count = 6
		if quick {
			count = 3
		}
	}
	if benchtime <= 0 {
		benchtime = 100 * time.Millisecond
		if quick {
			benchtime = 40 * time.Millisecond
		}
	}
	if docsRE == "" && quick {
		docsRE = quickDocs
	}
	var keep func(string) bool
	if docsRE != "" {
		re, err := regexp.Compile(docsRE)
		if err != nil {
			return fmt.Errorf("-docs: %v", err)
		}
		keep = re.MatchString
	}
	var kindSet map[suite.Kind]bool
	if kinds != "" {
		kindSet = map[suite.Kind]bool{}
		for _, k := range strings.Split(kinds, ",") {
			kindSet[suite.Kind(strings.TrimSpace(k))] = true
		}
	}

	start := time.Now()
	fmt.Fprintln(os.Stderr, "loading documents")
	ds, skips := docs.Load(keep)
	for _, sk := range skips {
		fmt.Fprintf(os.Stderr, "skipped %s: %s\n", sk.Name, sk.Reason)
	}
	fmt.Fprintf(os.Stderr, "checking %d libraries on %d strings and %d documents\n", len(lib.All()), len(corpus.Strings()), len(ds))
	s, err := suite.Build(suite.Options{Libs: lib.All(), Strings: corpus.Strings(), Docs: ds, Kinds: kindSet})
	if err != nil {
		return err
	}
	for _, w := range s.Workloads {
		for _, c := range w.Cases {
			if c.Verdict == suite.Disagrees {
				fmt.Fprintf(os.Stderr, "disagrees: %s %s: %s\n", w.ID(), c.Lib, c.Detail)
			}
		}
	}
	s.Run(suite.RunConfig{Count: count, Target: benchtime, Progress: os.Stderr})

	var infos []lib.Info
	for _, l := range lib.All() {
		infos = append(infos, l.Info())
	}
	cmd := "go run ./cmd/report"
	if len(os.Args) > 1 {
		cmd += " " + strings.Join(os.Args[1:], " ")
	}
	meta := report.Meta{
		Command: cmd, Quick: quick, Count: count, Target: benchtime, Took: time.Since(start),
		CPU: cpuModel(), Cores: runtime.GOMAXPROCS(0), GoVersion: runtime.Version(),
		Platform: runtime.GOOS + "/" + runtime.GOARCH, Date: time.Now(),
		Libs: infos, Versions: versions(), Docs: ds, Skips: skips,
	}
	if err := os.MkdirAll("charts", 0o755); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join("charts", "*.svg"))
	for _, f := range old {
		os.Remove(f)
	}
	for _, w := range s.Workloads {
		if err := os.WriteFile(filepath.Join("charts", report.ChartFile(w)), []byte(report.Chart(w).Render()), 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile("RESULTS.md", []byte(report.Markdown(s, meta)), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote RESULTS.md and %d charts in %v\n", len(s.Workloads), time.Since(start).Round(time.Second))
	return nil
}

// checkFolder makes sure the command runs in the bench module's folder, where it writes.
func checkFolder() error {
	data, err := os.ReadFile("go.mod")
	if err == nil && bytes.Contains(data, []byte("module github.com/stridejson/stride/bench\n")) {
		return nil
	}
	return fmt.Errorf("run me from the bench folder: cd bench && go run ./cmd/report")
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH + " (CPU model unknown)"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH + " (CPU model unknown)"
}

func versions() map[string]string {
	out := map[string]string{}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return out
	}
	for _, d := range bi.Deps {
		out[d.Path] = d.Version
	}
	return out
}
