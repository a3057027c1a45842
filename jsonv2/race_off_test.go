//go:build !race

package json

// raceEnabled reports a -race build; see race_on_test.go.
const raceEnabled = false
