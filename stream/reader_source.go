package stream

import (
	"bytes"
	"io"
	"strconv"
)

// more reads more input into the buffer of a stream reader. It drops the bytes before the token
// being read (before r.pos, or before r.pin while Raw holds a value), moving the rest to the front,
// and grows the buffer only when the token already fills it. It returns how far the bytes moved
// (callers holding buffer indices subtract it) and false at the end of the input or on an error,
// which it records. A memory reader has no more input.
func (r *Reader) more() (shift int, ok bool) {
	if r.src == nil || r.err != nil {
		return 0, false
	}
	if r.srcErr != nil {
		r.err, r.srcErr = r.srcErr, nil
		return 0, false
	}
	if r.eof {
		return 0, false
	}
	keep := r.pos
	if r.pin >= 0 && r.pin < keep {
		keep = r.pin
	}
	if keep > 0 {
		r.drop(keep)
	}
	// What is left is the start of one token (or of the value Raw holds), which needs more room
	// than that.
	r.bufMax = max(r.bufMax, len(r.buf)+1)
	if len(r.buf) == len(r.win) {
		if !r.grow() {
			return keep, false
		}
	}
	for tries := 0; ; tries++ {
		n, err := r.src.Read(r.win[len(r.buf):])
		if n < 0 || n > len(r.win)-len(r.buf) {
			r.err = io.ErrShortBuffer // a broken io.Reader; never index with its count
			return keep, false
		}
		r.buf = r.win[:len(r.buf)+n]
		r.total += int64(n)
		if lim := r.opts.MaxInputSize; lim > 0 && r.total > lim {
			r.fail(len(r.buf)-int(r.total-lim), "input exceeds the limit of "+strconv.FormatInt(lim, 10)+" bytes", "")
			return keep, false
		}
		if err == io.EOF {
			r.eof = true
		} else if err != nil {
			if n == 0 {
				r.err = err
				return keep, false
			}
			r.srcErr = err
		}
		if n > 0 {
			return keep, true
		}
		if r.eof {
			return keep, false
		}
		if tries >= 100 {
			r.err = io.ErrNoProgress
			return keep, false
		}
	}
}

// drop discards buf[:n], counting its newlines for error positions.
func (r *Reader) drop(n int) {
	gone := r.buf[:n]
	if nl := bytes.Count(gone, nlByte); nl > 0 {
		r.lines += int64(nl)
		r.lineOff = r.base + int64(bytes.LastIndexByte(gone, '\n')) + 1
	}
	copy(r.win, r.buf[n:])
	r.buf = r.win[:len(r.buf)-n]
	r.base += int64(n)
	r.pos -= n
	if r.pin >= 0 {
		r.pin -= n
	}
}

var nlByte = []byte{'\n'}

// grow doubles the buffer, which one token fills, up to the token limit.
func (r *Reader) grow() bool {
	lim := r.opts.MaxTokenSize
	if len(r.win) >= lim {
		r.fail(r.pos, "token exceeds the limit of "+strconv.Itoa(lim)+" bytes", "")
		return false
	}
	w := make([]byte, min(2*len(r.win), lim))
	copy(w, r.buf)
	r.win, r.buf = w, w[:len(r.buf)]
	return true
}
