//go:build purego || !(amd64 || arm64)

package jsonstr

func vecQuote(b []byte) int { panic("jsonstr: no vector scans") }
