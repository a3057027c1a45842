package stride

import (
	"sync"

	"github.com/stridejson/stride/stream"
)

// Valid reports whether data is a valid JSON encoding.
func Valid(data []byte) bool { return validate(data) }

// validators pools the Readers that validate input. Decoding reads the checked input with a
// cursor (see internal/jsonread), from a pool of its own.
var validators = sync.Pool{New: func() any { return stream.NewReader(nil) }}

// validate reports whether src is exactly one JSON value with optional white space around it.
// Like encoding/json it accepts invalid UTF-8 inside strings.
func validate(src []byte) bool {
	r := validators.Get().(*stream.Reader)
	r.Reset(src)
	r.SkipValue()
	ok := r.End() == nil
	r.Reset(nil) // let go of src
	validators.Put(r)
	return ok
}
