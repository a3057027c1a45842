//go:build !race

package jsontext

// raceEnabled reports a -race build; see race_on_test.go.
const raceEnabled = false
