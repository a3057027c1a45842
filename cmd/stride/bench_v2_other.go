//go:build !(go1.27 && goexperiment.jsonv2)

package main

// Without the standard library's encoding/json/v2 (before Go 1.27, or with GOEXPERIMENT=nojsonv2)
// there are no v2 rows.
const v2Note = ""

func v2Rows(sample, any, any, []token) []benchRow { return nil }
