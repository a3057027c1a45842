package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/stridejson/stride/bench/internal/suite"
	"github.com/stridejson/stride/bench/internal/svg"
)

// ChartFile is the file name, under charts/, of w's chart.
func ChartFile(w *suite.Workload) string {
	r := strings.NewReplacer("/", "_", " ", "_", ".", "_")
	return r.Replace(w.ID()) + ".svg"
}

// Chart draws w's throughput per library: the libraries fastest first, then those that disagree,
// then the physical limits. Stride's bars are red, encoding/json's grey, the limits light grey.
func Chart(w *suite.Workload) svg.Chart {
	rows := Rows(w)
	sort.SliceStable(rows, func(i, j int) bool {
		gi, gj := group(rows[i]), group(rows[j])
		if gi != gj {
			return gi < gj
		}
		return rows[i].Stat.MBs > rows[j].Stat.MBs
	})
	c := svg.Chart{
		Title:    fmt.Sprintf("%s: %s", w.Kind.Title(), w.Input),
		Subtitle: fmt.Sprintf("MB/s, higher is better; %s bytes per operation; median of %d round(s); limits cut at the scale's end", thousands(w.Bytes), maxSamples(w)),
	}
	for _, r := range rows {
		if !r.Case.Limit && r.Stat.Timed {
			c.ScaleMax = math.Max(c.ScaleMax, r.Stat.MBs*1.1)
		}
	}
	for _, r := range rows {
		b := svg.Bar{Label: r.Case.Lib, Value: math.NaN()}
		switch {
		case r.Case.Verdict == suite.Disagrees:
			b.Text = "disagrees"
		case !r.Stat.Timed:
			b.Text = "not measured"
		default:
			b.Value = r.Stat.MBs
			b.Text = fmt.Sprintf("%s MB/s", mbs(r.Stat.MBs))
		}
		switch {
		case r.Case.Stride:
			b.Color = svg.ColorStride
		case r.Case.Limit:
			b.Color = svg.ColorLimit
		case r.Case.Reference:
			b.Color = svg.ColorRef
		default:
			b.Color = svg.ColorPeer
		}
		c.Bars = append(c.Bars, b)
	}
	return c
}

func group(r Row) int {
	switch {
	case r.Case.Limit:
		return 2
	case !r.Stat.Timed:
		return 1
	}
	return 0
}

func maxSamples(w *suite.Workload) int {
	n := 0
	for _, c := range w.Cases {
		n = max(n, len(c.Samples))
	}
	return n
}
