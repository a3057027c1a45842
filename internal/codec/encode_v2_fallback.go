package codec

import (
	"reflect"
	"slices"
	"strings"

	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// A v2Fallback writes the members a struct's embedded fallback holds (a map of string keys, or a
// jsontext.Value holding an object) after its fields, as encoding/json/v2 does.
type v2Fallback struct {
	typ    reflect.Type // the field's type
	ptr    bool         // the field is a pointer to it
	raw    bool         // a jsontext.Value
	hops   []embedHop
	off    uintptr
	venc   encoderFunc // the map's values
	fields []v2Field   // the struct's fields, for duplicate names
}

func newV2Fallback(t reflect.Type, f *field, fields []v2Field) *v2Fallback {
	ft := t.FieldByIndex(f.index).Type
	fb := &v2Fallback{typ: indirectType(ft), ptr: ft.Kind() == reflect.Pointer && ft.Name() == "", fields: fields}
	fb.hops, fb.off = embedHops(t, f.index)
	fb.raw = isJSONTextValue(fb.typ)
	if !fb.raw {
		fb.venc = v2Encoder(fb.typ.Elem(), false)
	}
	return fb
}

// write writes the members, after a comma if after; written says which fields were written (nil
// where duplicate names are allowed).
func (fb *v2Fallback) write(e *EncodeState, base rawfield.Pointer, after bool, written []bool) error {
	p := base
	if fb.hops != nil {
		if p = follow(p, fb.hops); p == nil {
			return nil
		}
	}
	p = rawfield.Add(p, fb.off)
	if fb.ptr {
		if p = rawfield.Deref(p); p == nil {
			return nil
		}
	}
	var names map[string]bool // the fallback's names so far, where duplicates are checked
	if written != nil {
		names = map[string]bool{}
	}
	member := func(name string) error {
		if written != nil && !fb.unique(e, name, written, names) {
			ve := e.v2Fail(fb.typ, jsonread.ErrDuplicateName)
			ve.Syntactic, ve.tokens = true, []string{name}
			return ve
		}
		if after {
			e.put(',')
		}
		after = true
		return nil
	}
	if fb.raw {
		return fb.writeRaw(e, rawfield.Bytes(p), member, after)
	}
	m := rawfield.Value(fb.typ, p)
	if m.Len() == 0 {
		return nil
	}
	kt := fb.typ.Key()
	val := reflect.New(fb.typ.Elem()).Elem()
	vp := rawfield.Addr(val)
	one := func(key string) error {
		if err := member(key); err != nil {
			return err
		}
		if err := e.quoteV2(key, kt); err != nil {
			if ve, ok := err.(*V2Error); ok {
				ve.Syntactic = false // encoding/json/v2 reports the bare cause here
			}
			return err
		}
		e.put(':')
		forced := e.forced
		e.forced = true // a map's values are copied to be addressable
		err := fb.venc(e, vp)
		e.forced = forced
		if err != nil {
			return within(err, key)
		}
		e.maybeFlush()
		return nil
	}
	if !e.v2.Deterministic {
		var it reflect.MapIter
		for it.Reset(m); it.Next(); {
			val.SetIterValue(&it)
			if err := one(it.Key().String()); err != nil {
				return err
			}
		}
		return nil
	}
	keys := make([]string, 0, m.Len())
	for _, k := range m.MapKeys() {
		keys = append(keys, k.String())
	}
	slices.Sort(keys)
	key := reflect.New(kt).Elem()
	for _, k := range keys {
		key.SetString(k)
		val.Set(m.MapIndex(key))
		if err := one(k); err != nil {
			return err
		}
	}
	return nil
}

// writeRaw writes the members of the object raw holds (nothing for an empty Value). An error in
// raw is reported as jsontext reads raw on its own (CheckRaw), where the reading stopped.
func (fb *v2Fallback) writeRaw(e *EncodeState, raw []byte, member func(string) error, after bool) error {
	if len(raw) == 0 {
		return nil
	}
	fail := func(err error) error {
		if cerr := e.v2.CheckRaw(raw); cerr != nil {
			err = cerr
		}
		return e.v2Fail(fb.typ, err)
	}
	var r stream.Reader
	r.Reset(raw)
	if r.Kind() != stream.KindObject {
		if after {
			e.put(',') // the error is after the comma the member would follow
		}
		if r.Err() != nil {
			return fail(r.Err())
		}
		return e.v2Fail(fb.typ, errRawEmbedNotObject)
	}
	for obj := r.Object(); obj.Next(); {
		name := string(obj.Name())
		if err := member(name); err != nil {
			return err
		}
		if err := e.quoteV2(name, fb.typ); err != nil {
			return err
		}
		e.put(':')
		vraw := r.Raw()
		if r.Err() != nil {
			return within(fail(r.Err()), name)
		}
		out, err := e.v2.RawValue(e.Buf, vraw, e.v2.Opts)
		if err != nil {
			return within(e.v2Fail(fb.typ, err), name)
		}
		e.took(out)
	}
	if r.Err() != nil {
		return fail(r.Err())
	}
	return nil
}

// unique reports whether a member of the fallback named name may be written: no field written
// has that name (or, where names match case-insensitively, its folded form), and no member of
// the fallback before it. A field it matches counts as written from then on.
func (fb *v2Fallback) unique(e *EncodeState, name string, written []bool, names map[string]bool) bool {
	for i := range fb.fields {
		if fb.fields[i].name == name {
			if written[i] {
				return false
			}
			written[i] = true
			return true
		}
	}
	folded := foldNameV2(name)
	for i := range fb.fields {
		f := &fb.fields[i]
		if f.matchFolded(name, folded, e.v2.FoldNames, e.v2.ExactDelims) {
			if written[i] {
				return false
			}
			written[i] = true
			return true
		}
	}
	if names[name] {
		return false
	}
	names[name] = true
	return true
}

// foldNameV2 folds a name as encoding/json/v2 matches names case-insensitively: as foldName,
// with '_' and '-' left out.
func foldNameV2(s string) string {
	var buf [32]byte
	out := buf[:0]
	for i := 0; i < len(s); {
		j := strings.IndexAny(s[i:], "_-")
		if j < 0 {
			j = len(s) - i
		}
		out = appendFolded(out, []byte(s[i:i+j]))
		i += j + 1
	}
	return string(out)
}

// matchFolded reports whether the member name, which folds to folded, matches the field under
// case-insensitive matching (by its `case` option, or fold when it has none). With exactDelims
// (MatchCaseSensitiveDelimiter) the '_' and '-' of the two must agree as well.
func (f *field) matchFolded(name, folded string, fold, exactDelims bool) bool {
	if f.casing != caseIgnore && (!fold || f.casing == caseStrict) || f.folded != folded {
		return false
	}
	return !exactDelims || strings.EqualFold(name, f.name)
}
