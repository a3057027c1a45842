//go:build !goexperiment.jsonv2

package stride

// stdCrashesOnCycles reports whether the encoding/json of this build overflows the stack on the
// pointer and interface cycles of cycle_test.go. Go 1.26's handles them; see cycle_v2_test.go.
const stdCrashesOnCycles = false
