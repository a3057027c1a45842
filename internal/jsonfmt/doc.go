// Package jsonfmt checks and reformats JSON text as encoding/json's Valid, Compact, Indent and
// HTMLEscape do: the front ends' functions of those names and the codecs (which check and compact
// a MarshalJSON method's output, validate Unmarshal's input and indent an Encoder's stream) share
// it. It reads through package stream's Reader, and returns encoding/json's own errors, built on
// the error path only.
package jsonfmt
