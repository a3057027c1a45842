//go:build goexperiment.jsonv2 && go1.27

package json

import (
	stdjson "encoding/json/v2"
	"strings"
	"sync"
)

// modalVerb is the word the standard encoding/json/v2 of this process puts before the action in
// its errors ("cannot" or "unable to", chosen once per process), so that the errors read alike.
var modalVerb = sync.OnceValue(func() string {
	s := strings.TrimPrefix((&stdjson.SemanticError{}).Error(), "json: ")
	return strings.TrimSuffix(s, " handle")
})
