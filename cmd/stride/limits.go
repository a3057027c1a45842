package main

import (
	"errors"
	"flag"
	"strconv"
	"strings"

	"github.com/stridejson/stride/stream"
)

// defaultMaxTokenSize is the longest string, number or member name the commands read from a stream
// unless --max-token-size says otherwise: 64 MiB, as the help texts and the README say.
const defaultMaxTokenSize = 64 << 20

// defaultMaxDepth is the deepest nesting read unless --max-depth says otherwise: encoding/json's.
const defaultMaxDepth = 10_000

// readFlags are the limits and strict checks of the commands that read JSON.
type readFlags struct {
	maxToken, maxInput byteSize
	maxDepth           int
	dupNames, utf8     bool
	stream             bool // the command reads from a stream, so the token and input limits apply
}

// register adds the flags to fs. Only a command that reads from a stream (not one input line held in
// memory) gets the token and input size limits.
func (f *readFlags) register(fs *flag.FlagSet, stream bool) {
	f.stream = stream
	f.maxToken = defaultMaxTokenSize
	if stream {
		fs.Var(&f.maxToken, "max-token-size", "the longest string, number or member name read, in `bytes` (suffix KiB, MiB or GiB allowed)")
		fs.Var(&f.maxInput, "max-input-size", "the most `bytes` read from one input (suffix KiB, MiB or GiB allowed); 0 means no limit")
	}
	fs.IntVar(&f.maxDepth, "max-depth", defaultMaxDepth, "the deepest nesting of arrays and objects read")
	fs.BoolVar(&f.dupNames, "reject-duplicate-names", false, "make an object with two members of the same name an error (after decoding escapes)")
	fs.BoolVar(&f.utf8, "reject-invalid-utf8", false, `make invalid UTF-8, and an escaped unpaired surrogate such as "\ud800", in a string or name an error`)
}

// check reports a flag value out of range, or "".
func (f *readFlags) check() string {
	switch {
	case f.stream && f.maxToken <= 0:
		return "--max-token-size must be positive"
	case f.maxDepth <= 0:
		return "--max-depth must be positive"
	}
	return ""
}

// options returns the Reader options the flags choose.
func (f *readFlags) options() stream.ReaderOptions {
	o := stream.ReaderOptions{
		MaxDepth:             f.maxDepth,
		StrictStrings:        f.utf8,
		RejectDuplicateNames: f.dupNames,
	}
	if f.stream {
		o.MaxTokenSize = int(min(int64(f.maxToken), int64(^uint(0)>>1)))
		o.MaxInputSize = int64(f.maxInput)
	}
	return o
}

// limitFlag returns the flag that raises the limit se reports reached, or "" when se reports
// something else. A limit reached says nothing of whether the input is valid JSON.
//
// NOTE: the Reader's limit errors are told apart by the start of their message, the only thing
// that marks them; TestLimitFlag pins each form against the Reader, and no other message of the
// Reader starts like these (duplicate names, which may hold any text, start "duplicate").
func limitFlag(se *stream.SyntaxError) string {
	switch {
	case strings.HasPrefix(se.Msg, "token exceeds the limit of "):
		return "--max-token-size"
	case strings.HasPrefix(se.Msg, "input exceeds the limit of "):
		return "--max-input-size"
	case strings.HasPrefix(se.Msg, "nesting depth exceeds the limit of "):
		return "--max-depth"
	}
	return ""
}

// A byteSize is a flag value in bytes, written as a number with an optional suffix KiB, MiB or GiB
// (or K, M, G, meaning the same).
type byteSize int64

func (s *byteSize) String() string {
	n := int64(*s)
	for _, u := range []struct {
		suffix string
		shift  uint
	}{{"GiB", 30}, {"MiB", 20}, {"KiB", 10}} {
		if n != 0 && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

var errByteSize = errors.New("want a number of bytes, with an optional suffix KiB, MiB or GiB")

func (s *byteSize) Set(v string) error {
	shift := uint(0)
	for _, u := range []struct {
		suffixes []string
		shift    uint
	}{{[]string{"KiB", "K"}, 10}, {[]string{"MiB", "M"}, 20}, {[]string{"GiB", "G"}, 30}} {
		for _, suf := range u.suffixes {
			if t, ok := strings.CutSuffix(v, suf); ok {
				v, shift = t, u.shift
				break
			}
		}
		if shift != 0 {
			break
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > (1<<63-1)>>shift {
		return errByteSize
	}
	*s = byteSize(n << shift)
	return nil
}
