package jsonstr

// Flags choose escaping beyond the minimum JSON requires ('"', '\\' and bytes below 0x20).
type Flags uint16

const (
	// EscapeHTML writes '<', '>' and '&' as \u003c, \u003e and \u0026.
	EscapeHTML Flags = 1 << iota
	// EscapeLineTerminators writes U+2028 and U+2029 as \u2028 and \u2029.
	EscapeLineTerminators
	// EscapeNonASCII writes every non-ASCII character as \uXXXX, above the BMP as a surrogate pair.
	EscapeNonASCII
	// EscapeSlash writes '/' as \/.
	EscapeSlash
	// RejectInvalidUTF8 makes invalid UTF-8 an error instead of writing each bad byte as \ufffd.
	RejectInvalidUTF8
)

// How a policy finds the next stop.
const (
	scanDefault = iota // stopsDefault: no ASCII stops beyond JSON's own
	scanExtra          // stopsExtra: up to four more ASCII stops
	scanTable          // a byte-class table lookup per byte, eight bytes per iteration
)

// Class values of Policy.class.
const (
	plain    = 0
	escASCII = 1 // an ASCII byte written as a short escape or \u00XX
	nonASCII = 2 // a byte from 0x80 up: the start (or a broken piece) of a multi-byte character
)

// A Policy is an escaping policy compiled once into tables. It is immutable and safe for concurrent use.
type Policy struct {
	flags Flags
	scan  uint8
	extra [4]uint64    // broadcast stop bytes for scanExtra
	class [256]uint8   // per byte: plain, escASCII or nonASCII
	short [128]byte    // the letter of a short escape (\n, \", \/, ...), or 0 for \u00XX
	dfa   *[256]uint64 // steps over valid UTF-8 that holds no stop (see dfa.go)
}

// Default is the minimal policy: only what JSON requires, invalid UTF-8 replaced.
var Default = NewPolicy(0, "")

// NewPolicy compiles flags and a set of extra ASCII bytes to escape (as \u00XX) into a Policy.
// It panics if extra holds a byte from 0x80 up: the extra set is for ASCII characters only.
func NewPolicy(flags Flags, extra string) *Policy {
	p := &Policy{flags: flags}
	for c := 0; c < 0x20; c++ {
		p.class[c] = escASCII
	}
	for c := 0x80; c < 0x100; c++ {
		p.class[c] = nonASCII
	}
	p.class['"'], p.class['\\'] = escASCII, escASCII
	p.short['"'], p.short['\\'] = '"', '\\'
	p.short['\b'], p.short['\f'], p.short['\n'], p.short['\r'], p.short['\t'] = 'b', 'f', 'n', 'r', 't'

	var more []byte // ASCII stops beyond the default ones
	add := func(c byte) {
		if p.class[c] == plain {
			p.class[c] = escASCII
			more = append(more, c)
		}
	}
	if flags&EscapeHTML != 0 {
		add('<')
		add('>')
		add('&')
	}
	if flags&EscapeSlash != 0 {
		add('/')
		p.short['/'] = '/'
	}
	for i := 0; i < len(extra); i++ {
		if extra[i] >= 0x80 {
			panic("jsonstr: extra escape set holds a non-ASCII byte")
		}
		add(extra[i])
	}
	switch {
	case len(more) == 0:
		p.scan = scanDefault
	case len(more) <= len(p.extra):
		p.scan = scanExtra
		for i := range p.extra {
			c := byte('"')
			if i < len(more) {
				c = more[i]
			}
			p.extra[i] = lsb * uint64(c)
		}
	default:
		p.scan = scanTable
	}
	p.dfa = buildDFA(func(c byte) bool { return p.class[c] != plain }, flags&EscapeLineTerminators != 0)
	return p
}

// Flags reports the flags the policy was built with.
func (p *Policy) Flags() Flags { return p.flags }

// Escapes reports whether the policy escapes the ASCII byte c.
func (p *Policy) Escapes(c byte) bool { return c < 0x80 && p.class[c] == escASCII }

// index returns the index of the first stop in s at or after i, or len(s).
func index[S ~string | ~[]byte](p *Policy, s S, i int) int {
	switch p.scan {
	case scanDefault:
		return indexDefault(s, i)
	case scanExtra:
		return indexExtra(s, i, &p.extra, &p.class)
	}
	return indexTable(s, i, &p.class)
}
