//go:build linux

package jsonstr

import (
	"bytes"
	"syscall"
	"testing"
)

// guardedPage maps three pages, makes the first and the last inaccessible (PROT_NONE), and returns the
// middle one with its capacity cut at its end. A load from before the page or past its end faults and
// kills the test binary, so an input placed flush against either edge proves that a scan reads only
// inside its input.
func guardedPage(t *testing.T) []byte {
	t.Helper()
	ps := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:ps], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[2*ps:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	return mem[ps : 2*ps : 2*ps]
}

// TestScanGuardPages runs every scan, through its dispatcher and its vector entry, on inputs that end
// exactly at a page followed by an inaccessible page, and on inputs that start exactly after one: for
// every length from 0 to 200 (so every tail of 0 to 64 bytes after the vector blocks) and a stop at
// every position, or none. The vector routines' string entry points share their body with the []byte
// ones tested here (only the frame offsets of the arguments differ, which go vet checks); a string
// cannot be placed in mapped memory without unsafe.
func TestScanGuardPages(t *testing.T) {
	page := guardedPage(t)
	cases := scanCases()
	stops := []byte{'"', 0x1f, 0x80, '<', '\\'}
	for n := 0; n <= 200; n++ {
		for _, atEnd := range []bool{true, false} {
			s := page[:n:n]
			if atEnd {
				s = page[len(page)-n:]
			}
			copy(s, plainRun(n))
			for pos := -1; pos < n; pos++ {
				for _, c := range stops {
					if pos >= 0 {
						s[pos] = c
					}
					for _, sc := range cases {
						for _, i := range []int{0, max(pos-1, 0)} {
							want := refIndex(sc.p, s, i)
							if got := sc.bytes(s, i); got != want {
								t.Fatalf("%s: n=%d atEnd=%v stop %q at %d, from %d: got %d, want %d", sc.name, n, atEnd, c, pos, i, got, want)
							}
							if len(s)-i < 32 {
								continue
							}
							if got := sc.vecBytes(s, i); got != want {
								t.Fatalf("%s vector: n=%d atEnd=%v stop %q at %d, from %d: got %d, want %d", sc.name, n, atEnd, c, pos, i, got, want)
							}
						}
					}
					if pos < 0 {
						break
					}
				}
				if pos >= 0 {
					s[pos] = plainRun(n)[pos]
				}
			}
		}
	}
}

// TestKernelsGuardPages runs the quote, unquote and string-scan kernels on literals flush against a
// guard page, with an escape or a multi-byte character at every position.
func TestKernelsGuardPages(t *testing.T) {
	page := guardedPage(t)
	html := NewPolicy(EscapeHTML|EscapeLineTerminators, "")
	for n := 2; n <= 140; n++ {
		for _, piece := range []string{`\n`, `\u00e9`, "é", `"`, "<"} {
			for pos := 1; pos+len(piece) < n; pos += 3 {
				s := page[len(page)-n:]
				copy(s, `"`+plainRun(n-2)+`"`)
				copy(s[pos:], piece)
				ref := string(s)
				for _, p := range []*Policy{Default, html} {
					got, err := AppendQuote(nil, s, p)
					if want, _ := AppendQuote(nil, ref, p); err != nil || string(got) != string(want) {
						t.Fatalf("AppendQuote(%q) = %q, %v; want %q", ref, got, err, want)
					}
				}
				got, err := AppendUnquote(nil, s, false)
				want, wantErr := AppendUnquote(nil, ref, false)
				if string(got) != string(want) || (err == nil) != (wantErr == nil) {
					t.Fatalf("AppendUnquote(%q) = %q, %v; want %q, %v", ref, got, err, want, wantErr)
				}
				end, _, e1 := ScanString(s, 0, false)
				wantEnd, _, e2 := ScanString(ref, 0, false)
				if end != wantEnd || (e1 == nil) != (e2 == nil) {
					t.Fatalf("ScanString(%q) = %d, %v; want %d, %v", ref, end, e1, wantEnd, e2)
				}
			}
		}
	}
}

// TestListGuardPages runs the list scans on inputs flush against an inaccessible page at either end,
// for lengths that leave every tail after the last whole block.
func TestListGuardPages(t *testing.T) {
	if !useList {
		t.Skip("no list scans in this build")
	}
	page := guardedPage(t)
	for _, p := range listPolicies() {
		for n := 0; n <= 260; n++ {
			for _, s := range [][]byte{page[:n:n], page[len(page)-n:]} {
				copy(s, plainRun(n))
				if n > 0 {
					s[n-1] = '"'
					s[0] = '<'
				}
				checkList(t, p, s)
			}
		}
	}
}

// TestTextVecGuardPages runs the vector text scan on text flush against an inaccessible page.
func TestTextVecGuardPages(t *testing.T) {
	if !useText {
		t.Skip("no vector text scan in this build")
	}
	page := guardedPage(t)
	for _, tc := range textTables() {
		for n := 0; n <= 130; n++ {
			for _, s := range [][]byte{page[:n:n], page[len(page)-n:]} {
				for k := range s {
					s[k] = "é"[k%2]
				}
				checkTextVec(t, tc.name, tc.t, tc.stop, s, 0)
			}
		}
	}
}

// TestIndexQuoteGuardPages runs IndexQuote's scans on input flush against an inaccessible page.
func TestIndexQuoteGuardPages(t *testing.T) {
	page := guardedPage(t)
	for n := 0; n <= 130; n++ {
		for _, s := range [][]byte{page[:n:n], page[len(page)-n:]} {
			for k := range s {
				s[k] = 'a'
			}
			checkIndexQuote(t, s, 0)
			if n > 0 {
				s[n-1] = '"'
				checkIndexQuote(t, s, 0)
			}
		}
	}
}

// TestEscapeBlocksGuardPages runs the block escapers on input flush against an inaccessible page at
// either end, writing into output flush against one, with every room around a block's need: neither
// side is read or written past its slice.
func TestEscapeBlocksGuardPages(t *testing.T) {
	if !useEscape {
		t.Skip("no block escapers in this build")
	}
	in, out := guardedPage(t), guardedPage(t)
	for _, p := range listPolicies() {
		for n := 0; n <= 200; n++ {
			for _, s := range [][]byte{in[:n:n], in[len(in)-n:]} {
				copy(s, plainRun(n))
				for k := 0; k < n; k += 3 {
					s[k] = 0x01 // written as \u0001: the most output per byte
				}
				if n > 0 {
					s[n-1] = '"'
				}
				for _, room := range escapeRooms {
					if room > len(out) {
						continue
					}
					dst := out[len(out)-room:]
					want := make([]byte, room)
					wc, ww := escapeBlocksGeneric(want, s, p)
					c, w := escapeBlocks(dst, s, p)
					if c != wc || w != ww || !bytes.Equal(dst[:w], want[:ww]) {
						t.Fatalf("on %d bytes %q, room %d: consumed %d, wrote %d; want %d, %d", n, s, room, c, w, wc, ww)
					}
				}
			}
		}
	}
}

// TestUnescapeBlocksGuardPages runs the block unescapers on input flush against an inaccessible page
// at either end, writing into output flush against one, with every room around a block's need.
func TestUnescapeBlocksGuardPages(t *testing.T) {
	if !useUnescape {
		t.Skip("no block unescapers in this build")
	}
	in, out := guardedPage(t), guardedPage(t)
	for n := 0; n <= 200; n++ {
		for _, s := range [][]byte{in[:n:n], in[len(in)-n:]} {
			copy(s, plainRun(n))
			for k := 0; k+1 < n; k += 5 {
				s[k], s[k+1] = '\\', '"'
			}
			if n > 0 {
				s[n-1] = '\\' // a backslash in the last byte: the letter would be past the input
			}
			for _, room := range unescapeRooms {
				if room > len(out) {
					continue
				}
				dst := out[len(out)-room:]
				want := make([]byte, room)
				wc, ww := unescapeBlocksGeneric(want, s)
				c, w := unescapeBlocks(dst, s)
				if c != wc || w != ww || !bytes.Equal(dst[:w], want[:ww]) {
					t.Fatalf("on %d bytes %q, room %d: consumed %d, wrote %d; want %d, %d", n, s, room, c, w, wc, ww)
				}
			}
		}
	}
}
