package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func TestTailWindow(t *testing.T) {
	data := make([]byte, 3*tailSize+123)
	for i := range data {
		data[i] = byte(i * 7)
	}
	tl := &tail{r: iotest.OneByteReader(bytes.NewReader(data[:1000]))}
	io.ReadAll(tl)
	tl.r = bytes.NewReader(data[1000:]) // then in large reads, some larger than the ring
	buf := make([]byte, tailSize+5000)
	for {
		if _, err := tl.Read(buf); err != nil {
			break
		}
	}
	for _, c := range [][2]int64{{0, 10}, {int64(len(data)) - 100, int64(len(data)) + 50}, {int64(len(data)) - tailSize, int64(len(data)) - tailSize + 70}} {
		lo, got := tl.window(c[0], c[1])
		n := int64(len(data))
		wantLo, wantHi := max(c[0], n-tailSize), min(c[1], n)
		if wantLo >= wantHi { // gone from the ring: nothing, at the end of the range
			wantLo = wantHi
		}
		if lo != wantLo || !bytes.Equal(got, data[wantLo:wantHi]) {
			t.Errorf("window(%d, %d) = %d, %d bytes; want %d, %d bytes", c[0], c[1], lo, len(got), wantLo, wantHi-wantLo)
		}
	}
}

func TestExcerpt(t *testing.T) {
	tests := []struct {
		window      string
		off         int
		text, caret string
	}{
		{"abc\ndef\nghi", 5, "def", " "},
		{"abc\r\ndef", 5, "def", ""},
		{"a\tb", 2, "a\tb", " \t"},
		{"é\xff\x01x", 4, "é??x", "   "},
		{"x", 1, "x", " "},
		{strings.Repeat("a", 70) + "!" + strings.Repeat("b", 70), 70, "..." + strings.Repeat("a", 70) + "!" + strings.Repeat("b", 70) + "...", strings.Repeat(" ", 73)},
	}
	for _, tt := range tests {
		text, caret := excerpt([]byte(tt.window), tt.off)
		if text != tt.text || caret != tt.caret {
			t.Errorf("excerpt(%q, %d) = %q, %q; want %q, %q", tt.window, tt.off, text, caret, tt.text, tt.caret)
		}
	}
}

func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	if startProgress(&buf, 1<<40) != nil {
		t.Error("a progress bar on a writer that is not a terminal")
	}
	p := &progress{total: 200e6}
	got := p.bar(50e6, 2*time.Second)
	want := "[=======                       ]  25%  50.0 MB of 200.0 MB  25.0 MB/s  6s left"
	if got != want {
		t.Errorf("bar = %q, want %q", got, want)
	}
	var nilp *progress
	nilp.finish() // no bar: nothing to stop
}
