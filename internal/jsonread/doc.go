// Package jsonread is the reader the codecs decode through: a Cursor over JSON text in memory,
// which checks the grammar as it reads but keeps no error (the caller finds out what broke by
// reading the input again with stream.Reader, which reports it), and a Source, a Decoder's
// input, which fills a buffer from an io.Reader and, in stream mode, lets a Cursor read on past
// the end of what it sees while dropping what it is done with.
//
// It sits beside the token layer (package stream), whose Kind and options it uses, and below
// the codecs (internal/codec); nothing in it refers to them. The Cursor is the codecs' fast
// path: no per-call state checks, no error values, containers stepped through with small
// iterators held on the caller's stack.
//
// Skip, the walk over a value that checks it without decoding it, is the token layer's as well:
// stream.Reader skips with it, reading what it leaves (tokens cut by a buffer's end, errors) with
// its own scans and reporting errors in its terms.
package jsonread
