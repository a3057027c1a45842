package stride

import "github.com/stridejson/stride/internal/codec"

// v2Based reports whether the encoding/json this build matches is the one built on
// encoding/json/v2 (the build tag goexperiment.jsonv2; see internal/codec).
const v2Based = codec.V2Based
