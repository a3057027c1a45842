package stride

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/jsontest"

	"github.com/stridejson/stride/internal/faulty"
)

// TestJSONTestSuite holds Valid, Compact, Indent, Unmarshal (into any and with a Decoder fed in
// pieces) and Marshal of the result to encoding/json on every parsing case.
func TestJSONTestSuite(t *testing.T) {
	for name, data := range jsontest.SuiteCases(t) {
		if ok := Valid(data); (name[0] == 'y' && !ok) || (name[0] == 'n' && ok) {
			t.Errorf("%s: Valid = %v", name, ok)
		}
		checkFormat(t, data)
		checkUnmarshal(t, data, func() any { return new(any) })
		var got, want any
		err := NewDecoder(faulty.NewReader(data, 1, 3)).Decode(&got)
		wantErr := json.NewDecoder(strings.NewReader(string(data))).Decode(&want)
		if !sameError(err, wantErr) {
			t.Errorf("%s: Decoder error %v, want %v", name, err, wantErr)
		}
		if wantErr == nil {
			checkMarshal(t, name, want)
		}
	}
}
