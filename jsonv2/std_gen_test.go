//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"bytes"
	"encoding/binary"
	stdtext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// genV2 makes random Go types with v2's struct tag options (format, embed, case, omitzero,
// omitempty, string, and malformed or misplaced ones), random values of them, and inputs for
// them, for differential tests against encoding/json/v2.
type genV2 struct{ r *rand.Rand }

func newGenV2(seed uint64) *genV2 { return &genV2{rand.New(rand.NewPCG(seed, 19))} }

// Exported copies of the other tests' struct types, which reflect.StructOf can embed.
type (
	GInner       mInner
	GInnerPtr    mInnerPtr
	GFallback    mFallback
	GRawFallback mRawFallback
	GFold        uFold
	GFormat      mFormat
)

var (
	genScalars = []reflect.Type{
		reflect.TypeFor[bool](), reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int64](),
		reflect.TypeFor[uint](), reflect.TypeFor[uint8](), reflect.TypeFor[uint16](), reflect.TypeFor[float32](),
		reflect.TypeFor[float64](), reflect.TypeFor[string](), reflect.TypeFor[uStr](), reflect.TypeFor[[]byte](),
		reflect.TypeFor[[3]byte](), reflect.TypeFor[[]uByte](), reflect.TypeFor[time.Time](),
		reflect.TypeFor[time.Duration](), reflect.TypeFor[any](), reflect.TypeFor[stdtext.Value](),
		reflect.TypeFor[*int](),
	}
	// genNamed are named types for fields to embed or hold.
	genNamed = []reflect.Type{
		reflect.TypeFor[GInner](), reflect.TypeFor[GInnerPtr](), reflect.TypeFor[GFallback](),
		reflect.TypeFor[GRawFallback](), reflect.TypeFor[GFold](), reflect.TypeFor[GFormat](),
	}
	genNames = []string{"A", "B", "C", "X", "Y", "Raw"}
	// genTags apply to a field of any type.
	genTags = []string{"", "", "", `json:"a"`, `json:"A"`, `json:"x,omitzero"`, `json:",omitempty"`,
		`json:",omitzero,omitempty"`, `json:",string"`, `json:"-"`, `json:"-,"`, `json:",case:ignore"`,
		`json:"b,case:strict"`, `json:"'x,y'"`, `json:",embed"`, `json:",bogus"`, `json:"a,omitzero,omitzero"`,
		`json:",format:hex"`, `json:",format:emitnull"`, `json:"c,case:ignore,omitempty"`}
	// genFormats are format options by the kind of type they belong to; a field takes one of
	// its kind's, at times one of another's.
	genFormats = map[string][]string{
		"time":     {"RFC3339", "RFC3339Nano", "unix", "unixmilli", "unixnano", "'2006-01-02'", "Kitchen", "RFC1123Z", "DateOnly", "TimeOnly"},
		"duration": {"sec", "milli", "micro", "nano", "units", "iso8601"},
		"bytes":    {"base64", "base64url", "base32", "base32hex", "hex", "base16", "array"},
		"float":    {"nonfinite"},
		"mapslice": {"emitnull", "emitempty"},
		"other":    {"bogus", "'odd,comma'"},
	}
)

func (g *genV2) typ(depth int) reflect.Type {
	n := 6
	if depth > 2 {
		n = 2
	}
	switch g.r.IntN(n) {
	case 0, 1:
		return genScalars[g.r.IntN(len(genScalars))]
	case 2:
		return g.structType(depth + 1)
	case 3:
		if g.r.IntN(2) == 0 {
			return reflect.SliceOf(g.typ(depth + 1))
		}
		return reflect.ArrayOf(g.r.IntN(3), g.typ(depth+1))
	case 4:
		keys := []reflect.Type{reflect.TypeFor[string](), reflect.TypeFor[int16](), reflect.TypeFor[uint](), reflect.TypeFor[uStr]()}
		return reflect.MapOf(keys[g.r.IntN(len(keys))], g.typ(depth+1))
	case 5:
		if g.r.IntN(2) == 0 {
			return reflect.PointerTo(g.typ(depth + 1))
		}
		return genNamed[g.r.IntN(len(genNamed))]
	}
	panic("unreachable")
}

// formatKind names the formats a type of t takes.
func formatKind(t reflect.Type) string {
	switch {
	case t == reflect.TypeFor[time.Time]():
		return "time"
	case t == reflect.TypeFor[time.Duration]():
		return "duration"
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return "float"
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 || t.Kind() == reflect.Array && t.Elem().Kind() == reflect.Uint8:
		return "bytes"
	case t.Kind() == reflect.Map || t.Kind() == reflect.Slice:
		return "mapslice"
	}
	return "other"
}

func (g *genV2) tag(t reflect.Type) reflect.StructTag {
	if g.r.IntN(3) != 0 {
		return reflect.StructTag(genTags[g.r.IntN(len(genTags))])
	}
	kind := formatKind(t)
	if g.r.IntN(6) == 0 {
		kind = []string{"time", "duration", "bytes", "float", "mapslice", "other"}[g.r.IntN(6)]
	}
	fs := genFormats[kind]
	tag := `json:",format:` + fs[g.r.IntN(len(fs))]
	if g.r.IntN(4) == 0 {
		tag += ",omitzero"
	}
	return reflect.StructTag(tag + `"`)
}

func (g *genV2) structType(depth int) reflect.Type {
	var fs []reflect.StructField
	used := map[string]bool{}
	for range g.r.IntN(5) {
		var f reflect.StructField
		switch g.r.IntN(6) {
		case 0: // an embedded Go struct
			et := genNamed[g.r.IntN(len(genNamed))]
			if used[et.Name()] || len(fs) > 0 && reflect.PointerTo(et).NumMethod() > 0 {
				continue
			}
			f = reflect.StructField{Name: et.Name(), Type: et, Anonymous: true}
			if g.r.IntN(3) == 0 {
				f.Type = reflect.PointerTo(et)
			}
			used[f.Name] = true
			if g.r.IntN(2) == 0 {
				f.Tag = reflect.StructTag(genTags[g.r.IntN(len(genTags))])
			}
			fs = append(fs, f)
			continue
		case 1: // a fallback for unknown members, or something tagged embed that cannot be one
			fb := []reflect.Type{reflect.TypeFor[map[string]any](), reflect.TypeFor[map[string]int](),
				reflect.TypeFor[stdtext.Value](), reflect.TypeFor[*map[string]string](), reflect.TypeFor[map[uStr]bool](),
				reflect.TypeFor[mInner](), reflect.TypeFor[*mInner](), reflect.TypeFor[int]()}
			name := "Ex"
			if used[name] {
				name = "Ey"
			}
			if used[name] {
				continue
			}
			f = reflect.StructField{Name: name, Type: fb[g.r.IntN(len(fb))], Tag: `json:",embed"`}
		default:
			name := genNames[g.r.IntN(len(genNames))]
			if used[name] {
				continue
			}
			f = reflect.StructField{Name: name, Type: g.typ(depth)}
			f.Tag = g.tag(f.Type)
		}
		used[f.Name] = true
		fs = append(fs, f)
	}
	return reflect.StructOf(fs)
}

var genFragments = []string{"", "a", "<", "&", "\"", "\\", "\x00", "\u2028", "é", "😀", "x", "A", "Raw", "c"}

func (g *genV2) str() string {
	var b strings.Builder
	for range g.r.IntN(4) {
		b.WriteString(genFragments[g.r.IntN(len(genFragments))])
	}
	return b.String()
}

var genZones = []*time.Location{time.UTC, time.FixedZone("", 3600), time.FixedZone("", -5*3600-1800)}

// fill sets v, of any type genV2 makes, to a random value (valid UTF-8 and finite floats, so
// that what one package writes the other can read back).
func (g *genV2) fill(v reflect.Value, depth int) {
	if g.r.IntN(5) == 0 {
		return // the zero value
	}
	switch v.Type() {
	case reflect.TypeFor[time.Time]():
		sec := g.r.Int64N(4e9) - 1e9
		if g.r.IntN(2) == 0 {
			sec %= 86400
		}
		ns := int64(0)
		if g.r.IntN(2) == 0 {
			ns = g.r.Int64N(1e9)
		}
		v.Set(reflect.ValueOf(time.Unix(sec, ns).In(genZones[g.r.IntN(len(genZones))])))
		return
	case reflect.TypeFor[stdtext.Value]():
		vals := []string{`{"k":1}`, `[1,"x"]`, `null`, `"s"`, ` { "a" : [ true ] } `, `{"A":2,"z":{}}`}
		v.Set(reflect.ValueOf(stdtext.Value(vals[g.r.IntN(len(vals))])))
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := g.r.Int64N(1<<20) - 1<<19
		if g.r.IntN(4) == 0 {
			n = int64(g.r.Uint64())
		}
		if !v.OverflowInt(n) {
			v.SetInt(n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n := g.r.Uint64N(1 << 20)
		if !v.OverflowUint(n) {
			v.SetUint(n)
		}
	case reflect.Float32, reflect.Float64:
		fs := []float64{0.5, -1e-7, 3.14159, 1e21, 123456789, math.Copysign(0, -1), math.Inf(1), math.Inf(-1)}
		f := fs[g.r.IntN(len(fs))]
		if v.Kind() == reflect.Float32 {
			f = float64(float32(f))
		}
		v.SetFloat(f)
	case reflect.String:
		v.SetString(g.str())
	case reflect.Interface:
		if v.NumMethod() != 0 {
			return
		}
		switch g.r.IntN(4) {
		case 0:
			v.Set(reflect.ValueOf(g.str()))
		case 1:
			v.Set(reflect.ValueOf(float64(g.r.IntN(100))))
		case 2:
			v.Set(reflect.ValueOf(map[string]any{g.str(): []any{true, nil}}))
		case 3:
			v.Set(reflect.ValueOf([]any{g.str(), 1.5}))
		}
	case reflect.Pointer:
		if depth > 5 {
			return
		}
		p := reflect.New(v.Type().Elem())
		g.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		if depth > 5 {
			return
		}
		n := g.r.IntN(3)
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			g.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			g.fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		if depth > 5 {
			return
		}
		m := reflect.MakeMap(v.Type())
		for range g.r.IntN(3) {
			k := reflect.New(v.Type().Key()).Elem()
			g.fill(k, depth+1)
			e := reflect.New(v.Type().Elem()).Elem()
			g.fill(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				g.fill(v.Field(i), depth+1)
			}
		}
	}
}

// mutate changes a document a little: a name or a value replaced, a member added, bytes cut.
func (g *genV2) mutate(doc []byte) []byte {
	if len(doc) == 0 {
		return doc
	}
	out := bytes.Clone(doc)
	switch g.r.IntN(6) {
	case 0:
		return out[:g.r.IntN(len(out))]
	case 1: // a member added to the first object
		if i := bytes.IndexByte(out, '{'); i >= 0 {
			extra := []string{`"zz":1,`, `"a":"dup",`, `"A":[],`, `"raw":{"q":null},`, `"x":"2006-01-02",`}[g.r.IntN(5)]
			if bytes.HasPrefix(out[i+1:], []byte("}")) {
				extra = strings.TrimSuffix(extra, ",")
			}
			return append(out[:i+1], append([]byte(extra), out[i+1:]...)...)
		}
	case 2: // a scalar replaced
		i := g.r.IntN(len(out))
		for ; i < len(out); i++ {
			if c := out[i]; c == ':' || c == '[' {
				repl := []string{`"1"`, `1.5`, `-3`, `null`, `true`, `"AQID"`, `"1h2m"`, `"PT1S"`, `1e400`, `"Infinity"`, `[]`, `{}`}[g.r.IntN(12)]
				rest := out[i+1:]
				if end := bytes.IndexAny(rest, ",}]"); end >= 0 && !bytes.ContainsAny(rest[:end], "{[\"") {
					return append(out[:i+1], append([]byte(repl), rest[end:]...)...)
				}
				break
			}
		}
	case 3: // a name's case changed
		if i := bytes.IndexByte(out, '"'); i >= 0 && i+1 < len(out) {
			c := out[i+1]
			if 'a' <= c && c <= 'z' {
				out[i+1] = c - 32
			} else if 'A' <= c && c <= 'Z' {
				out[i+1] = c + 32
			}
		}
	}
	return out
}

// genUnmarshalSets are the option sets generated values are unmarshalled under (they are marshalled
// under marshalOptionSets).
func genUnmarshalSets() []optionSet {
	type set = optionSet
	return []set{
		{"default", nil, nil},
		{"MatchCaseInsensitiveNames", []Options{MatchCaseInsensitiveNames(true)}, []stdjson.Options{stdjson.MatchCaseInsensitiveNames(true)}},
		{"RejectUnknownMembers+StringifyNumbers", []Options{RejectUnknownMembers(true), StringifyNumbers(true)},
			[]stdjson.Options{stdjson.RejectUnknownMembers(true), stdjson.StringifyNumbers(true)}},
	}
}

// checkGenerated compares Marshal and MarshalWrite with the standard library's Marshal on the
// type and value seed makes, and Unmarshal and UnmarshalRead (a byte a read) with its Unmarshal
// on the standard output and on mutations of it, into a zero value and into a filled one.
func checkGenerated(t *testing.T, seed uint64, which uint8) {
	t.Helper()
	g := newGenV2(seed)
	typ := g.typ(0)
	pv := reflect.New(typ)
	g.fill(pv.Elem(), 0)
	msets := marshalOptionSets()
	ms := msets[int(which)%len(msets)]
	for _, v := range []any{pv.Interface(), pv.Elem().Interface()} {
		want, wantErr, panicked := stdMarshalRecover(v, ms.std)
		if panicked {
			continue
		}
		got, err := Marshal(v, ms.ours...)
		if g, w := describe(err), describe(wantErr); g != w || !bytes.Equal(got, want) {
			t.Fatalf("seed %d, %s: Marshal %v:\n got %s %s\nwant %s %s", seed, ms.name, typ, got, g, want, w)
		}
		var buf bytes.Buffer
		err = MarshalWrite(&buf, v, ms.ours...)
		if g, w := describe(err), describe(wantErr); g != w || err == nil && !bytes.Equal(buf.Bytes(), want) {
			t.Fatalf("seed %d, %s: MarshalWrite %v:\n got %s %s\nwant %s %s", seed, ms.name, typ, buf.Bytes(), g, want, w)
		}
	}
	doc, err, panicked := stdMarshalRecover(pv.Interface(), []stdjson.Options{stdjson.Deterministic(true)})
	if err != nil || panicked {
		doc = []byte(`{"A":1,"x":"s","Ex":{"k":2}}`)
	}
	usets := genUnmarshalSets()
	us := usets[int(which)%len(usets)]
	for _, in := range [][]byte{doc, g.mutate(doc), g.mutate(doc)} {
		for _, fresh := range []func() any{func() any { return reflect.New(typ).Interface() }, func() any {
			p := reflect.New(typ)
			newGenV2(seed).fill(p.Elem(), 0)
			return p.Interface()
		}} {
			got, want := fresh(), fresh()
			err := Unmarshal(in, got, us.ours...)
			wantErr, panicked := stdUnmarshalGen(in, want, us.std)
			if panicked {
				continue
			}
			if g, w := describeU(err), describeU(wantErr); g != w {
				t.Fatalf("seed %d, %s: Unmarshal %q into %v: error\n got %s\nwant %s", seed, us.name, in, typ, g, w)
			}
			// NOTE: what a value holds after a syntax error is not held to (as in the other
			// tests); after a semantic error it is.
			var se *stdtext.SyntacticError
			if !errors.As(wantErr, &se) && !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, %s: Unmarshal %q into %v:\n got %#v\nwant %#v", seed, us.name, in, typ, deref(got), deref(want))
			}
			got = fresh()
			err = UnmarshalRead(iotest.OneByteReader(bytes.NewReader(in)), got, us.ours...)
			if g, w := describeU(err), describeU(wantErr); g != w {
				t.Fatalf("seed %d, %s: UnmarshalRead %q into %v: error\n got %s\nwant %s", seed, us.name, in, typ, g, w)
			}
			if !errors.As(wantErr, &se) && !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, %s: UnmarshalRead %q into %v:\n got %#v\nwant %#v", seed, us.name, in, typ, deref(got), deref(want))
			}
		}
	}
}

// stdUnmarshalGen is stdjson.Unmarshal, telling a panic of it apart (which no differential
// check can hold Stride to).
func stdUnmarshalGen(in []byte, v any, opts []stdjson.Options) (err error, panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	return stdjson.Unmarshal(in, v, opts...), false
}

// TestGeneratedStd runs checkGenerated on a fixed range of seeds.
func TestGeneratedStd(t *testing.T) {
	n := uint64(3000)
	if testing.Short() {
		n = 500
	}
	for seed := range n {
		checkGenerated(t, seed, uint8(seed))
	}
}

func FuzzGeneratedStd(f *testing.F) {
	for i := range uint64(8) {
		f.Add(binary.LittleEndian.AppendUint64(nil, i), uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed []byte, which uint8) {
		var s uint64
		if len(seed) >= 8 {
			s = binary.LittleEndian.Uint64(seed)
		}
		checkGenerated(t, s, which)
	})
}
