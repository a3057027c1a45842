// Package jsonnum holds Stride's number kernels: formatting floating-point values exactly as
// encoding/json formats them, with the shortest digits from Schubfach (format.go, shortest.go);
// integers eight digits per store (int.go); scanning and parsing number literals, in one pass where
// Clinger's or the Eisel-Lemire conversion applies (scan.go, quick.go, lemire.go), on the eight-digit
// word leaves of digitword.go (NonDigits, DigitsValue), which the token layer and the codecs call
// too. Like the string kernels (whose Load64 it uses) it uses the standard library only, allocates
// nothing on its fast paths and leaves error reporting to the public packages.
package jsonnum
