//go:build goexperiment.jsonv2

package main

// jsonImpl names the encoding/json this binary was built with, which stride bench compares with:
// with the goexperiment.jsonv2 build tag (Go 1.27 by default, Go 1.26 with GOEXPERIMENT=jsonv2),
// the implementation built on encoding/json/v2.
const jsonImpl = "v2-based implementation"
