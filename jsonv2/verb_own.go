//go:build !(goexperiment.jsonv2 && go1.27)

package json

import "sync"

// modalVerb is the word put before the action in errors: "cannot" or "unable to", chosen once
// per process at random, as encoding/json/v2 does, so that no program comes to depend on either.
var modalVerb = sync.OnceValue(func() string {
	for verb := range map[string]struct{}{"cannot": {}, "unable to": {}} {
		return verb
	}
	return "cannot"
})
