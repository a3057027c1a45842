// Package svg is a small writer of SVG bar charts: enough for the benchmark report, nothing more.
package svg

import (
	"fmt"
	"math"
	"strings"
)

// A Bar is one horizontal bar.
type Bar struct {
	Label string
	Value float64 // drawn to scale; NaN draws no bar
	Text  string  // printed after the bar, e.g. "1234 MB/s"; "disagrees" for an untimed row
	Color string  // fill, e.g. "#d62728"
}

// A Chart is a titled list of bars.
type Chart struct {
	Title    string
	Subtitle string
	Bars     []Bar
	// ScaleMax, when positive, is the value drawn at full width; longer bars are cut there and end
	// in a zigzag, so that a few huge bars (the physical limits) do not flatten the rest.
	ScaleMax float64
}

// Colors used by the report.
const (
	ColorStride = "#d62728"
	ColorPeer   = "#1f77b4"
	ColorRef    = "#7f7f7f"
	ColorLimit  = "#c7c7c7"
)

// Escape makes s safe as SVG text or attribute content.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#39;")
		default:
			if r < 0x20 && r != '\t' {
				continue // not allowed in XML 1.0
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Render draws c as a standalone SVG document.
func (c Chart) Render() string {
	const (
		width  = 760
		labelW = 190
		textW  = 130
		barH   = 18
		gap    = 6
		top    = 52
		left   = 10
	)
	maxV := c.ScaleMax
	if maxV <= 0 {
		for _, b := range c.Bars {
			if !math.IsNaN(b.Value) && !math.IsInf(b.Value, 0) && b.Value > maxV {
				maxV = b.Value
			}
		}
	}
	plotW := float64(width - left - labelW - textW)
	height := top + len(c.Bars)*(barH+gap) + 10
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&s, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	fmt.Fprintf(&s, `<text x="%d" y="20" font-size="15" font-weight="bold">%s</text>`+"\n", left, Escape(c.Title))
	if c.Subtitle != "" {
		fmt.Fprintf(&s, `<text x="%d" y="38" fill="#555555">%s</text>`+"\n", left, Escape(c.Subtitle))
	}
	for i, b := range c.Bars {
		y := top + i*(barH+gap)
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left+labelW-6, y+barH-5, Escape(b.Label))
		w := 0.0
		if maxV > 0 && !math.IsNaN(b.Value) && b.Value > 0 {
			w = plotW * b.Value / maxV
			color := b.Color
			if color == "" {
				color = ColorPeer
			}
			cut := w > plotW
			w = math.Min(w, plotW)
			fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", left+labelW, y, w, barH, Escape(color))
			if cut {
				x := float64(left+labelW) + w - 10
				fmt.Fprintf(&s, `<polyline points="%.1f,%d %.1f,%d %.1f,%d %.1f,%d" fill="none" stroke="#ffffff" stroke-width="2"/>`+"\n",
					x, y, x+4, y+barH/3, x-2, y+2*barH/3, x+2, y+barH)
			}
		}
		fmt.Fprintf(&s, `<text x="%.1f" y="%d" fill="#333333">%s</text>`+"\n", float64(left+labelW)+w+4, y+barH-5, Escape(b.Text))
	}
	s.WriteString("</svg>\n")
	return s.String()
}
