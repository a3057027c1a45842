package svg

import (
	"encoding/xml"
	"io"
	"math"
	"strings"
	"testing"
)

func TestRenderIsWellFormed(t *testing.T) {
	c := Chart{
		Title:    `strings <written> & "read"`,
		Subtitle: "MB/s, higher is better",
		Bars: []Bar{
			{Label: "stride", Value: 3000, Text: "3000 MB/s", Color: ColorStride},
			{Label: "sonic (ConfigStd)", Value: 1500, Text: "1500 MB/s"},
			{Label: "go-jsonstream", Value: math.NaN(), Text: "disagrees"},
		},
	}
	out := c.Render()
	dec := xml.NewDecoder(strings.NewReader(out))
	var rects, texts int
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, out)
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "rect":
				rects++
			case "text":
				texts++
			}
		}
	}
	// One background rectangle and one bar per drawable value.
	if rects != 3 {
		t.Errorf("got %d rects, want 3", rects)
	}
	// Title, subtitle, and a label and a value per bar.
	if texts != 2+2*3 {
		t.Errorf("got %d texts, want 8", texts)
	}
	if !strings.Contains(out, ColorStride) {
		t.Error("Stride's colour is missing")
	}
	if !strings.Contains(out, "&lt;written&gt; &amp; &quot;read&quot;") {
		t.Error("title not escaped")
	}
}

func TestBarsToScale(t *testing.T) {
	out := Chart{Bars: []Bar{{Label: "a", Value: 2}, {Label: "b", Value: 1}}}.Render()
	if !strings.Contains(out, `width="430.0"`) || !strings.Contains(out, `width="215.0"`) {
		t.Errorf("bars not to scale:\n%s", out)
	}
}

func TestScaleMaxCutsLongBars(t *testing.T) {
	out := Chart{ScaleMax: 10, Bars: []Bar{{Label: "a", Value: 5}, {Label: "limit", Value: 1000}}}.Render()
	if !strings.Contains(out, `width="215.0"`) || !strings.Contains(out, `width="430.0"`) || !strings.Contains(out, "<polyline") {
		t.Errorf("long bar not cut at full width:\n%s", out)
	}
}

func TestEscape(t *testing.T) {
	if got := Escape("a\x01<b>'"); got != "a&lt;b&gt;&#39;" {
		t.Errorf("Escape = %q", got)
	}
}
