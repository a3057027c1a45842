package jsonfmt

import (
	"sync"

	"github.com/stridejson/stride/stream"
)

// validators pools the Readers that validate input.
var validators = sync.Pool{New: func() any { return stream.NewReader(nil) }}

// Valid reports whether src is exactly one JSON value with optional white space around it.
// Like encoding/json it accepts invalid UTF-8 inside strings.
func Valid(src []byte) bool {
	r := validators.Get().(*stream.Reader)
	r.Reset(src)
	r.SkipValue()
	ok := r.End() == nil
	r.Reset(nil) // let go of src
	validators.Put(r)
	return ok
}
