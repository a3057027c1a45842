package codec

import "github.com/stridejson/stride/stream"

// unmarshal is the root package's Unmarshal, which is a DecodeState's Decode.
func unmarshal(data []byte, v any) error {
	d := DecodeState{Data: data}
	return d.Decode(v, false)
}

// marshal is the root package's MarshalOptions{Escaper: esc}.Marshal without indentation.
func marshal(v any, esc *stream.Escaper) ([]byte, error) {
	e := NewState(true)
	defer e.Free()
	e.SetEscaper(esc)
	if err := e.MarshalValue(v); err != nil {
		return nil, err
	}
	return append([]byte(nil), e.Buf...), nil
}
