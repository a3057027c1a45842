package faulty

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

func TestReaderDeliversAllInPieces(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789"), 100)
	for _, maxRead := range []int{1, 3, 100} {
		r := NewReader(data, 1, maxRead)
		var got []byte
		buf := make([]byte, 64)
		longest := 0
		for {
			n, err := r.Read(buf)
			got = append(got, buf[:n]...)
			longest = max(longest, n)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(got, data) || longest > maxRead {
			t.Fatalf("max %d: got %d bytes, longest read %d", maxRead, len(got), longest)
		}
	}
	boom := errors.New("boom")
	r := NewReader([]byte("ab"), 2, 1)
	r.Err, r.ErrWithData = boom, true
	got, err := io.ReadAll(r)
	if string(got) != "ab" || err != boom {
		t.Fatalf("ReadAll = %q, %v", got, err)
	}
}
