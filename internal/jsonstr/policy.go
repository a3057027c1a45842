package jsonstr

import "math/bits"

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
	// RawReplacement writes each bad byte as the character U+FFFD itself (EF BF BD) instead of the
	// escape \ufffd. RejectInvalidUTF8 and EscapeNonASCII take precedence over it.
	RawReplacement
)

// How a policy finds the next stop.
const (
	scanDefault = iota // Stops: no ASCII stops beyond JSON's own
	scanExtra          // stopsExtra: the equality stops fit four masked-equality slots
	scanTable          // a byte-class table lookup per byte, or the vector set scans (set.go)
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
	slots slots       // the equality stops of scanExtra
	set   nibbles     // the stops of scanTable for the vector set scans (set.go)
	class [256]uint8  // per byte: plain, escASCII or nonASCII
	enc   [256]uint64 // each ASCII byte as written, little-endian: itself, or \n, \", \/, \u00XX, ...
	encN  [256]uint8  // its length: 1, 2 or 6 (bytes from 0x80 up are never looked up)
	text  *textTable  // steps over valid UTF-8 that holds no stop (see text.go and dfa.go)
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
	eq := []byte{'"', '\\'} // the stops found by equality (all but control bytes and 0x80 up)
	add := func(c byte) {
		if p.class[c] == plain {
			p.class[c] = escASCII
			eq = append(eq, c)
		}
	}
	p.class['"'], p.class['\\'] = escASCII, escASCII
	if flags&EscapeHTML != 0 {
		add('<')
		add('>')
		add('&')
	}
	if flags&EscapeSlash != 0 {
		add('/')
	}
	for i := 0; i < len(extra); i++ {
		if extra[i] >= 0x80 {
			panic("jsonstr: extra escape set holds a non-ASCII byte")
		}
		add(extra[i])
	}
	for c := range 128 {
		if p.class[c] != escASCII {
			p.enc[c], p.encN[c] = uint64(c), 1
			continue
		}
		short := map[int]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}
		if flags&EscapeSlash != 0 {
			short['/'] = '/'
		}
		var e []byte
		if s, ok := short[c]; ok {
			e = []byte{'\\', s}
		} else {
			e = []byte{'\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF]}
		}
		for k, b := range e {
			p.enc[c] |= uint64(b) << (8 * k)
		}
		p.encN[c] = uint8(len(e))
	}
	s, ok := packSlots(eq)
	switch {
	case len(eq) == 2:
		p.scan = scanDefault
	case ok:
		p.scan, p.slots = scanExtra, s
	default:
		p.scan = scanTable
	}
	p.text = newTextTable(func(c byte) bool { return p.class[c] != plain }, flags&EscapeLineTerminators != 0, s, ok)
	if p.scan == scanTable {
		isStop := func(c byte) bool { return p.class[c] != plain }
		p.set = newNibbles(isStop, true)
		newSetText(p.text, isStop)
	}
	return p
}

// slots are four masked-equality tests for stopsExtra: a lane is a stop when (b | or[k]) == eq[k],
// with or[k] and eq[k] broadcast to every lane. A slot whose or-mask has one bit set covers two bytes
// that differ only in that bit: '"' and '&' (0x22, 0x26) share one, and so do '<' and '>' (0x3c,
// 0x3e), which puts the encoding/json policy at one test more than the default.
type slots struct{ or, eq [4]uint64 }

// defaultSlots are the slots of the default stops, '"' and '\\'.
var defaultSlots, _ = packSlots([]byte{'"', '\\'})

// packSlots covers the bytes of eq with at most four slots, pairing bytes that differ in one bit.
func packSlots(eq []byte) (s slots, ok bool) {
	var groups [][2]byte // {value with the free bit set, free bit}
	used := make([]bool, len(eq))
	for a := range eq {
		if used[a] {
			continue
		}
		used[a] = true
		g := [2]byte{eq[a], 0}
		for b := a + 1; b < len(eq); b++ {
			if d := eq[a] ^ eq[b]; !used[b] && bits.OnesCount8(d) == 1 {
				used[b] = true
				g = [2]byte{eq[a] | d, d}
				break
			}
		}
		groups = append(groups, g)
	}
	if len(groups) > len(s.or) {
		return s, false
	}
	for k := range s.or {
		g := groups[k%len(groups)] // unused slots repeat a used one
		s.or[k], s.eq[k] = lsb*uint64(g[1]), lsb*uint64(g[0])
	}
	return s, true
}

// Flags reports the flags the policy was built with.
func (p *Policy) Flags() Flags { return p.flags }

// index returns the index of the first stop in s at or after i, or len(s).
func index[S ~string | ~[]byte](p *Policy, s S, i int) int {
	switch p.scan {
	case scanDefault:
		return indexDefault(s, i)
	case scanExtra:
		return indexExtra(s, i, &p.slots, &p.class)
	}
	return indexSet(s, i, &p.set, &p.class)
}
