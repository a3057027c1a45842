package stride

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Pointer and interface cycles, which must never be followed for ever: decoding through them and
// marshaling them. Where encoding/json follows them for ever or crashes, the test says what Stride
// does instead.

type (
	cycleP      *cycleP // a pointer type that points to itself
	cycleIface  struct{ X any }
	cycleStruct struct {
		X any
		Y int
	}
	cycleNode struct {
		Next *cycleNode
		N    int
	}
	cycleMapHolder struct {
		M map[string]any
	}
)

// A cycleCase decodes in into the value fresh makes (target is what Unmarshal is given, root what
// to look at afterwards).
type cycleCase struct {
	name  string
	in    string
	fresh func() (target, root any)
	// go126 is Go 1.26's result, root marshaled and the error (see cycleResult), for builds whose
	// encoding/json crashes on the case; on other builds the test checks it against encoding/json.
	go126 string
}

func selfAny() (any, any) {
	v := new(any)
	*v = v
	return *v, v
}

func selfAnyAddr() (any, any) {
	v := new(any)
	*v = v
	return v, v
}

var cycleCases = []cycleCase{
	{"v=&v object", `{"a":"b"}`, selfAny, `{"a":"b"} <nil>`},
	{"v=&v array", ` [1,"x",null]`, selfAny, `[1,"x",null] <nil>`},
	{"v=&v number", `12`, selfAny, `12 <nil>`},
	{"v=&v string", `"s"`, selfAny, `"s" <nil>`},
	{"v=&v true", `true`, selfAny, `true <nil>`},
	{"v=&v null", `null`, selfAny, `null <nil>`},
	{"&v, v=&v object", `{"a":[{}]}`, selfAnyAddr, `{"a":[{}]} <nil>`},
	{"&v, v=&v null", `null`, selfAnyAddr, `null <nil>`},
	{"struct member X=&X", `{"X":{"a":1}}`, func() (any, any) {
		s := new(cycleIface)
		s.X = &s.X
		return s, s
	}, `{"X":{"a":1}} <nil>`},
	{"struct member X=&X, null", `{"X":null}`, func() (any, any) {
		s := new(cycleIface)
		s.X = &s.X
		return s, s
	}, `{"X":null} <nil>`},
	{"slice element s[0]=&s[0]", `[{"a":1},3]`, func() (any, any) {
		s := []any{nil, 2}
		s[0] = &s[0]
		return &s, &s
	}, `[{"a":1},3] <nil>`},
	{"pointer to a self-pointing interface", `[true]`, func() (any, any) {
		v := new(any)
		*v = v
		p := &v
		return &p, v
	}, `[true] <nil>`},
}

// cycleResult describes root after decoding, and the error, with encoding/json's Marshal (the
// roots of the cases hold no cycle by then).
func cycleResult(root any, err error) string {
	b, merr := json.Marshal(root)
	if merr != nil {
		return "Marshal: " + merr.Error()
	}
	return string(b) + " " + errString(err)
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

func TestDecodeIntoCycle(t *testing.T) {
	for _, c := range cycleCases {
		want := c.go126
		if !stdCrashesOnCycles {
			target, root := c.fresh()
			want = cycleResult(root, json.Unmarshal([]byte(c.in), target))
			if want != c.go126 {
				t.Errorf("%s: encoding/json gives %s, the written Go 1.26 result is %s", c.name, want, c.go126)
			}
		}
		target, root := c.fresh()
		if got := cycleResult(root, Unmarshal([]byte(c.in), target)); got != want {
			t.Errorf("%s: Unmarshal gives %s, want %s", c.name, got, want)
		}
		target, root = c.fresh()
		if got := cycleResult(root, NewDecoder(strings.NewReader(c.in)).Decode(target)); got != want {
			t.Errorf("%s: Decode gives %s, want %s", c.name, got, want)
		}
		target, root = c.fresh()
		dec := NewDecoder(strings.NewReader(c.in))
		dec.SetOptions(UnmarshalOptions{RejectDuplicateNames: true})
		if got := cycleResult(root, dec.Decode(target)); got != want {
			t.Errorf("%s: Decode with options gives %s, want %s", c.name, got, want)
		}
	}
}

// TestDecodeThroughCycleAgain checks that an interface met again further on in the input, which
// encoding/json follows again, is not taken for a cycle.
func TestDecodeThroughCycleAgain(t *testing.T) {
	for _, in := range []string{`{"X":{"X":{"Y":3},"Y":2}}`, `{"X":{"X":{"X":{}}}}`, `{"X":null}`} {
		checkUnmarshal(t, []byte(in), func() any {
			s := new(cycleStruct)
			s.X = s
			return s
		})
	}
}

// TestDecodeEndlessCycles covers cycles that Go 1.26's encoding/json follows for ever (it hangs)
// and Go 1.27's overflows the stack on: Stride's own results, which no encoding/json gives.
func TestDecodeEndlessCycles(t *testing.T) {
	// Two interfaces that point to each other: the one where the cycle closes, a, gets the value.
	a, b := new(any), new(any)
	*a, *b = b, a
	if err := Unmarshal([]byte(`{"k":1}`), a); err != nil || !reflect.DeepEqual(*a, map[string]any{"k": 1.0}) || *b != any(a) {
		t.Errorf("a=&b, b=&a: got a=%v b=%v, error %v", *a, *b, err)
	}
	// A pointer type that points to itself holds nothing but null.
	pType := reflect.TypeFor[cycleP]()
	for _, in := range []string{`1`, `"s"`, `{}`, `[null]`, `true`} {
		for _, self := range []bool{false, true} {
			var p cycleP
			if self {
				p = &p
			}
			err := Unmarshal([]byte(in), &p)
			te, ok := err.(*UnmarshalTypeError)
			if !ok || te.Type != pType {
				t.Errorf("Unmarshal(%s) into cycleP (self %v): error %v, want an UnmarshalTypeError for %v", in, self, err, pType)
			}
			var holder struct{ P *cycleP }
			if err := Unmarshal([]byte(`{"P":`+in+`}`), &holder); err == nil {
				t.Errorf("Unmarshal(%s) into *cycleP: no error", in)
			}
		}
	}
	var p cycleP
	p = &p
	if err := Unmarshal([]byte(`null`), &p); err != nil || p != nil {
		t.Errorf("null into p=&p: p=%v, error %v", p, err)
	}
}

// A cycleValue is a cyclic value to marshal; throughPointer says the cycle closes through a
// pointer, on which Go 1.27's encoding/json overflows the stack: go126 is then Go 1.26's error.
type cycleValue struct {
	name           string
	v              func() any
	throughPointer bool
	go126          string
}

var cycleValues = []cycleValue{
	{"v=&v", func() any { v, _ := selfAny(); return v }, true, "json: unsupported value: encountered a cycle via *interface {}"},
	{"a=&b, b=&a", func() any {
		a, b := new(any), new(any)
		*a, *b = b, a
		return *a
	}, true, "json: unsupported value: encountered a cycle via *interface {}"},
	{"p=&p", func() any {
		var p cycleP
		p = &p
		return p
	}, true, "json: unsupported value: encountered a cycle via stride.cycleP"},
	{"&pv, pv=&v, v=pv", func() any {
		var v any
		pv := &v
		v = pv
		return &pv
	}, true, "json: unsupported value: encountered a cycle via *interface {}"},
	{"n.Next=&n", func() any {
		n := new(cycleNode)
		n.Next = n
		return n
	}, true, "json: unsupported value: encountered a cycle via *stride.cycleNode"},
	{"struct member X=&s", func() any {
		s := new(cycleStruct)
		s.X = s
		return s
	}, true, "json: unsupported value: encountered a cycle via *stride.cycleStruct"},
	{"m[x]=m", func() any {
		m := map[string]any{}
		m["x"] = m
		return m
	}, false, "json: unsupported value: encountered a cycle via map[string]interface {}"},
	{"map member holding its struct", func() any {
		h := &cycleMapHolder{M: map[string]any{}}
		h.M["h"] = h
		return h
	}, true, "json: unsupported value: encountered a cycle via *stride.cycleMapHolder"},
	{"s[0]=s", func() any {
		s := []any{nil}
		s[0] = s
		return s
	}, false, "json: unsupported value: encountered a cycle via []interface {}"},
	{"s[1]=&s", func() any {
		s := []any{1, nil}
		s[1] = &s
		return s
	}, true, "json: unsupported value: encountered a cycle via []interface {}"},
}

func TestMarshalCycle(t *testing.T) {
	for _, c := range cycleValues {
		if !stdCrashesOnCycles || !c.throughPointer {
			_, err := json.Marshal(c.v())
			if err == nil || err.Error() != c.go126 {
				t.Errorf("%s: encoding/json's error %v, the written Go 1.26 one %s", c.name, err, c.go126)
			}
			checkMarshal(t, c.name, c.v())
			continue
		}
		v := c.v()
		if _, err := Marshal(v); errString(err) != c.go126 {
			t.Errorf("%s: Marshal error %v, want %s", c.name, err, c.go126)
		} else if _, ok := err.(*UnsupportedValueError); !ok {
			t.Errorf("%s: Marshal error %T, want *UnsupportedValueError", c.name, err)
		}
		if _, err := MarshalIndent(v, "", " "); errString(err) != c.go126 {
			t.Errorf("%s: MarshalIndent error %v, want %s", c.name, err, c.go126)
		}
		if err := NewEncoder(new(strings.Builder)).Encode(v); errString(err) != c.go126 {
			t.Errorf("%s: Encode error %v, want %s", c.name, err, c.go126)
		}
	}
}
