//go:build race

package jsontext

// raceEnabled reports a -race build, in which sync.Pool drops a share of what is put in it on
// purpose, so allocation tests of pooled readers skip.
const raceEnabled = true
