// Package jsonnum holds Stride's number kernels: formatting floating-point values exactly as
// encoding/json formats them (format.go). Like the string kernels it uses the standard library only,
// allocates nothing on its fast paths and leaves error reporting to the public packages.
package jsonnum
