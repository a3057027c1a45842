package jsonstr

// The validating skip's fast path (jsonread's Skip over a whole container in memory) reads its
// input 64 bytes at a time as bit masks, as bracket matching does (block.go), and keeps of each
// block only where its tokens begin: the walk then steps from token to token, checking the grammar
// between them, and never looks at the bytes inside strings or the white space between tokens. What
// the masks check of those bytes is all there is to check: a string holds no control byte, white
// space is one of the four bytes JSON allows. The escapes inside strings are handed to the walk to
// check one by one.

// A TokenState is where the token scan stands at a block boundary.
type TokenState struct {
	InString uint64 // all ones when the boundary is inside a string, else 0
	Escaped  uint64 // 1 when the first byte after the boundary is escaped, else 0
	Scalar   uint64 // 1 when the byte before the boundary is part of a number or literal, else 0
}

// TokenBlocks reads the 64-byte blocks of src from its start, len(src)/64 of them, and writes for
// block k two masks: out[2k] the bytes that begin a token and out[2k+1] the escaped bytes inside
// strings (the byte after an odd run of backslashes). A token begins at each of '{', '}', '[', ']',
// ':' and ',' outside strings, at each quote that opens a string, and at the first byte of each
// run of other bytes outside strings that holds no white space (a number or a literal, or bytes
// that are not JSON). It returns false, with out and st in no particular state, when a block holds
// a control byte inside a string, or one outside strings that is not white space. A backslash
// escapes the byte after it wherever it is, as in SkipBlocks.
func TokenBlocks(src []byte, st *TokenState, out []uint64) bool {
	out = out[:2*(len(src)/64)] // the vector version writes them all
	if useSkipVector {
		return tokenBlocksVector(src, st, out)
	}
	return tokenBlocksGo(src, st, out)
}

// TokenVector reports whether TokenBlocks runs vector code: only then is the walk over its masks
// faster than the byte walk.
func TokenVector() bool { return useSkipVector }

// tokenBlocksGo is TokenBlocks in pure Go: the twin of the vector version, with the same word
// steps after a byte loop that makes the masks.
func tokenBlocksGo(src []byte, st *TokenState, out []uint64) bool {
	s := *st
	var bad uint64
	for i, k := 0, 0; i+64 <= len(src); i, k = i+64, k+2 {
		var bs, quote, ctrl, space, punct uint64
		for j, c := range src[i : i+64] {
			bit := uint64(1) << j
			if c < 0x20 {
				ctrl |= bit // white space too: the masks below tell it apart
			}
			switch tokenClass[c] {
			case classBackslash:
				bs |= bit
			case classQuote:
				quote |= bit
			case classSpace:
				space |= bit
			case classPunct:
				punct |= bit
			}
		}
		escaped, next := Escaped(bs, s.Escaped)
		quote &^= escaped
		in := PrefixXOR(quote) ^ s.InString
		// A control byte is bad inside a string, and outside one unless it is white space.
		bad |= ctrl &^ (space &^ in)
		scalar := ^(in | quote | space | punct)
		out[k] = punct&^in | quote&in | scalar&^(scalar<<1|s.Scalar)
		out[k+1] = escaped & in
		s.InString, s.Escaped, s.Scalar = uint64(int64(in)>>63), next, scalar>>63
	}
	*st = s
	return bad == 0
}

// The classes of bytes the token scan tells apart.
const (
	classOther = iota
	classBackslash
	classQuote
	classSpace // ' ', '\t', '\n', '\r'
	classPunct // '{', '}', '[', ']', ':', ','
)

var tokenClass = func() (t [256]uint8) {
	for _, c := range []byte(" \t\n\r") {
		t[c] = classSpace
	}
	for _, c := range []byte("{}[]:,") {
		t[c] = classPunct
	}
	t['"'], t['\\'] = classQuote, classBackslash
	return t
}()
