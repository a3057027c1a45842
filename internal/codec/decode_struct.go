package codec

import (
	"fmt"
	"reflect"
	"unicode"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// A fieldDecoder is a struct member as the decoder finds it: by exact name first, then by folded
// name; path holds the Go names of the embedded structs on its path and then the member name, for
// error messages.
type fieldDecoder struct {
	field
	dec   decoderFunc
	fast  fastKind
	ftype reflect.Type // the member's type
	path  []string
	pos   int // in the struct's list, for RejectDuplicateNames

	// Where the member is from the struct's address: the embedded pointers to follow in turn
	// (nil for a member of the struct itself, or of structs embedded by value), then its offset
	// from there, and its size.
	hops      []embedHop
	off, size uintptr
}

// follow follows hops from the struct at p, allocating nil embedded pointers on the way, and
// returns where the last leads; an embedded pointer to an unexported struct type cannot be
// allocated, which is saved as an error (false).
func (d *DecodeState) follow(p rawfield.Pointer, hops []embedHop) (rawfield.Pointer, bool) {
	for _, h := range hops {
		at := rawfield.Add(p, h.off)
		if p = rawfield.Deref(at); p == nil {
			if !h.set {
				d.save(fmt.Errorf("json: cannot set embedded pointer to unexported struct: %v", h.elem))
				return nil, false
			}
			p = rawfield.New(h.elem)
			rawfield.SetPointer(at, p)
		}
	}
	return p, true
}

// A fieldTable finds a struct's members: by exact name (see fieldNames), or folded.
type fieldTable struct {
	list   []fieldDecoder
	names  *fieldNames              // of the members in list
	folded map[string]*fieldDecoder // by folded name (see foldName)
}

// exact returns the member named name exactly, or nil; next is the position to try first.
func (t *fieldTable) exact(name []byte, next int) *fieldDecoder {
	if i := t.names.find(name, next); i >= 0 {
		return &t.list[i]
	}
	return nil
}

// fold returns the member whose name folds as name does, or nil.
func (t *fieldTable) fold(name []byte) *fieldDecoder {
	var buf [64]byte // most names fit: no allocation
	return t.folded[string(appendFolded(buf[:0], name))]
}

// newStructDecoder decodes an object into a struct, member by member; members with no field are
// skipped (or, with DisallowUnknownFields, reported); null leaves the struct as it is. Plain
// scalar members are stored by decodeAt, the rest by their decoders.
func newStructDecoder(t reflect.Type) decoderFunc {
	fs := structFields(t)
	tab := &fieldTable{list: make([]fieldDecoder, len(fs)), folded: make(map[string]*fieldDecoder, len(fs))}
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.name
		fd := &tab.list[i]
		ft := t.FieldByIndex(f.index).Type
		*fd = fieldDecoder{field: f, dec: typeDecoder(ft), ftype: ft, size: ft.Size(), pos: i}
		if !f.quoted {
			fd.fast = fastDecodeKind(ft, false)
		}
		fd.hops, fd.off = embedHops(t, f.index)
		st := t
		for _, x := range f.index[:len(f.index)-1] {
			sf := st.Field(x)
			fd.path = append(fd.path, sf.Name)
			st = sf.Type
			if st.Kind() == reflect.Pointer {
				st = st.Elem()
			}
		}
		fd.path = append(fd.path, f.name)
		if k := string(foldName([]byte(f.name))); tab.folded[k] == nil {
			tab.folded[k] = fd // the first field of a folded name wins, as in encoding/json
		}
	}
	tab.names = newFieldNames(names)
	return func(d *DecodeState, base rawfield.Pointer) error {
		switch d.kind() {
		case stream.KindNull:
			d.R.Null()
			return nil
		case stream.KindObject:
		default:
			d.mismatch(t)
			return nil
		}
		outerStruct, depth := d.errStruct, len(d.errFields)
		var seen fieldSet // with RejectDuplicateNames
		next := 0
		obj := d.R.Object()
		if d.R.CheckDups {
			d.R.NamesByFields() // the fields seen, and the names of no field (see below)
		}
		for obj.NextKey(&tab.names.keys[next]) {
			name := obj.Name()
			var f *fieldDecoder
			if d.R.Hit {
				f = &tab.list[next]
			} else {
				f = tab.exact(name, next)
			}
			if f == nil && !d.CaseSensitive {
				f = tab.fold(name)
			}
			if f == nil {
				if d.R.CheckDups {
					d.R.UnknownName()
				}
				if d.DisallowUnknown {
					d.save(fmt.Errorf("json: unknown field %q", name))
				}
				continue // Next skips the value
			}
			next = f.pos + 1
			// In the one pass with checkDups too: a name repeated exactly sets its field twice;
			// the check that runs on the error path then reports it as a Reader does.
			if d.RejectDups && seen.add(f.pos) {
				return d.duplicateError(nameOffset(d.Data, d.R.InputOffset()), string(name), "for field "+t.String()+"."+f.name)
			}
			p := base
			if f.hops != nil {
				var ok bool
				if p, ok = d.follow(p, f.hops); !ok {
					continue
				}
			}
			p = rawfield.Add(p, f.off)
			if f.fast != fastNone && decodeAt(d, f.fast, p, f.size) {
				continue
			}
			d.errFields = append(d.errFields, f)
			d.errStruct = t
			var err error
			if f.quoted {
				err = decodeQuoted(d, f.ftype, p, f.dec)
			} else {
				err = f.dec(d, p)
			}
			if err != nil {
				// The context stays for unmarshal to add to a *json.UnmarshalTypeError that
				// UnmarshalJSON or UnmarshalText returned, as encoding/json's does.
				return err
			}
			d.errStruct, d.errFields = outerStruct, d.errFields[:depth]
		}
		return nil
	}
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
