package stride

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// plainEndRef is plainEnd a byte at a time.
func plainEndRef(data []byte, i int) int {
	for i < len(data) && data[i] != '"' && data[i] != '\\' && data[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// TestPlainEnd puts each kind of stop at every lane of a word, after 0 to 20 plain bytes, with
// and without more stops after it, and compares plainEnd with the byte loop.
func TestPlainEnd(t *testing.T) {
	for _, stop := range []byte{'"', '\\', 0x80, 0xc3, 0xff} {
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

// TestCursorSkipsAsItShould decodes values the struct has no field for (which the cursor steps
// over) around values it has, with strings that end in escaped backslashes and quotes, brackets
// inside strings, and white space everywhere, and compares with encoding/json.
func TestCursorSkipsAsItShould(t *testing.T) {
	type known struct {
		K  string
		N  []int64
		R  json.RawMessage
		M  map[string]string
		P  *int64
		Ok bool
	}
	skipped := []string{`"x\\"`, `"\\\\"`, `"\""`, `"\\\""`, `"]}[{"`, `{"a":"}","b":["]",{"c":"\\"}]}`,
		`[[],{},[{}],"[",1e5,-0.5E-3,true,false,null]`, `  12  `, "\t\n{ \"a\" : [ 1 , 2 ] }\r\n", `"\u005c"`, `"\ud83d\ude00"`}
	for _, s := range skipped {
		for _, in := range []string{
			`{"X":` + s + `,"K":"k","N":[1,2],"Y":` + s + `,"R":` + s + `,"M":{"a":` + s + `,"b":"c"},"P":7,"Ok":true}`,
			"{ \"X\" : " + s + " , \"K\" : \"k\\\\\" ,\n\t\"N\" : [ 1 , " + "2 ] , \"R\" : " + s + " , \"Ok\" : true }",
			`[` + s + `,{"K":"a\"b","Z":` + s + `}]`,
		} {
			checkUnmarshal(t, []byte(in), func() any { return new(known) })
			checkUnmarshal(t, []byte(in), func() any { return new([]known) })
			checkUnmarshal(t, []byte(in), func() any { return new([1]known) })
			checkUnmarshal(t, []byte(in), func() any { return new(any) })
		}
	}
}
