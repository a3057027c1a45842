package stride

import (
	"fmt"
	"reflect"
	"unicode"
	"unicode/utf8"

	"github.com/stridejson/stride/stream"
)

// A fieldDecoder is a struct member as the decoder finds it: by exact name first, then by folded
// name; names holds the Go names of the embedded structs on its path, for error messages.
type fieldDecoder struct {
	field
	dec   decoderFunc
	fast  fastKind
	names []string
	pos   int // in the struct's list, for RejectDuplicateNames
}

// newStructDecoder decodes an object into a struct, member by member; members with no field are
// skipped (or, with DisallowUnknownFields, reported); null leaves the struct as it is.
func newStructDecoder(t reflect.Type) decoderFunc {
	fs := structFields(t)
	list := make([]fieldDecoder, len(fs))
	exact := make(map[string]*fieldDecoder, len(fs))
	folded := make(map[string]*fieldDecoder, len(fs))
	for i, f := range fs {
		fd := &list[i]
		ft := t.FieldByIndex(f.index).Type
		*fd = fieldDecoder{field: f, dec: typeDecoder(ft), fast: fastDecodeKind(ft, f.quoted), pos: i}
		st := t
		for _, x := range f.index[:len(f.index)-1] {
			sf := st.Field(x)
			fd.names = append(fd.names, sf.Name)
			st = sf.Type
			if st.Kind() == reflect.Pointer {
				st = st.Elem()
			}
		}
		exact[f.name] = fd
		if k := string(foldName([]byte(f.name))); folded[k] == nil {
			folded[k] = fd // the first field of a folded name wins, as in encoding/json
		}
	}
	return func(d *decodeState, v reflect.Value) error {
		switch d.r.Kind() {
		case stream.KindNull:
			d.r.Null()
			return nil
		case stream.KindObject:
		default:
			d.mismatch(t)
			return nil
		}
		outerStruct, depth := d.errStruct, len(d.errFields)
		var seen fieldSet // with RejectDuplicateNames
		var fold []byte
		for obj := d.r.Object(); obj.Next(); {
			name := obj.Name()
			f := exact[string(name)]
			if f == nil && !d.caseSensitive {
				fold = appendFolded(fold[:0], name)
				f = folded[string(fold)]
			}
			if f == nil {
				if d.disallowUnknown {
					d.save(fmt.Errorf("json: unknown field %q", name))
				}
				continue // Next skips the value
			}
			if d.rejectDups && seen.add(f.pos) {
				return d.duplicateError(nameOffset(d.data, d.r.InputOffset()), string(name), "for field "+t.String()+"."+f.name)
			}
			fv, ok := fieldForDecode(d, v, f.index)
			if !ok {
				continue
			}
			d.errFields = append(append(d.errFields, f.names...), f.name)
			d.errStruct = t
			var err error
			switch {
			case f.quoted:
				err = decodeQuoted(d, fv, f.dec)
			case f.fast != fastNone && decodeFast(d, f.fast, fv):
			default:
				err = f.dec(d, fv)
			}
			d.errStruct, d.errFields = outerStruct, d.errFields[:depth]
			if err != nil {
				return err
			}
		}
		return nil
	}
}

// fieldForDecode follows index from struct v, allocating nil embedded pointers on the way; an
// embedded pointer to an unexported struct type cannot be allocated, which is saved as an error.
func fieldForDecode(d *decodeState, v reflect.Value, index []int) (reflect.Value, bool) {
	for k, i := range index {
		if k > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					d.save(fmt.Errorf("json: cannot set embedded pointer to unexported struct: %v", v.Type().Elem()))
					return v, false
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

// foldName returns name folded for case-insensitive matching: ASCII letters upper-cased, other
// runes mapped to the smallest rune of their simple folding orbit, as encoding/json folds.
func foldName(name []byte) []byte { return appendFolded(nil, name) }

func appendFolded(out, in []byte) []byte {
	for i := 0; i < len(in); {
		c := in[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(in[i:])
		for {
			r2 := unicode.SimpleFold(r)
			if r2 <= r {
				r = r2
				break
			}
			r = r2
		}
		out = utf8.AppendRune(out, r)
		i += n
	}
	return out
}
