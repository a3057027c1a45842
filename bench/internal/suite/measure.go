package suite

import (
	"fmt"
	"io"
	"runtime"
	"time"
)

// A Sample is one measurement of a case: the mean cost of one operation over N operations.
type Sample struct {
	NsPerOp     float64
	AllocsPerOp float64
	BytesPerOp  float64
}

// RunConfig says how long to measure.
type RunConfig struct {
	Count    int           // rounds; every timed case is measured once per round
	Target   time.Duration // the length of one measurement
	Progress io.Writer     // where progress lines go; may be nil
}

// Run calibrates every timed case, then measures them round by round: in each round every
// workload, and within it every library, in an order rotated from round to round, so that all the
// figures of one table come from the same stretch of time.
func (s *Suite) Run(cfg RunConfig) {
	if cfg.Count < 1 {
		cfg.Count = 1
	}
	progress := func(format string, args ...any) {
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, format+"\n", args...)
		}
	}
	var timed int
	for _, w := range s.Workloads {
		for _, c := range w.Cases {
			if c.Timed() {
				timed++
			}
		}
	}
	start := time.Now()
	progress("calibrating %d cases (%v per measurement)", timed, cfg.Target)
	for _, w := range s.Workloads {
		for _, c := range w.Cases {
			if c.Timed() {
				calibrate(c, cfg.Target)
			}
		}
	}
	for round := 0; round < cfg.Count; round++ {
		progress("round %d/%d (%v elapsed)", round+1, cfg.Count, time.Since(start).Round(time.Second))
		for _, w := range s.Workloads {
			n := len(w.Cases)
			for j := range w.Cases {
				c := w.Cases[(j+round)%n]
				if c.Timed() {
					measure(c)
				}
			}
		}
	}
	progress("measured in %v", time.Since(start).Round(time.Second))
}

// calibrate sets c.N so that one measurement lasts about target.
func calibrate(c *Case, target time.Duration) {
	n := 1
	for {
		d, err := timeN(c.Op, n)
		if err != nil {
			disagree(c, "error while timing: %v", err)
			return
		}
		if d >= target/5 || n >= 1<<30 {
			c.N = max(1, int(float64(n)*float64(target)/float64(max(d, 1))))
			return
		}
		next := n * 10
		if d > 0 {
			next = min(next, int(float64(n)*float64(target/4)/float64(d))+1)
		}
		n = max(n+1, next)
	}
}

func timeN(op func() error, n int) (time.Duration, error) {
	start := time.Now()
	for i := 0; i < n; i++ {
		if err := op(); err != nil {
			return 0, err
		}
	}
	return time.Since(start), nil
}

func measure(c *Case) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d, err := timeN(c.Op, c.N)
	runtime.ReadMemStats(&after)
	if err != nil {
		disagree(c, "error while timing: %v", err)
		c.Samples = nil
		return
	}
	n := float64(c.N)
	c.Samples = append(c.Samples, Sample{
		NsPerOp:     float64(d.Nanoseconds()) / n,
		AllocsPerOp: float64(after.Mallocs-before.Mallocs) / n,
		BytesPerOp:  float64(after.TotalAlloc-before.TotalAlloc) / n,
	})
}
