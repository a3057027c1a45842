package jsonopts

import "testing"

// FuzzGetBool holds GetBool, which reads a list of options in place, to folding the list with
// Join and reading the Struct.
func FuzzGetBool(f *testing.F) {
	f.Add([]byte{1, 2, 3, 200, 7})
	f.Fuzz(func(t *testing.T, prog []byte) {
		var opts []Options
		for _, b := range prog {
			switch b % 8 {
			case 0:
				opts = append(opts, nil)
			case 1:
				opts = append(opts, Indent(" "))
			case 2:
				opts = append(opts, IndentPrefix(""))
			case 3:
				s := DefaultV1
				opts = append(opts, &s)
			case 4:
				opts = append(opts, Join(Bools(1)<<(b>>3%30+1)|Bools(b>>2&1)))
			default:
				opts = append(opts, Bools(1)<<(b>>3%30+1)|Bools(b&1))
			}
		}
		s := Join(opts...)
		for i := 1; i <= 30; i++ {
			b := Bools(1) << i
			v, set := GetBool(opts, b)
			wv, wset := s.Get(b)
			if v != wv || set != wset {
				t.Fatalf("GetBool(%v, bit %d) = %v, %v; Join gives %v, %v", prog, i, v, set, wv, wset)
			}
		}
	})
}
