package codec

import (
	"testing"

	"github.com/stridejson/stride/stream"
)

// TestPolicyBase64 checks which policies write base64 text without the Escaper, and that either
// way the bytes are those of the slow path, which quotes the text under the Escaper.
func TestPolicyBase64(t *testing.T) {
	v := struct {
		B []byte
		A [][]byte
	}{[]byte{0xfb, 0xff, 0xbf, 'Z', '=', '/'}, [][]byte{{0xff}, {}, nil, []byte("'<>&")}}
	for _, tc := range []struct {
		esc *stream.Escaper
		raw bool
	}{
		{stream.Minimal, true}, {stream.NewEscaper(stream.EscapeNonASCII|stream.EscapeHTML, ""), true},
		{stream.NewEscaper(stream.EscapeSlash, ""), false}, {stream.NewEscaper(0, "="), false},
		{stream.NewEscaper(0, "Z"), false}, {stream.NewEscaper(0, "'"), true},
	} {
		if got := policyOf(tc.esc).base64Raw; got != tc.raw {
			t.Errorf("%#v: base64Raw %v, want %v", tc.esc, got, tc.raw)
		}
		got, err := marshal(v, tc.esc)
		want, werr := MarshalSlow(v, tc.esc)
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("%#v: %s, %v; the slow path gives %s, %v", tc.esc, got, err, want, werr)
		}
	}
}
