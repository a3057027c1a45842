//lint:file-ignore ST1005 the errors are encoding/json/v2's, in its words

package codec

import (
	"cmp"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The members of a struct type under encoding/json/v2's rules (Go 1.27), for the v2 front end:
// structFieldsV2 lists them as structFields does for encoding/json, with v2's tag grammar, its
// `embed` of structs, and its errors for a struct it cannot handle.

// A FieldsError is what is wrong with a struct type under encoding/json/v2's rules: the type
// holding the field at fault, and the fault. Marshal and Unmarshal report it for a value of the
// struct type (and for nothing else), as encoding/json/v2 does.
type FieldsError struct {
	GoType reflect.Type
	Err    error
}

func (e *FieldsError) Error() string { return e.Err.Error() }

// ErrNoExportedFields is the fault of a struct type with fields, none of which is exported or
// tagged.
var ErrNoExportedFields = errors.New("Go struct has no exported fields")

// v2Tag is a field's `json` tag as encoding/json/v2 reads it.
type v2Tag struct {
	name      string
	hasName   bool
	embed     bool
	omitZero  bool
	omitEmpty bool
	str       bool   // the `string` option (numbers as strings; an error on other kinds)
	casing    int8   // caseIgnore, caseStrict, or 0
	format    string // the `format:...` option
}

const (
	caseIgnore = 1
	caseStrict = 2
)

// structFieldsV2 lists the members of struct type root in field order. A fault in the type is
// returned with the fields that could still be listed; the first one found is reported (a
// `format` option, which no caller may use, after any other).
// The second result is the embedded fallback that gathers unknown members (a map of string keys,
// or a jsontext.Value, with `embed`): the shallowest, if one is.
func structFieldsV2(root reflect.Type) ([]field, *field, *FieldsError) {
	// NOTE: encoding/json/v2 reads `format` options, but takes them from none of its callers (its
	// FormatTagSupported flag is internal): a struct with one can be neither marshalled nor
	// unmarshalled (but from null). Its error is the first such field met, hidden or not, after
	// any other fault.
	var ferr, formatErr *FieldsError
	fail := func(t reflect.Type, err error) {
		if ferr == nil {
			ferr = &FieldsError{GoType: t, Err: err}
		}
	}
	type queued struct {
		typ   reflect.Type
		index []int
		walk  bool // its embedded structs are walked too (not when it was met before)
	}
	queue := []queued{{root, nil, true}}
	seen := map[reflect.Type]bool{root: true}
	var all, fallbacks []field
	for qi := 0; qi < len(queue); qi++ {
		q := queue[qi]
		t := q.typ
		fallbackAt := -1          // the field index of t's embedded fallback
		names := map[string]int{} // the field index of each name in t
		anyTag, anyField := false, false
		for i := range t.NumField() {
			sf := t.Field(i)
			_, tagged := sf.Tag.Lookup("json")
			anyTag = anyTag || tagged
			tag, ignored, err := parseTagV2(sf)
			if err != nil {
				fail(t, err)
			}
			if ignored {
				continue
			}
			anyField = true
			f := field{
				name: tag.name, tagged: tag.hasName, index: append(slices.Clip(q.index), i),
				typ: sf.Type, omitEmpty: tag.omitEmpty, omitZero: tag.omitZero, quoted: tag.str,
				format: tag.format, casing: tag.casing,
			}
			embed := tag.embed
			if sf.Anonymous && !tag.hasName {
				if indirectType(sf.Type).Kind() != reflect.Struct {
					fail(t, fmt.Errorf("embedded Go struct field %s of non-struct type must be explicitly given a JSON name", sf.Name))
				} else {
					embed = true
				}
			}
			addField := func() {
				tf := indirectType(sf.Type)
				if !sf.IsExported() {
					if !sf.Anonymous || tf.Kind() != reflect.Struct {
						fail(t, fmt.Errorf("Go struct field %s is not exported", sf.Name))
						return
					}
					if hasMethods(tf) || f.omitZero && implementsEither(tf, isZeroerType) {
						fail(t, fmt.Errorf("Go struct field %s is not exported for method calls", sf.Name))
						return
					}
				}
				if f.omitZero || sf.IsExported() {
					// A type's IsZero method decides under OmitZeroStructFields too, tag or not.
					f.isZero = zeroTest(sf.Type)
				}
				if j, ok := names[f.name]; ok {
					fail(t, fmt.Errorf("Go struct fields %s and %s conflict over JSON object name %q", t.Field(j).Name, sf.Name, f.name))
				}
				names[f.name] = i
				f.id = len(all)
				all = append(all, f)
				if f.format != "" && formatErr == nil {
					//lint:ignore ST1005 encoding/json/v2's words
					formatErr = &FieldsError{GoType: t, Err: fmt.Errorf("Go struct field %s has unsupported `format` tag option", sf.Name)}
				}
			}
			if !embed {
				addField()
				continue
			}
			if tag != (v2Tag{name: tag.name, hasName: tag.hasName, embed: tag.embed}) {
				fail(t, fmt.Errorf("Go struct field %s cannot have any options other than `embed` specified", sf.Name))
				if tag.hasName {
					addField()
					continue
				}
			}
			tf := indirectType(sf.Type)
			if hasMethods(tf) && !isJSONTextValue(tf) {
				fail(t, fmt.Errorf("embedded Go struct field %s of type %s must not implement marshal or unmarshal methods", sf.Name, tf))
			}
			switch {
			case tf.Kind() == reflect.Struct:
				if q.walk {
					queue = append(queue, queued{tf, f.index, !seen[tf]})
				}
				seen[tf] = true
			case !sf.IsExported():
				fail(t, fmt.Errorf("embedded Go struct field %s is not exported", sf.Name))
			case isJSONTextValue(tf) || tf.Kind() == reflect.Map && tf.Key().Kind() == reflect.String:
				if tf.Kind() == reflect.Map && hasMethods(tf.Key()) {
					fail(t, fmt.Errorf("embedded map field %s of type %s must have a string key that does not implement marshal or unmarshal methods", sf.Name, tf))
					addField()
					continue
				}
				if fallbackAt >= 0 {
					fail(t, fmt.Errorf("embedded Go struct fields %s and %s cannot both be a Go map or jsontext.Value", t.Field(fallbackAt).Name, sf.Name))
				}
				fallbackAt = i
				fallbacks = append(fallbacks, f)
			default:
				fail(t, fmt.Errorf("embedded Go struct field %s of type %s must be a Go struct, Go map of string key, or jsontext.Value", sf.Name, tf))
				addField()
			}
		}
		if t.NumField() > 0 && !anyTag && !anyField {
			fail(t, ErrNoExportedFields)
		}
	}
	// Among fields of one name, the shallowest wins, a named one before an unnamed one; a tie
	// hides the name.
	slices.SortStableFunc(all, func(a, b field) int {
		return cmp.Or(strings.Compare(a.name, b.name), cmp.Compare(len(a.index), len(b.index)),
			boolCompare(!a.tagged, !b.tagged))
	})
	out := all[:0]
	for len(all) > 0 {
		n := 1
		for n < len(all) && all[n].name == all[0].name {
			n++
		}
		if n == 1 || len(all[0].index) != len(all[1].index) || all[0].tagged != all[1].tagged {
			out = append(out, all[0])
		}
		all = all[n:]
	}
	slices.SortFunc(out, func(a, b field) int { return slices.Compare(a.index, b.index) })
	for i := range out {
		out[i].folded = foldNameV2(out[i].name)
	}
	var fallback *field
	if n := len(fallbacks); n == 1 || n > 1 && len(fallbacks[0].index) != len(fallbacks[1].index) {
		fallback = &fallbacks[0]
	}
	if ferr == nil {
		ferr = formatErr
	}
	return out, fallback, ferr
}

// isJSONTextValue reports whether t is jsontext.Value, Stride's or the standard library's.
func isJSONTextValue(t reflect.Type) bool {
	if t.Name() != "Value" || t.Kind() != reflect.Slice {
		return false
	}
	switch t.PkgPath() {
	case "github.com/stridejson/stride/jsontext", "encoding/json/jsontext":
		return true
	}
	return false
}

func boolCompare(a, b bool) int {
	switch {
	case !a && b:
		return -1
	case a && !b:
		return 1
	}
	return 0
}

// indirectType is t, or what t points to when t is an unnamed pointer type.
func indirectType(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer && t.Name() == "" {
		return t.Elem()
	}
	return t
}

var (
	textAppenderType = reflect.TypeFor[encoding.TextAppender]()
	methodTypes      = []reflect.Type{marshalerType, textMarshalerType, textAppenderType,
		reflect.TypeFor[json.Unmarshaler](), textUnmarshalerType}
)

// hasMethods reports whether t or *t has a method encoding/json/v2 calls to marshal or unmarshal
// a value (MarshalJSONTo and UnmarshalJSONFrom are looked for by name, with any jsontext).
func hasMethods(t reflect.Type) bool {
	for _, it := range methodTypes {
		if implementsEither(t, it) {
			return true
		}
	}
	pt := reflect.PointerTo(t)
	for _, name := range []string{"MarshalJSONTo", "UnmarshalJSONFrom"} {
		if m, ok := pt.MethodByName(name); ok && m.Type.NumIn() == 2 && m.Type.NumOut() == 1 {
			return true
		}
	}
	return false
}

// implementsEither reports whether t or *t implements it.
func implementsEither(t, it reflect.Type) bool {
	return t.Implements(it) || t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(it)
}

// parseTagV2 reads the `json` tag of sf as encoding/json/v2 does: ignored is true for "-" and for
// unexported fields that are not embedded; err is the first fault, with the tag read as far as it
// could be.
func parseTagV2(sf reflect.StructField) (tag v2Tag, ignored bool, err error) {
	s, hasTag := sf.Tag.Lookup("json")
	if s == "-" {
		return v2Tag{}, true, nil
	}
	if !sf.IsExported() && !sf.Anonymous {
		if hasTag {
			err = fmt.Errorf("unexported Go struct field %s cannot have non-ignored `json:%q` tag", sf.Name, s)
		}
		return v2Tag{}, true, err
	}
	orErr := func(format string, a ...any) {
		if err == nil {
			err = fmt.Errorf(format, a...)
		}
	}
	tag.name = sf.Name
	if len(s) > 0 && s[0] != ',' {
		n := strings.IndexAny(s, ",\\'\"`")
		if n < 0 {
			n = len(s)
		}
		name := s[:n]
		var err2 error
		if n < len(s) && s[n] != ',' {
			name, n, err2 = tagOptionV2(s, false)
			if err2 != nil {
				orErr("Go struct field %s has malformed `json` tag: %v", sf.Name, err2)
			}
		}
		if !utf8.ValidString(name) {
			orErr("Go struct field %s has JSON object name %q with invalid UTF-8", sf.Name, name)
			name = string([]rune(name))
		}
		if err2 == nil {
			tag.hasName, tag.name = true, name
		}
		s = s[n:]
	}
	afterFormat := false
	seen := map[string]bool{}
	for len(s) > 0 {
		if s[0] != ',' {
			orErr("Go struct field %s has malformed `json` tag: invalid character %q before next option (expecting ',')", sf.Name, s[0])
		} else if s = s[1:]; s == "" {
			orErr("Go struct field %s has malformed `json` tag: invalid trailing ',' character", sf.Name)
			break
		}
		opt, n, err2 := tagOptionV2(s, false)
		if err2 != nil {
			orErr("Go struct field %s has malformed `json` tag: %v", sf.Name, err2)
		}
		raw := s[:n]
		s = s[n:]
		switch {
		case afterFormat:
			orErr("Go struct field %s has `format` tag option that was not specified last", sf.Name)
		case strings.HasPrefix(raw, "'") && strings.TrimFunc(opt, isLetterOrDigit) == "":
			orErr("Go struct field %s has unnecessarily quoted appearance of `%s` tag option; specify `%s` instead", sf.Name, raw, opt)
		}
		switch opt {
		case "case":
			if !strings.HasPrefix(s, ":") {
				orErr("Go struct field %s is missing value for `case` tag option; specify `case:ignore` or `case:strict` instead", sf.Name)
				break
			}
			s = s[1:]
			v, m, err2 := tagOptionV2(s, false)
			if err2 != nil {
				orErr("Go struct field %s has malformed value for `case` tag option: %v", sf.Name, err2)
				break
			}
			rawV := s[:m]
			s = s[m:]
			if strings.HasPrefix(rawV, "'") {
				orErr("Go struct field %s has unnecessarily quoted appearance of `case:%s` tag option; specify `case:%s` instead", sf.Name, rawV, v)
			}
			switch v {
			case "ignore":
				tag.casing |= caseIgnore
			case "strict":
				tag.casing |= caseStrict
			default:
				orErr("Go struct field %s has unknown `case:%s` tag value", sf.Name, rawV)
			}
		case "embed":
			tag.embed = true
		case "omitzero":
			tag.omitZero = true
		case "omitempty":
			tag.omitEmpty = true
		case "string":
			tag.str = true
		case "format":
			if !strings.HasPrefix(s, ":") {
				orErr("Go struct field %s is missing value for `format` tag option", sf.Name)
				break
			}
			s = s[1:]
			v, m, err2 := tagOptionV2(s, true)
			if err2 != nil {
				orErr("Go struct field %s has malformed value for `format` tag option: %v", sf.Name, err2)
				break
			} else if v == "" {
				orErr("Go struct field %s cannot have empty value for `format` tag option", sf.Name)
				break
			}
			s = s[m:]
			tag.format, afterFormat = v, true
		default:
			switch norm := strings.ReplaceAll(strings.ToLower(opt), "_", ""); norm {
			case "case", "embed", "omitzero", "omitempty", "string", "format":
				orErr("Go struct field %s has invalid appearance of `%s` tag option; specify `%s` instead", sf.Name, opt, norm)
			}
		}
		switch {
		case tag.casing == caseIgnore|caseStrict:
			orErr("Go struct field %s cannot have both `case:ignore` and `case:strict` tag options", sf.Name)
		case seen[opt]:
			orErr("Go struct field %s has duplicate appearance of `%s` tag option", sf.Name, raw)
		}
		seen[opt] = true
	}
	return tag, false, err
}

// tagOptionV2 reads the name or option at the start of in as encoding/json/v2 does: a Go
// identifier, or where quoted a single-quoted string (with \' for ' and " escaped, a Go string
// literal otherwise). It returns the option, the bytes it took and, for anything else, an error
// with the text up to the next comma taken.
func tagOptionV2(in string, quoted bool) (string, int, error) {
	i := strings.IndexByte(in, ',')
	if i < 0 {
		i = len(in)
	}
	r, _ := utf8.DecodeRuneInString(in)
	switch {
	case r == '_' || unicode.IsLetter(r):
		n := len(in) - len(strings.TrimLeftFunc(in, isLetterOrDigit))
		return in[:n], n, nil
	case len(in) == 0:
		return in[:i], i, io.ErrUnexpectedEOF
	case !quoted:
		return in[:i], i, fmt.Errorf("invalid character %q at start of option (expecting Unicode letter)", r)
	case r != '\'':
		return in[:i], i, fmt.Errorf("invalid character %q at start of option (expecting Unicode letter or single quote)", r)
	}
	b := []byte{'"'}
	esc := false
	n := 1
	for n < len(in) {
		r, rn := utf8.DecodeRuneInString(in[n:])
		switch {
		case esc:
			if r == '\'' {
				b = b[:len(b)-1] // \' is '
			}
			esc = false
		case r == '\\':
			esc = true
		case r == '"':
			b = append(b, '\\')
		case r == '\'':
			n++
			out, err := strconv.Unquote(string(append(b, '"')))
			if err != nil {
				return in[:i], i, fmt.Errorf("invalid single-quoted string: %s", in[:n])
			}
			return out, n, nil
		}
		b = append(b, in[n:n+rn]...)
		n += rn
	}
	return in[:i], i, fmt.Errorf("single-quoted string not terminated: %s...", in[:min(n, 10)])
}

func isLetterOrDigit(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) }

var legacyStd sync.Map // reflect.Type to bool

// LegacyToStd reports whether, under ReportErrorsWithLegacySemantics, the v2 front end leaves
// values of type t to encoding/json/v2 whole, for a struct type in t (in its fields, elements,
// keys and pointer targets, not in what an interface holds) that has
//
//   - what encoding/json/v2 finds fault with elsewhere, but under these options makes the best
//     of, as encoding/json (v1) did: a malformed tag, two fields of one name, the `string` option
//     on a field that is not a number;
//   - an embedded fallback of a jsontext.Value, which decoding adds the unknown members to, so
//     that it cannot decode it again over what the v2 decoders stored (see the front end).
//
// It is cached per type.
func LegacyToStd(t reflect.Type) bool { return cachedFaults(&legacyStd, t, false) }

var rawFallbacks sync.Map // reflect.Type to bool

// rawFallbackIn reports whether a struct type in t (as LegacyToStd looks) has an embedded
// fallback of a jsontext.Value. Cached per type.
func rawFallbackIn(t reflect.Type) bool { return cachedFaults(&rawFallbacks, t, true) }

// cachedFaults is faultsIn of t, through the cache.
func cachedFaults(cache *sync.Map, t reflect.Type, rawOnly bool) bool {
	if t == nil {
		return false
	}
	if v, ok := cache.Load(t); ok {
		return v.(bool)
	}
	v := faultsIn(t, map[reflect.Type]bool{}, rawOnly)
	cache.Store(t, v)
	return v
}

// faultsIn is LegacyToStd, or rawFallbackIn if rawOnly.
func faultsIn(t reflect.Type, seen map[reflect.Type]bool, rawOnly bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return faultsIn(t.Elem(), seen, rawOnly)
	case reflect.Map:
		return faultsIn(t.Key(), seen, rawOnly) || faultsIn(t.Elem(), seen, rawOnly)
	case reflect.Struct:
		fs, fb, ferr := structFieldsV2(t)
		if ferr != nil && !rawOnly || fb != nil && isJSONTextValue(indirectType(t.FieldByIndex(fb.index).Type)) {
			return true
		}
		for _, f := range fs {
			ft := t.FieldByIndex(f.index).Type
			if f.quoted && !rawOnly {
				switch indirectType(ft).Kind() {
				case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
					reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
					reflect.Float32, reflect.Float64:
				default:
					return true
				}
			}
			if faultsIn(ft, seen, rawOnly) {
				return true
			}
		}
	}
	return false
}
