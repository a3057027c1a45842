package codec

import (
	"math"
	"strconv"
	"sync"

	"github.com/stridejson/stride/internal/jsonfmt"
	"github.com/stridejson/stride/stream"
)

// The error path of UnmarshalOptions' checks: the decoders check them in the pass that decodes
// (see internal/jsonread), and when one fails, CheckStrict finds the Reader's error for the input.

// DefaultMaxDepth is encoding/json's nesting limit, which validate and the pooled Readers apply.
const DefaultMaxDepth = 10_000

// optionPools holds a pool of the Readers that check input per ReaderOptions.
var optionPools sync.Map // stream.ReaderOptions to *sync.Pool

func optionPool(opts stream.ReaderOptions) *sync.Pool {
	k := opts
	if p, ok := optionPools.Load(k); ok {
		return p.(*sync.Pool)
	}
	p, _ := optionPools.LoadOrStore(k, &sync.Pool{New: func() any { return stream.NewReader(nil, opts) }})
	return p.(*sync.Pool)
}

// CheckStrict checks that data is one JSON value that passes the checks of opts. A value that
// breaks JSON's grammar gets encoding/json's error, as from Unmarshal; one that breaks only a
// limit or rule of opts gets the Reader's *stream.SyntaxError.
func CheckStrict(data []byte, opts stream.ReaderOptions) error {
	pool := optionPool(opts)
	r := pool.Get().(*stream.Reader)
	r.Reset(data)
	r.SkipValue()
	err := r.End()
	r.Reset(nil) // let go of data
	pool.Put(r)
	if err == nil {
		return nil
	}
	if !grammatical(stream.NewReader(data, GrammarOptions)) {
		return jsonfmt.SyntaxError(data)
	}
	if perr := Walk(stream.NewReader(data, opts)); perr != nil {
		return perr // the same error, with the JSON Pointer SkipValue does not track
	}
	return err
}

// Walk reads the value of r container by container (without recursion: the open iterators are
// on a slice) and returns the first error, which then carries the JSON Pointer of where it was
// found. It runs on the error path only.
func Walk(r *stream.Reader) error {
	type open struct {
		obj stream.ObjectIter
		arr stream.ArrayIter
	}
	var stack []open
	for {
		switch r.Kind() {
		case stream.KindObject:
			stack = append(stack, open{obj: r.Object()})
		case stream.KindArray:
			stack = append(stack, open{arr: r.Array()})
		default:
			r.SkipValue()
		}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.obj.Next() || top.arr.Next() {
				break
			}
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 || r.Err() != nil {
			return r.Err()
		}
	}
}

// GrammarOptions check the grammar alone: no depth limit (SkipValue needs no stack for depth).
var GrammarOptions = stream.ReaderOptions{MaxDepth: math.MaxInt, MaxTokenSize: math.MaxInt}

// grammatical reports whether r holds one value of valid JSON and nothing else.
func grammatical(r *stream.Reader) bool {
	return r.More() && r.SkipValue() == nil && r.End() == nil
}

// SizeError reports input beyond MaxInputSize, at input offset base+limit.
func SizeError(limit, base int64) error {
	return &stream.SyntaxError{Offset: base + limit,
		Msg: "input exceeds the limit of " + strconv.FormatInt(limit, 10) + " bytes"}
}
