// Package bench compares Stride with encoding/json and the other Go JSON libraries on strings,
// documents and tokens. It is a separate module so that the library itself keeps no dependencies.
//
// Two ways to run it:
//
//	go run ./cmd/report             # every figure side by side, written to RESULTS.md and charts/
//	go test -bench . -count 10      # ordinary benchmarks, for benchstat
//
// The benchmarks are named Kind/input/library, e.g. BenchmarkStrings/string-write/vast-plain/stride.
// Only cases whose output agrees with encoding/json's are run.
package bench
