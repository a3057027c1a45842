package stream

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// A small random generator of Go values of every kind json.Marshal and the Writer share: nil, bool,
// int64, uint64, float64, float32, string, []any and map[string]any, nested. Strings mix plain runs
// with everything an escaper treats specially, and are sometimes long enough to be written in many
// pieces through a small chunk.

type gen struct {
	r *rand.Rand
}

func newGen(seed uint64) *gen { return &gen{rand.New(rand.NewPCG(seed, 0x5eed))} }

var fragments = []string{
	"a", "hello", "The quick brown fox ", "0123456789", " ", `"`, `\`, "/", "\n", "\t", "\r", "\b", "\f",
	"\x00", "\x01", "\x1f", "\x7f", "<", ">", "&", "<script>", "\u2028", "\u2029", "é", "ß", "世界",
	"😀", "\U0010FFFF", "\ufffd", "\xff", "\xe2\x82", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	"\x80", "'", "`",
}

func (g *gen) string() string {
	n := g.r.IntN(8)
	switch g.r.IntN(20) {
	case 0:
		n = 200 + g.r.IntN(3000) // long: many pieces through a small chunk
	case 1:
		n = 0
	}
	var b strings.Builder
	for range n {
		b.WriteString(fragments[g.r.IntN(len(fragments))])
	}
	return b.String()
}

func (g *gen) float64() float64 {
	for {
		var f float64
		switch g.r.IntN(6) {
		case 0:
			f = float64(g.r.IntN(2000) - 1000)
		case 1:
			f = g.r.NormFloat64() * 1000
		case 2:
			f = math.Float64frombits(g.r.Uint64())
		case 3:
			f = math.Pow10(g.r.IntN(60)-30) * (g.r.Float64() + 0.5)
		case 4:
			f = float64(g.r.IntN(100)) / 8
		default:
			f = g.r.Float64()
		}
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	}
}

func (g *gen) value(depth int) any {
	k := g.r.IntN(11)
	if depth <= 0 && k >= 9 {
		k = g.r.IntN(9)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return g.r.IntN(2) == 0
	case 2:
		return int64(g.r.Uint64()) >> g.r.IntN(64)
	case 3:
		return g.r.Uint64() >> g.r.IntN(64)
	case 4, 5:
		return g.float64()
	case 6:
		f := float32(g.float64())
		if math.IsInf(float64(f), 0) {
			f = 1.5
		}
		return f
	case 7, 8:
		return g.string()
	case 9:
		a := make([]any, g.r.IntN(6))
		for i := range a {
			a[i] = g.value(depth - 1)
		}
		return a
	default:
		m := map[string]any{}
		for range g.r.IntN(6) {
			m[g.string()] = g.value(depth - 1)
		}
		return m
	}
}

// writeValue writes v token by token, map keys sorted as json.Marshal sorts them.
func writeValue(w *Writer, v any) error {
	switch v := v.(type) {
	case nil:
		return w.Null()
	case bool:
		return w.Bool(v)
	case int64:
		return w.Int64(v)
	case uint64:
		return w.Uint64(v)
	case float64:
		return w.Float64(v)
	case float32:
		return w.Float32(v)
	case string:
		return w.String(v)
	case []any:
		w.BeginArray()
		for _, e := range v {
			writeValue(w, e)
		}
		return w.EndArray()
	case map[string]any:
		w.BeginObject()
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			w.Name(k)
			writeValue(w, v[k])
		}
		return w.EndObject()
	}
	panic("writeValue: unexpected type")
}
