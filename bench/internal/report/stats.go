// Package report turns a measured suite into RESULTS.md and SVG charts.
package report

import (
	"fmt"
	"math"
	"sort"

	"golang.org/x/perf/benchmath"

	"github.com/stridejson/stride/bench/internal/suite"
)

// Stat summarises a case's samples.
type Stat struct {
	Timed          bool
	Ns, NsLo, NsHi float64 // median time per operation and its confidence interval
	MBs            float64 // throughput at the median, MB/s (10^6 bytes)
	Allocs, Bytes  float64 // median allocations and bytes allocated per operation
	Samples        int
}

// Confidence is the level of the confidence intervals.
const Confidence = 0.95

// Summarize computes c's Stat.
func Summarize(c *suite.Case) Stat {
	if !c.Timed() || len(c.Samples) == 0 {
		return Stat{}
	}
	ns := make([]float64, len(c.Samples))
	allocs := make([]float64, len(c.Samples))
	bytes := make([]float64, len(c.Samples))
	for i, s := range c.Samples {
		ns[i], allocs[i], bytes[i] = s.NsPerOp, s.AllocsPerOp, s.BytesPerOp
	}
	sum := benchmath.AssumeNothing.Summary(benchmath.NewSample(ns, &benchmath.DefaultThresholds), Confidence)
	st := Stat{Timed: true, Ns: sum.Center, NsLo: sum.Lo, NsHi: sum.Hi, Samples: len(ns),
		Allocs: median(allocs), Bytes: median(bytes)}
	if st.Ns > 0 {
		st.MBs = float64(c.W.Bytes) / st.Ns * 1e3
	}
	return st
}

// CI formats the half-width of the confidence interval relative to the median, e.g. "±2%".
func (s Stat) CI() string {
	if !s.Timed || math.IsInf(s.NsLo, 0) || math.IsInf(s.NsHi, 0) || s.Ns == 0 {
		return "n/a"
	}
	half := math.Max(s.Ns-s.NsLo, s.NsHi-s.Ns) / s.Ns * 100
	return fmt.Sprintf("±%.0f%%", half)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// A Row is one case of a workload with its figures and ratios.
type Row struct {
	Case        *suite.Case
	Stat        Stat
	VsReference float64 // throughput over encoding/json's; NaN when either is missing
	VsBestPeer  float64 // throughput over the fastest peer's; NaN when missing
	BestPeer    bool    // this row is the fastest peer
}

// Rows computes the rows of w.
func Rows(w *suite.Workload) []Row {
	rows := make([]Row, len(w.Cases))
	ref, best := math.NaN(), math.NaN()
	bestIdx := -1
	for i, c := range w.Cases {
		rows[i] = Row{Case: c, Stat: Summarize(c), VsReference: math.NaN(), VsBestPeer: math.NaN()}
		st := rows[i].Stat
		if !st.Timed {
			continue
		}
		if c.Reference {
			ref = st.MBs
		}
		if isPeer(c) && (bestIdx < 0 || st.MBs > best) {
			best, bestIdx = st.MBs, i
		}
	}
	for i := range rows {
		if !rows[i].Stat.Timed {
			continue
		}
		rows[i].VsReference = rows[i].Stat.MBs / ref
		rows[i].VsBestPeer = rows[i].Stat.MBs / best
	}
	if bestIdx >= 0 {
		rows[bestIdx].BestPeer = true
	}
	return rows
}

// isPeer reports whether c is another library (encoding/json included), not Stride or a limit.
func isPeer(c *suite.Case) bool { return !c.Stride && !c.Limit }
