package codec

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"

	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// newMapDecoder decodes an object into a map, adding to the entries it has (a nil map is made
// first); null sets the map to nil. Keys are converted as encoding/json converts them: with
// UnmarshalText when the key's pointer has it, else as strings or decimal integers. UnmarshalJSON
// alone is never called for a key; a key type with UnmarshalText too gets UnmarshalJSON instead,
// given the key as it is in the input, quotes included (Go 1.26's literalStore; see
// keyJSONWithText).
func newMapDecoder(t reflect.Type) decoderFunc {
	kt := t.Key()
	pk := reflect.PointerTo(kt)
	keyText := pk.Implements(textUnmarshalerType)
	keyJSON := keyJSONWithText && keyText && pk.Implements(unmarshalerType)
	numKey := !keyText && kt.Kind() != reflect.String
	switch kt.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
	default:
		if !keyText && V2Based {
			// NOTE: the v2-based encoding/json decodes a key of any other type from its string
			// (a float, a struct with UnmarshalJSON, ...), and fails only for a member it
			// cannot: such maps are left to it.
			return func(d *DecodeState, p rawfield.Pointer) error {
				return d.ended(d.stdDecode(d.R.Raw(), reflect.NewAt(t, p).Interface()))
			}
		}
		if !keyText {
			return func(d *DecodeState, p rawfield.Pointer) error {
				if d.kind() == stream.KindNull {
					d.R.Null()
					rawfield.SetPointer(p, nil) // a map is a pointer
					return nil
				}
				d.mismatch(t)
				return nil
			}
		}
	}
	elem := newElemDecoder(t.Elem())
	if t == reflect.TypeFor[map[string]string]() {
		return stringMapDecoder(elem)
	}
	// Keys that are not plain strings can be spelled twice (1 and 01): RejectDuplicateNames
	// checks the keys of these against the ones this object set.
	keyDups := keyText || kt.Kind() != reflect.String
	return func(d *DecodeState, p rawfield.Pointer) error {
		switch d.kind() {
		case stream.KindNull:
			d.R.Null()
			rawfield.SetPointer(p, nil) // a map is a pointer
			return nil
		case stream.KindObject:
		default:
			d.mismatch(t)
			return nil
		}
		v := rawfield.Value(t, p)
		if v.IsNil() {
			v.Set(reflect.MakeMap(t))
		}
		var val, kv reflect.Value // reused: SetMapIndex copies them into the map
		var set map[any]struct{}  // keys set, with RejectDuplicateNames and keyDups
		for obj := d.R.Object(); ; {
			before := d.R.InputOffset()
			if !obj.Next() {
				break
			}
			key := d.R.Intern(obj.Name())
			// A number key is parsed before the value, so that the offset of its error is found
			// while the key is still in the input (a Decoder may drop it as it reads the value);
			// the error is saved after the value's, as encoding/json saves it.
			var ni int64
			var nu uint64
			var err error
			numBad := false
			switch {
			case !numKey:
			case kt.Kind() <= reflect.Int64:
				ni, err = strconv.ParseInt(key, 10, 64)
				numBad = err != nil || reflect.Zero(kt).OverflowInt(ni)
			default:
				nu, err = strconv.ParseUint(key, 10, 64)
				numBad = err != nil || reflect.Zero(kt).OverflowUint(nu)
			}
			var keyAt int64
			if numBad || d.RejectDups {
				keyAt = d.keyOffset(before)
			}
			if numBad && V2Based {
				// The v2-based encoding/json reports a bad key before its value, which it
				// does not decode.
				d.keyError(key, kt, keyAt)
				d.R.SkipValue()
				continue
			}
			var raw []byte // the key as it is in the input, for UnmarshalJSON
			if keyJSON {
				raw = d.rawKey(before, key)
			}
			if !val.IsValid() {
				val = reflect.New(t.Elem()).Elem()
			} else {
				val.SetZero()
			}
			if err := elem.decode(d, rawfield.Addr(val)); err != nil {
				return err
			}
			if !kv.IsValid() && !keyText {
				kv = reflect.New(kt).Elem()
			}
			switch {
			case keyText:
				p := reflect.New(kt)
				var err error
				if keyJSON {
					err = p.Interface().(json.Unmarshaler).UnmarshalJSON(raw)
				} else {
					err = p.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(key))
				}
				if err != nil {
					if err = d.ended(err); err != nil {
						return err
					}
					continue
				}
				kv = p.Elem()
			case kt.Kind() == reflect.String:
				kv.SetString(key)
			case numBad:
				d.keyError(key, kt, keyAt)
				continue
			case kt.Kind() <= reflect.Int64:
				kv.SetInt(ni)
			default:
				kv.SetUint(nu)
			}
			if keyDups && d.RejectDups {
				if set == nil {
					set = make(map[any]struct{})
				}
				k := kv.Interface()
				if _, dup := set[k]; dup {
					return d.duplicateError(keyAt-1, key, "for map key "+fmt.Sprint(k))
				}
				set[k] = struct{}{}
			}
			v.SetMapIndex(kv, val)
		}
		return nil
	}
}

// stringMapDecoder decodes an object into a map[string]string as the general map decoder does,
// setting the entries of string values directly rather than through reflect.
func stringMapDecoder(elem elemDecoder) decoderFunc {
	t := reflect.TypeFor[map[string]string]()
	return func(d *DecodeState, p rawfield.Pointer) error {
		switch d.kind() {
		case stream.KindNull:
			d.R.Null()
			rawfield.SetPointer(p, nil) // a map is a pointer
			return nil
		case stream.KindObject:
		default:
			d.mismatch(t)
			return nil
		}
		v := rawfield.Value(t, p)
		if v.IsNil() {
			v.Set(reflect.MakeMap(t))
		}
		m := v.Interface().(map[string]string)
		for obj := d.R.Object(); obj.Next(); {
			key := d.R.Intern(obj.Name())
			if d.R.Peek() == '"' {
				m[key] = readString(d.R)
				continue
			}
			// null or a value of another kind (a type error): the entry is set to "".
			var s string
			if err := elem.decode(d, reflect.ValueOf(&s).UnsafePointer()); err != nil {
				return err
			}
			m[key] = s
		}
		return nil
	}
}

// keyError saves the type error of a map key that is not a number of type kt, at off, just inside
// the key's opening quote (see keyOffset).
func (d *DecodeState) keyError(key string, kt reflect.Type, off int64) {
	d.save(&json.UnmarshalTypeError{Value: "number " + key, Type: kt, Offset: off})
}

// keyOffset returns the offset just inside the opening quote of the key after from, where
// encoding/json reports errors about the key.
func (d *DecodeState) keyOffset(from int64) int64 {
	c := d.R
	j := min(max(int(from)-c.Base, 0), len(c.Data))
	if i := bytes.IndexByte(c.Data[j:], '"'); i >= 0 {
		return int64(c.Base+j+i) + 1
	}
	return from
}

// rawKey returns a copy of the member name just read, as it is in the input with its quotes; from
// is the offset before it (see keyOffset), and key its text, requoted if the input no longer
// holds it.
func (d *DecodeState) rawKey(from int64, key string) []byte {
	c := d.R
	if i := int(d.keyOffset(from)) - 1 - c.Base; i >= 0 && i < c.Pos && c.Pos <= len(c.Data) {
		if j := bytes.LastIndexByte(c.Data[i+1:c.Pos], '"'); j >= 0 {
			return bytes.Clone(c.Data[i : i+j+2])
		}
	}
	lit, _ := stream.Minimal.AppendQuote(nil, key)
	return lit
}
