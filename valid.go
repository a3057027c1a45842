package stride

import "github.com/stridejson/stride/internal/jsonfmt"

// Valid reports whether data is a valid JSON encoding.
func Valid(data []byte) bool { return jsonfmt.Valid(data) }
