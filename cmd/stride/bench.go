package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"time"

	"github.com/stridejson/stride"
	"github.com/stridejson/stride/stream"
)

const benchSummary = `Usage: stride bench [flags]

Measures Stride beside encoding/json on sample documents embedded in this binary (` + "%s" + `):
Marshal and Unmarshal with Go types and with any, and reading and writing the documents token by
token, and prints the throughput of each in MB/s (of the document's size) and Stride's speed-up;
built with Go 1.27, also Stride's encoding/json/v2 API beside the standard library's (rows marked v2).
Each pair is timed in alternating rounds and the best round of each counts, which steadies the
figures on a busy machine. The header and the last line name the encoding/json compared with: the
one this binary was built with, its Go version, and whether it is the v1 implementation or the
v2-based one (Go 1.27's default; GOEXPERIMENT=jsonv2 or nojsonv2 at build time switches it).`

func runBench(e *env, args []string) int {
	fs := newFlags(e, "bench", fmt.Sprintf(benchSummary, sampleNames()))
	total := fs.Duration("duration", 4*time.Second, "time to spend measuring, in all")
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if fs.NArg() > 0 {
		e.failUsage(fs, "bench takes no arguments")
		return e.code
	}
	var rows []benchRow
	for _, s := range samples() {
		r, err := benchRows(s)
		if err != nil {
			fmt.Fprintf(e.stderr, "stride bench: %s: %v\n", s.name, err)
			return exitInvalid
		}
		rows = append(rows, r...)
	}
	pairs := 0
	for _, r := range rows {
		pairs += 1 + btoi(r.json != nil)
	}
	each := max(*total/time.Duration(pairs), time.Millisecond)

	fmt.Fprintf(e.stdout, "Stride beside %s, %s/%s, %d CPUs, %v per measurement\n\n",
		jsonLabel(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), each.Round(time.Millisecond))
	const row = "%-9s %8s  %-22s %11s %18s %9s\n"
	fmt.Fprintf(e.stdout, row, "sample", "size", "operation", "Stride MB/s", "encoding/json MB/s", "speed-up")
	logSum, n := 0.0, 0
	last := ""
	for _, r := range rows {
		name, size := "", ""
		if r.sample.name != last {
			name, size, last = r.sample.name, humanBytes(float64(len(r.sample.data))), r.sample.name
		}
		ns, js := measurePair(r.stride, r.json, each)
		mb := float64(len(r.sample.data)) / 1e6
		jcol, up := "—", "—"
		if r.json != nil {
			jcol = fmt.Sprintf("%.0f", mb/js.Seconds())
			up = fmt.Sprintf("%.2fx", js.Seconds()/ns.Seconds())
			logSum += math.Log(js.Seconds() / ns.Seconds())
			n++
		}
		fmt.Fprintf(e.stdout, row, name, size, r.op, fmt.Sprintf("%.0f", mb/ns.Seconds()), jcol, up)
	}
	if n > 0 {
		fmt.Fprintf(e.stdout, "\ngeometric mean speed-up: %.2fx over %d operations", math.Exp(logSum/float64(n)), n)
	}
	fmt.Fprintln(e.stdout, "\n(encoding/json has no token writer: that row is Stride's alone)")
	if v2Note != "" {
		fmt.Fprintln(e.stdout, v2Note)
	}
	fmt.Fprintf(e.stdout, "compared with %s\n", jsonLabel())
	return exitOK
}

// jsonLabel names the encoding/json compared with: the Go version and which implementation, v1 or
// the one built on encoding/json/v2, chosen when this binary was built (GOEXPERIMENT=jsonv2 or
// nojsonv2 switches it).
func jsonLabel() string {
	return "encoding/json of " + runtime.Version() + " (" + jsonImpl + ")"
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A benchRow is one operation on one sample, done by Stride and by encoding/json (nil where
// encoding/json has no counterpart).
type benchRow struct {
	sample       sample
	op           string
	stride, json func() error
}

// benchRows builds the operations on s, and checks once that each works.
func benchRows(s sample) ([]benchRow, error) {
	typed := s.typed()
	if err := json.Unmarshal(s.data, typed); err != nil {
		return nil, err
	}
	var untyped any
	if err := json.Unmarshal(s.data, &untyped); err != nil {
		return nil, err
	}
	toks, err := readTokens(s.data)
	if err != nil {
		return nil, err
	}
	var r stream.Reader
	var w stream.Writer
	rows := []benchRow{
		{op: "Marshal, Go types",
			stride: func() error { _, err := stride.Marshal(typed); return err },
			json:   func() error { _, err := json.Marshal(typed); return err }},
		{op: "Unmarshal, Go types",
			stride: func() error { return stride.Unmarshal(s.data, s.typed()) },
			json:   func() error { return json.Unmarshal(s.data, s.typed()) }},
		{op: "Marshal, any",
			stride: func() error { _, err := stride.Marshal(untyped); return err },
			json:   func() error { _, err := json.Marshal(untyped); return err }},
		{op: "Unmarshal, any",
			stride: func() error { var v any; return stride.Unmarshal(s.data, &v) },
			json:   func() error { var v any; return json.Unmarshal(s.data, &v) }},
		{op: "read tokens",
			stride: func() error { r.Reset(s.data); return walkTokens(&r) },
			json:   func() error { return jsonTokens(s.data) }},
		{op: "write tokens",
			stride: func() error { w.Reset(nil); return writeTokens(&w, toks) }},
	}
	rows = append(rows, v2Rows(s, typed, untyped, toks)...)
	for i := range rows {
		rows[i].sample = s
		for _, f := range []func() error{rows[i].stride, rows[i].json} {
			if f == nil {
				continue
			}
			if err := f(); err != nil {
				return nil, fmt.Errorf("%s: %v", rows[i].op, err)
			}
		}
	}
	return rows, nil
}

// measurePair times a and b (b may be nil) in alternating rounds within d in all and returns the
// best time per call of each.
func measurePair(a, b func() error, d time.Duration) (ta, tb time.Duration) {
	const rounds = 4
	ta, tb = time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	per := d / rounds
	if b != nil {
		per /= 2
	}
	for range rounds {
		ta = min(ta, measure(a, per))
		if b != nil {
			tb = min(tb, measure(b, per))
		}
	}
	return ta, tb
}

// measure calls f in growing batches for about d and returns the time per call.
func measure(f func() error, d time.Duration) time.Duration {
	calls := 0
	start := time.Now()
	for batch := 1; ; batch = min(batch*2, 1<<16) {
		for range batch {
			f()
		}
		calls += batch
		if el := time.Since(start); el >= d {
			return el / time.Duration(calls)
		}
	}
}

// walkTokens reads every token r holds, decoding strings and numbers, as a hand-written decoder
// would.
func walkTokens(r *stream.Reader) error {
	var stack []bool // true: an object
	var objs []stream.ObjectIter
	var arrs []stream.ArrayIter
	for {
		switch r.Kind() {
		case stream.KindObject:
			objs = append(objs, r.Object())
			stack = append(stack, true)
		case stream.KindArray:
			arrs = append(arrs, r.Array())
			stack = append(stack, false)
		case stream.KindString:
			r.StringBytes()
		case stream.KindNumber:
			r.Float64()
		case stream.KindBool:
			r.Bool()
		default:
			r.Null()
		}
		for len(stack) > 0 {
			if stack[len(stack)-1] {
				if objs[len(objs)-1].Next() {
					break
				}
				objs = objs[:len(objs)-1]
			} else {
				if arrs[len(arrs)-1].Next() {
					break
				}
				arrs = arrs[:len(arrs)-1]
			}
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return r.End()
		}
	}
}

// jsonTokens reads every token of data with encoding/json's Decoder.Token.
func jsonTokens(data []byte) error {
	d := json.NewDecoder(bytes.NewReader(data))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// A token is one token of a document, for the token writer to write.
type token struct {
	kind  byte // '{', '}', '[', ']', 'k' (name), 's', 'n' (number), 't', 'f', 'z' (null)
	text  string
	value float64
}

// readTokens lists the tokens of data.
func readTokens(data []byte) ([]token, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var toks []token
	var inObj []bool
	expectName := false
	for {
		t, err := d.Token()
		if err == io.EOF {
			return toks, nil
		}
		if err != nil {
			return nil, err
		}
		isName := false
		switch v := t.(type) {
		case json.Delim:
			toks = append(toks, token{kind: byte(v)})
			switch v {
			case '{', '[':
				inObj = append(inObj, v == '{')
			default:
				inObj = inObj[:len(inObj)-1]
			}
		case string:
			isName = expectName
			if isName {
				toks = append(toks, token{kind: 'k', text: v})
			} else {
				toks = append(toks, token{kind: 's', text: v})
			}
		case json.Number:
			f, _ := v.Float64()
			toks = append(toks, token{kind: 'n', text: string(v), value: f})
		case bool:
			k := byte('f')
			if v {
				k = 't'
			}
			toks = append(toks, token{kind: k})
		case nil:
			toks = append(toks, token{kind: 'z'})
		}
		// A name is due next in an object, after '{' or a member's value.
		expectName = !isName && t != json.Delim('[') && len(inObj) > 0 && inObj[len(inObj)-1]
	}
}

// writeTokens writes toks with w, numbers from their float64 values.
func writeTokens(w *stream.Writer, toks []token) error {
	for i := range toks {
		t := &toks[i]
		switch t.kind {
		case '{':
			w.BeginObject()
		case '}':
			w.EndObject()
		case '[':
			w.BeginArray()
		case ']':
			w.EndArray()
		case 'k':
			w.Name(t.text)
		case 's':
			w.String(t.text)
		case 'n':
			w.Float64(t.value)
		case 't', 'f':
			w.Bool(t.kind == 't')
		case 'z':
			w.Null()
		}
	}
	return w.Err()
}
