package stride

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// A Decoder fed one byte per Read (a slow network) must do work linear in the input: a long token
// is searched once as it arrives, not again from its start at every read. The work counted is
// what the Decoder searches and moves as it reads on (jsonread.Source.Work), the scan of a number
// or literal name at the top level included (scanScalar); the cursor reads each byte of a value
// once more, or twice for a string cut off by a read.

type linearCase struct {
	name  string
	doc   string
	fresh func() any
}

func linearCases(n int) []linearCase {
	digits := strings.Repeat("7", n)
	return []linearCase{
		{"number in an array", "[" + digits + "]", func() any { return new([]Number) }},
		{"fraction in an array", "[0." + digits + "]", func() any { return new([]Number) }},
		{"number", digits, func() any { return new(Number) }},
		{"number with a fraction and an exponent", "-0." + digits[:n/2] + "e+" + digits[n/2:], func() any { return new(Number) }},
		{"white space before a number", strings.Repeat(" ", n) + "1", func() any { return new(Number) }},
		{"white space before a name", strings.Repeat("\n", n) + "true", func() any { return new(bool) }},
		{"string in an array", `["` + strings.Repeat("a", n) + `"]`, func() any { return new([]string) }},
		{"string with escapes", `["` + strings.Repeat(`ab\n`, n/4) + `"]`, func() any { return new([]string) }},
		{"string", `"` + strings.Repeat("a", n) + `"`, func() any { return new(string) }},
		{"member name", `{"` + strings.Repeat("k", n) + `":1}`, func() any { return new(map[string]int) }},
		{"long array", "[" + strings.Repeat("1,", n/2) + "1]", func() any { return new([]int) }},
		{"deep", strings.Repeat(`[`, 9000) + strings.Repeat(`]`, 9000), func() any { return new(any) }},
		{"deep objects", strings.Repeat(`{"a":`, 9000) + "1" + strings.Repeat(`}`, 9000), func() any { return new(any) }},
	}
}

func TestDecoderOneByteReadsLinear(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 200_000
	}
	for _, c := range linearCases(n) {
		dec := NewDecoder(&oneByteReader{s: c.doc})
		got, want := c.fresh(), c.fresh()
		err := dec.Decode(got)
		wantErr := json.Unmarshal([]byte(c.doc), want)
		if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: error %v, want %v; or the values differ", c.name, err, wantErr)
		}
		// NOTE: measured 0.5 to 3.5 times the input (a search of each byte as it arrives, and the
		// copies of the buffer as it doubles); a search from the token's start at every read
		// would be about n²/2.
		if work, limit := dec.in.Work, 8*int64(len(c.doc)); work > limit {
			t.Errorf("%s: %d bytes searched or moved for %d bytes of input, over %d", c.name, work, len(c.doc), limit)
		}
	}
}

// BenchmarkDecoderOneByteReads decodes long tokens arriving one byte per Read.
func BenchmarkDecoderOneByteReads(b *testing.B) {
	for _, c := range linearCases(1 << 20) {
		b.Run(strings.ReplaceAll(c.name, " ", "_"), func(b *testing.B) {
			b.SetBytes(int64(len(c.doc)))
			b.ReportAllocs()
			for b.Loop() {
				if err := NewDecoder(&oneByteReader{s: c.doc}).Decode(c.fresh()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
