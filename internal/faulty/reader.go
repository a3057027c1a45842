package faulty

import (
	"io"
	"math/rand/v2"
)

// A Reader hands out its data in short pieces of random length (1 to MaxRead bytes, and now and then
// an empty read), the way a network connection can, and then returns Err (io.EOF when nil). Tests
// use it to hold a streaming reader to its in-memory twin.
type Reader struct {
	data    []byte
	rnd     *rand.Rand
	MaxRead int   // the longest piece; 1 reads one byte at a time
	Err     error // returned once the data is used up; nil means io.EOF
	// ErrWithData, when set, returns Err together with the last bytes instead of after them.
	ErrWithData bool
}

// NewReader returns a Reader of data whose piece lengths follow seed.
func NewReader(data []byte, seed uint64, maxRead int) *Reader {
	return &Reader{data: data, rnd: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), MaxRead: max(maxRead, 1)}
}

// Read implements io.Reader.
func (r *Reader) Read(p []byte) (int, error) {
	err := r.Err
	if err == nil {
		err = io.EOF
	}
	if len(r.data) == 0 {
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if r.MaxRead > 1 && r.rnd.IntN(16) == 0 {
		return 0, nil // an empty read, which io.Reader allows
	}
	n := min(1+r.rnd.IntN(r.MaxRead), len(p), len(r.data))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	if len(r.data) == 0 && r.ErrWithData {
		return n, err
	}
	return n, nil
}
