//go:build !goexperiment.jsonv2

package main

// jsonImpl names the encoding/json this binary was built with, which stride bench compares with:
// without the goexperiment.jsonv2 build tag (Go 1.26 by default, Go 1.27 with
// GOEXPERIMENT=nojsonv2), the v1 implementation.
const jsonImpl = "v1 implementation"
