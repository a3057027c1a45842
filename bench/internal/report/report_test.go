package report

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stridejson/stride/bench/internal/suite"
)

// fake builds a workload with fixed samples: ns per op for each library.
func fake(kind suite.Kind, input string, ns map[string]float64) *suite.Workload {
	w := &suite.Workload{Kind: kind, Input: input, Desc: "test input", Bytes: 1000}
	for _, name := range []string{"encoding/json", "stride", "peer", "wrong", suite.Memcpy} {
		c := &suite.Case{W: w, Lib: name, Stride: name == "stride", Reference: name == "encoding/json", Limit: name == suite.Memcpy}
		if name == "wrong" {
			c.Verdict, c.Detail = suite.Disagrees, "output differs"
		} else {
			c.Op = func() error { return nil }
			for i := 0; i < 6; i++ {
				c.Samples = append(c.Samples, suite.Sample{NsPerOp: ns[name] * (1 + 0.01*float64(i%3)), AllocsPerOp: 1, BytesPerOp: 64})
			}
		}
		w.Cases = append(w.Cases, c)
	}
	return w
}

func TestRows(t *testing.T) {
	w := fake(suite.StringWrite, "vast-plain", map[string]float64{"encoding/json": 1000, "stride": 100, "peer": 500, suite.Memcpy: 10})
	rows := Rows(w)
	byName := map[string]Row{}
	for _, r := range rows {
		byName[r.Case.Lib] = r
	}
	if r := byName["stride"]; math.Abs(r.VsReference-10) > 0.3 || math.Abs(r.VsBestPeer-5) > 0.2 || r.BestPeer {
		t.Errorf("stride row %+v", r)
	}
	if r := byName["peer"]; !r.BestPeer || math.Abs(r.VsBestPeer-1) > 1e-9 {
		t.Errorf("peer row %+v", r)
	}
	if r := byName["wrong"]; r.Stat.Timed || !math.IsNaN(r.VsReference) {
		t.Errorf("wrong row %+v", r)
	}
	if st := byName["encoding/json"].Stat; math.Abs(st.MBs-1000.0/st.Ns*1e3) > 1e-9 || st.CI() == "n/a" {
		t.Errorf("stat %+v, CI %s", st, st.CI())
	}
}

func TestMarkdown(t *testing.T) {
	s := &suite.Suite{Workloads: []*suite.Workload{
		fake(suite.StringWrite, "vast-plain", map[string]float64{"encoding/json": 1000, "stride": 100, "peer": 500, suite.Memcpy: 10}),
		fake(suite.StringWrite, "vast-quote-at-1", map[string]float64{"encoding/json": 1000, "stride": 200, "peer": 500, suite.Memcpy: 10}),
		fake(suite.UnmarshalTyped, "twitter", map[string]float64{"encoding/json": 1000, "stride": 100, "peer": 500, suite.Memcpy: 10}),
		fake(suite.DecodeTyped, "twitter", map[string]float64{"encoding/json": 1200, "stride": 150, "peer": 600, suite.Memcpy: 10}),
	}}
	md := Markdown(s, Meta{Command: "go run ./cmd/report -quick", Quick: true, Count: 6, Target: time.Millisecond,
		CPU: "Test CPU", Cores: 2, GoVersion: "go1.99", Platform: "linux/amd64", Date: time.Unix(0, 0)})
	for _, want := range []string{
		"Preliminary run", "Test CPU, 2 cores", "go1.99", "shared 2-core VM", "compare the ratios",
		"## Escape position", "| **stride** | 2.00× |",
		"## Strings written, HTML escaping off",
		"![string-write/vast-plain](charts/string-write_vast-plain.svg)",
		"**disagrees**: output differs", "| limit |",
		"## Documents decoded into Go types from an io.Reader",
		"### Documents decoded into Go types from an io.Reader: twitter",
		"| [twitter](#decode-typed-twitter) |",
		"![decode-typed/twitter](charts/decode-typed_twitter.svg)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
	// The decode section follows the unmarshal section, as in suite.Kinds.
	if u, d := strings.Index(md, "## "+suite.UnmarshalTyped.Title()), strings.Index(md, "## "+suite.DecodeTyped.Title()); u < 0 || d < u {
		t.Errorf("sections %s at %d, %s at %d", suite.UnmarshalTyped, u, suite.DecodeTyped, d)
	}
}

func TestChart(t *testing.T) {
	w := fake(suite.UnmarshalAny, "twitter", map[string]float64{"encoding/json": 1000, "stride": 100, "peer": 500, suite.Memcpy: 10})
	c := Chart(w)
	var order []string
	for _, b := range c.Bars {
		order = append(order, b.Label)
	}
	if got := strings.Join(order, ","); got != "stride,peer,encoding/json,wrong,memcpy (copy)" {
		t.Errorf("bar order %s", got)
	}
	if c.Bars[0].Color != "#d62728" || c.Bars[3].Text != "disagrees" {
		t.Errorf("bars %+v", c.Bars)
	}
	if ChartFile(w) != "unmarshal-any_twitter.svg" {
		t.Errorf("ChartFile = %s", ChartFile(w))
	}
}

func TestFormat(t *testing.T) {
	for in, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := thousands(in); got != want {
			t.Errorf("thousands(%d) = %s", in, got)
		}
	}
	if mbs(12345.6) != "12,346" || mbs(12.34) != "12.3" || mbs(1.234) != "1.23" {
		t.Error("mbs")
	}
	if ratio(math.NaN()) != "—" || ratio(2) != "2.00×" {
		t.Error("ratio")
	}
}
