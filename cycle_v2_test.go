//go:build goexperiment.jsonv2

package stride

// stdCrashesOnCycles: the encoding/json built on encoding/json/v2 (Go 1.27.3, and Go 1.26 with
// GOEXPERIMENT=jsonv2) overflows the stack, a fatal error, on `var v any; v = &v` and on Marshal
// of a cycle through a pointer, so cycle_test.go compares with what Go 1.26 gives, written down.
const stdCrashesOnCycles = true
