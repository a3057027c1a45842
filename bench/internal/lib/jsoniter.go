package lib

import (
	"io"

	jsoniter "github.com/json-iterator/go"
)

// jsoniterLib is github.com/json-iterator/go with ConfigCompatibleWithStandardLibrary.
type jsoniterLib struct{}

func init() { register(jsoniterLib{}) }

var (
	jsoniterStd = jsoniter.ConfigCompatibleWithStandardLibrary
	// jsoniterNoHTML is the same configuration with HTML escaping off.
	jsoniterNoHTML = jsoniter.Config{EscapeHTML: false, SortMapKeys: true, ValidateJsonRawMessage: true}.Froze()
)

func (jsoniterLib) Info() Info {
	return Info{Name: "json-iterator", Module: "github.com/json-iterator/go",
		Note: "ConfigCompatibleWithStandardLibrary (EscapeHTML off for the HTML-off rows): Marshal/Unmarshal, NewDecoder(r).Decode from an io.Reader; strings written with a Stream (WriteString, or WriteStringWithHTMLEscaped for HTML on) into a reused buffer, read with an Iterator's ReadString"}
}

func (jsoniterLib) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	api := jsoniterNoHTML
	if html {
		api = jsoniterStd
	}
	st := api.BorrowStream(nil)
	var buf []byte
	return func(s string) ([]byte, error) {
		st.SetBuffer(buf[:0])
		if html {
			st.WriteStringWithHTMLEscaped(s)
		} else {
			st.WriteString(s)
		}
		buf = st.Buffer()
		return buf, st.Error
	}, true
}

func (jsoniterLib) NewStringReader() func([]byte) (string, error) {
	it := jsoniterStd.BorrowIterator(nil)
	return func(lit []byte) (string, error) {
		it.ResetBytes(lit)
		s := it.ReadString()
		return s, it.Error
	}
}

func (jsoniterLib) Unmarshal(data []byte, v any) error { return jsoniterStd.Unmarshal(data, v) }
func (jsoniterLib) Marshal(v any) ([]byte, error)      { return jsoniterStd.Marshal(v) }
func (jsoniterLib) MarshalEscapesHTML() bool           { return true }

func (jsoniterLib) Decode(r io.Reader, v any) error { return jsoniterStd.NewDecoder(r).Decode(v) }
