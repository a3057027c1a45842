package jsonread

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// plainEndRef is plainEnd a byte at a time.
func plainEndRef(data []byte, i int) int {
	for i < len(data) && data[i] != '"' && data[i] != '\\' && data[i] >= ' ' && data[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// TestPlainEnd puts each kind of stop at every lane of a word, after 0 to 20 plain bytes, with
// and without more stops after it, and compares plainEnd with the byte loop.
func TestPlainEnd(t *testing.T) {
	for _, stop := range []byte{'"', '\\', 0x80, 0xc3, 0xff, 0x00, 0x1f} {
		for n := range 21 {
			for after := range 9 {
				b := []byte(strings.Repeat("a", n) + string(stop) + strings.Repeat("\"", after%2) + strings.Repeat("!", after))
				for from := 0; from <= min(n, 3); from++ {
					if got, want := plainEnd(b, from), plainEndRef(b, from); got != want {
						t.Fatalf("plainEnd(%q, %d) = %d, want %d", b, from, got, want)
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("ab\"\\!#\x00\x1f\x7f\x80\xc3\xa9\xff")
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			if r.IntN(6) == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[i] = 'a' + byte(r.IntN(26))
			}
		}
		from := r.IntN(len(b) + 1)
		if got, want := plainEnd(b, from), plainEndRef(b, from); got != want {
			t.Fatalf("plainEnd(%q, %d) = %d, want %d", b, from, got, want)
		}
	}
}

// TestQuickInt compares the cursor's integer reading (eight digits at a time) with strconv on
// integers of 1 to 22 digits, signed and not, followed by each byte that can end or continue a
// number, and a non-digit at every lane of the first words.
func TestQuickInt(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 30000 {
		n := 1 + r.IntN(22)
		b := []byte{byte('1' + r.IntN(9))}
		for len(b) < n {
			b = append(b, byte('0'+r.IntN(10)))
		}
		if r.IntN(3) == 0 {
			b = append([]byte{'-'}, b...)
		}
		lit := string(b)
		for _, tail := range []string{"", ",", "]", "}", " ", ".5", "e3", "E-1", "\n"} {
			c := &Cursor{Data: []byte(lit + tail)}
			got, ok := c.QuickInt()
			want, err := strconv.ParseInt(lit, 10, 64)
			digits := len(strings.TrimPrefix(lit, "-"))
			wantOK := digits <= 18 && tail != ".5" && tail != "e3" && tail != "E-1"
			if ok != wantOK || ok && (err != nil || got != want || c.Pos != len(lit)) {
				t.Fatalf("quickInt(%q) = %d, %v (pos %d); want %d, %v (pos %d)", lit+tail, got, ok, c.Pos, want, wantOK, len(lit))
			}
			if !ok && c.Pos != 0 {
				t.Fatalf("quickInt(%q) read %d bytes and reported false", lit+tail, c.Pos)
			}
		}
	}
}

// TestCursorBad calls each reading method of the cursor where the input does not hold what it
// reads: every call must mark the input bad and move to its end, whatever the decoders checked
// before calling it, so that a decode that ends without bad has read valid JSON.
func TestCursorBad(t *testing.T) {
	for _, c := range []struct {
		name string
		read func(c *Cursor)
		data string
	}{
		{"Null", (*Cursor).Null, "nul"},
		{"Null", (*Cursor).Null, "true"},
		{"Bool", func(c *Cursor) { c.Bool() }, "tru"},
		{"Bool", func(c *Cursor) { c.Bool() }, "fals"},
		{"Number", func(c *Cursor) { c.Number() }, "01"},
		{"Number", func(c *Cursor) { c.Number() }, `"1"`},
		{"float", func(c *Cursor) { c.Float() }, "1.e3"},
		{"StringBytes", func(c *Cursor) { c.StringBytes() }, `x"a"`},
		{"StringBytes", func(c *Cursor) { c.StringBytes() }, `"a`},
		{"StringBytes", func(c *Cursor) { c.StringBytes() }, "\"\x1f\""},
		{"SkipValue", (*Cursor).SkipValue, ""},
		{"SkipValue", (*Cursor).SkipValue, `}`},
		{"SkipValue", (*Cursor).SkipValue, `{"a":1,}`},
		{"SkipValue", (*Cursor).SkipValue, `["\x"]`},
		{"Raw", func(c *Cursor) { c.Raw() }, `[1 2]`},
		{"Object", func(c *Cursor) { c.Object() }, `[]`},
		{"Array", func(c *Cursor) { c.Array() }, `{}`},
		{"Array", func(c *Cursor) { c.Limit = 1; a := c.Array(); a.Next(); c.Array() }, `[[]]`},
	} {
		cur := &Cursor{}
		cur.Reset([]byte(c.data))
		c.read(cur)
		if !cur.Bad || cur.Pos != len(c.data) {
			t.Errorf("%s on %q: bad %v, pos %d", c.name, c.data, cur.Bad, cur.Pos)
		}
	}
}

// TestNextKey reads members with NextKey, given the key of each of a set of names, and with
// Next: the name, position and result must agree, and NextKey must report a hit exactly when
// the literal is the key's name between quotes with 16 bytes to read after the opening quote.
func TestNextKey(t *testing.T) {
	names := []string{"", "a", "name", "Name", "cl_weight", "fifteen_bytes_x", "sixteen_bytes_xx", "é", "a\"b", "a\\b", "\x01",
		"seventeen_bytes_x", "in_reply_to_status_id_str", "in_reply_to_status_id", "profile_image_url_https"}
	literals := []string{`"name"`, `"nam"`, `"names"`, `"n\u0061me"`, `"NAME"`, `"a"`, `""`, `"cl_weight"`,
		`"fifteen_bytes_x"`, `"fifteen_bytes_"`, `"sixteen_bytes_xx"`, `"sixteen_bytes_x"`, `"sixteen_bytes_xxx"`,
		`"é"`, "\"\xc3\"", `"a\"b"`, `"a\\b"`, `"seventeen_bytes_x"`, `"seventeen_bytes_y"`, `"seventeen_bytes_\u0078"`,
		`"in_reply_to_status_id_str"`, `"in_reply_to_status_id_stR"`, `"in_reply_to_status_id"`, `"in_reply_to_status_id_"`,
		`"profile_image_url_https"`, `"profile_image_url_http"`}
	for _, name := range names {
		key := KeyOf(name)
		for _, lit := range literals {
			for _, tail := range []string{`:1}`, `:1,"x":2}` + strings.Repeat(" ", 16)} {
				checkNextKey(t, name, &key, []byte("{"+lit+tail))
			}
		}
	}
}

// checkNextKey reads the first member of the object data with NextKey, given name's key, and with
// Next: see TestNextKey.
func checkNextKey(t *testing.T, name string, key *NameKey, data []byte) {
	t.Helper()
	a, b := &Cursor{}, &Cursor{}
	a.Reset(data)
	b.Reset(data)
	oa, ob := a.Object(), b.Object()
	gotOK, wantOK := oa.NextKey(key), ob.Next()
	if gotOK != wantOK || string(a.Name) != string(b.Name) || a.Pos != b.Pos || a.Bad != b.Bad {
		t.Fatalf("NextKey(%q) on %q: %v %q at %d; Next: %v %q at %d", name, data, gotOK, a.Name, a.Pos, wantOK, b.Name, b.Pos)
	}
	lit, at := `"`+name+`"`, 1 // the name's literal begins after the white space that follows '{'
	for at < len(data) && strings.IndexByte(" \t\n\r", data[at]) >= 0 {
		at++
	}
	wantHit := key.n > 0 && len(data)-at >= len(lit) && string(data[at:at+len(lit)]) == lit && len(data)-at-1 >= 16
	if a.Hit != wantHit {
		t.Errorf("NextKey(%q) on %q: hit %v", name, data, a.Hit)
	}
}

// FuzzNextKey holds NextKey to Next, and its hits to the literal's bytes, for any name and
// object.
func FuzzNextKey(f *testing.F) {
	f.Add("name", []byte(`{"name":1}                `))
	f.Add("in_reply_to_status_id_str", []byte(`{"in_reply_to_status_id_str":null}`))
	f.Add("in_reply_to_status_id_str", []byte(`{"in_reply_to_status_id_st"}`))
	f.Add("sixteen_bytes_xx", []byte(`{"sixteen_bytes_xx"`))
	f.Add("é", []byte("{\"\xc3\xa9\":[]}               "))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		key := KeyOf(name)
		checkNextKey(t, name, &key, append([]byte("{"), data...))
	})
}
