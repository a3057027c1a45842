//go:build race

package stride

// raceEnabled reports a -race build, in which sync.Pool drops a share of what is put in it on
// purpose, so tests of pooled buffers skip.
const raceEnabled = true
