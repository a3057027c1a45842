package stride

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Types with more than one method of interest, and value-receiver decoders.
type (
	BothM    struct{ S string }
	ValU     struct{ S string }
	TextOnly []byte
	StrM     string
)

func (b BothM) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (b BothM) MarshalText() ([]byte, error) { return []byte("text"), nil }
func (b *BothM) UnmarshalJSON(p []byte) error {
	b.S = "json:" + string(p)
	return nil
}
func (b *BothM) UnmarshalText(p []byte) error {
	b.S = "text:" + string(p)
	return nil
}
func (ValU) UnmarshalJSON([]byte) error { return errors.New("value receiver") }
func (t *TextOnly) UnmarshalText(p []byte) error {
	*t = append(TextOnly("t:"), p...)
	return nil
}
func (s StrM) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(s))), nil }

func TestMoreMethodCases(t *testing.T) {
	values := []any{
		BothM{"x"}, &BothM{}, map[BothM]int{{"k"}: 1}, []BothM{{}}, TextOnly("abc"), map[StrM]StrM{"a": "b"},
		struct {
			BothM
			X int
		}{}, struct{ I any }{I: &BothM{}}, map[string]any{"p": (*BothM)(nil)},
	}
	for _, v := range values {
		checkMarshal(t, "methods", v)
	}
	inputs := []string{`"s"`, `{"S":"a"}`, `[1]`, `null`, `12`, `{"k":1}`, `{"BothM":"x","X":2}`}
	fresh := []func() any{
		func() any { return new(BothM) }, func() any { return new(ValU) }, func() any { return new(TextOnly) },
		func() any { return new(map[BothM]int) },
		func() any { return new([]*BothM) }, func() any { return new(map[string]StrM) },
		func() any {
			return new(struct {
				BothM
				X int
			})
		},
		func() any { x := any(map[string]any{"old": 1}); return &x },
		func() any { x := any(BothM{}); return &x },
		func() any { x := any(&BothM{}); return &x },
		func() any { return new([2]byte) },
	}
	for _, in := range inputs {
		for _, f := range fresh {
			checkUnmarshal(t, []byte(in), f)
		}
	}
}

// TestNumberAndRawAliases checks that values of the aliased types pass between the packages.
func TestNumberAndRawAliases(t *testing.T) {
	var n json.Number = "1.50"
	var r json.RawMessage = []byte(`{"a":1}`)
	v := struct {
		N json.Number
		R json.RawMessage
	}{n, r}
	checkMarshal(t, "encoding/json types", v)
	checkUnmarshal(t, []byte(`{"N":1.50,"R":{"a" : 1}}`), func() any {
		return new(struct {
			N Number
			R RawMessage
		})
	})
}
