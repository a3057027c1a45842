//go:build race

package json

// raceEnabled reports a -race build, in which sync.Pool drops a share of what is put in it on
// purpose, so allocation tests of pooled states skip.
const raceEnabled = true
