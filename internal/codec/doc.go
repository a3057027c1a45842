// Package codec is Stride's engine: the encoders and decoders of Go values, with encoding/json's
// semantics (the ones of the toolchain and experiment that build it: std_v1.go for Go 1.26's
// encoding/json, std_v2.go for the one Go 1.27 builds on encoding/json/v2).
//
// One encoder and one decoder function type per direction (encoderFunc, decoderFunc) work on a
// value by address, given a rawfield.Pointer to it (internal/rawfield holds the invariants of that
// walk). Marshal's value is reached through the interface that holds it, so nothing is copied;
// encKey records whether a value counts as addressable, for methods with pointer receivers, as
// encoding/json decides it. Each is built once per type, on first use, and cached in a sync.Map
// (cache.go); later calls read the cache without locking. Struct members are resolved once per type
// (fields.go), with every tag option; types.go holds the interface and special types both
// directions look for.
//
// Files go by direction and family: encode_*.go and decode_*.go for scalars, slices, maps, structs,
// methods and interfaces (encode_iface.go) and quoted (`string` option) values, and encode_addr.go
// and decode_addr.go for the walk by address; encode_policy.go prebuilds the escaping policies so
// that every Escaper takes the fast path; decode_check.go runs the checks of UnmarshalOptions
// (depth, strict strings, duplicate names) in the pass that decodes, and unmarshal_onepass.go says
// when a value may be decoded in that one pass.
//
// The front ends (the root package, and any other API built on the same engine) drive it through
// two states. An EncodeState is one Marshal or Encode call: NewState, MarshalValue, then Buf, or
// StreamTo for an io.Writer fed in bounded chunks. A DecodeState is one Unmarshal or Decode call
// over a jsonread.Cursor: Decode checks and decodes a whole input in memory, Unmarshal decodes the
// next value of a cursor the front end set up (over a stream it refills, for a Decoder); a front
// end that needs encoding/json/v2's errors of a stream implements Capturer. Nothing here knows a
// front end's types.
package codec
