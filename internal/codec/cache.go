package codec

import "sync"

// The codec caches: one function per type (or per key that names a type), built on first use.

// cached returns the function m holds under k, building it with build the first time. Reads are
// lock-free; a function is built once (two goroutines may race to build one; the first stored
// wins and both use it). A recursive type reaches itself while it is being built, so a forwarder
// is stored first: forward makes one that waits on wg for the real function, *f, and calls it.
// The real function then replaces it.
func cached[K comparable, F any](m *sync.Map, k K, build func() F, forward func(wg *sync.WaitGroup, f *F) F) F {
	if f, ok := m.Load(k); ok {
		return f.(F)
	}
	var (
		wg sync.WaitGroup
		f  F
	)
	wg.Add(1)
	if got, loaded := m.LoadOrStore(k, forward(&wg, &f)); loaded {
		return got.(F)
	}
	f = build()
	wg.Done()
	m.Store(k, f)
	return f
}
