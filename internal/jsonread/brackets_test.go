package jsonread

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// bracketsRef is Brackets' definition, one byte at a time: the index after the container that
// begins at data[0], or -1 when it does not end.
func bracketsRef(data []byte) int {
	depth, in, esc := 0, false, false
	for i, c := range data {
		switch {
		case esc:
			esc = false
		case c == '\\':
			esc = true // outside strings too: Brackets reads backslashes wherever they are
		case c == '"':
			in = !in
		case in:
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// checkBrackets runs Brackets over data whole, and in windows that grow by the given steps (as a
// stream reader's do), and holds both to bracketsRef.
func checkBrackets(t *testing.T, data []byte, steps []int) {
	t.Helper()
	want := bracketsRef(data)
	var m Brackets
	m.Begin()
	end, ok := m.Run(data, 0, true)
	if !ok {
		end = -1
	}
	if end != want {
		t.Fatalf("Brackets over %q: %d, want %d", data, end, want)
	}
	m.Begin()
	i, w := 0, 0
	for k := 0; ; k++ {
		w = min(len(data), w+steps[k%len(steps)])
		final := w == len(data)
		if end, ok = m.Run(data[:w], i, final); ok || final {
			break
		}
		if end < i || end > w {
			t.Fatalf("Brackets in windows over %q: went from %d to %d in a window of %d", data, i, end, w)
		}
		i = end
	}
	if !ok {
		end = -1
	}
	if end != want {
		t.Fatalf("Brackets in windows %v over %q: %d, want %d", steps, data, end, want)
	}
}

func TestBracketsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte(`"\[]{}a:, `)
	for range 20000 {
		data := make([]byte, 1+rng.IntN(400))
		for i := range data {
			data[i] = alphabet[rng.IntN(len(alphabet))]
		}
		data[0] = "[{"[rng.IntN(2)]
		checkBrackets(t, data, []int{1 + rng.IntN(100), 1 + rng.IntN(3)})
	}
}

// TestBracketsDocuments steps over the first containers of the CLI's sample documents, whole and in windows.
func TestBracketsDocuments(t *testing.T) {
	sampleContainers(t, 300, func(data []byte) { checkBrackets(t, data, []int{4096, 7, 64}) })
}

// sampleContainers calls check with each of the first n arrays and objects of each of the CLI's
// sample documents, from its first byte to the end of the document.
func sampleContainers(t *testing.T, n int, check func(data []byte)) {
	files, _ := filepath.Glob("../../cmd/stride/samples/*.json")
	if len(files) == 0 {
		t.Fatal("no documents in testdata")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for i, c := range data {
			if c == '[' || c == '{' {
				check(data[i:])
				if seen++; seen == n {
					break
				}
			}
		}
	}
}

func FuzzBrackets(f *testing.F) {
	f.Add([]byte(`{"a":[1,"\"]",{"b":"\\"}]}`), uint8(5))
	f.Add([]byte(`["\\\"]"]`), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, step uint8) {
		if len(data) == 0 || data[0] != '[' && data[0] != '{' {
			return
		}
		checkBrackets(t, data, []int{1 + int(step), 64, 1})
	})
}
