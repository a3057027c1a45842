package jsonread

// A Recent remembers the largest size the documents read lately needed, for the buffers' size
// policy of the Cursor, the Source and stream's Reader: Keep folds in the size one document
// needed and returns the largest of the last KeepDocs to 2*KeepDocs documents. Two generations
// of KeepDocs documents each, the current one and the one before, cost two words and a compare
// per document, where a ring of sizes would cost a scan.
type Recent struct {
	peak, prev int   // the largest size of the current generation, and of the one before
	docs       uint8 // documents in the current generation
}

// KeepDocs is how many documents at least a size is remembered for.
//
// NOTE: a 1.25 MiB document among small ones (up to 15 between two large ones) keeps the
// buffers; sized by the last document alone, the large document after each small one
// reallocated the decode buffer, 6.3 MiB each time.
const KeepDocs = 16

// Keep folds in size, what the document just read needed, and returns the size to keep.
func (h *Recent) Keep(size int) int {
	h.peak = max(h.peak, size)
	keep := max(h.peak, h.prev)
	if h.docs++; h.docs == KeepDocs {
		h.prev, h.peak, h.docs = h.peak, 0, 0
	}
	return keep
}

// Shrunk returns buf, a decode buffer, or a smaller empty one when buf is more than twice keep,
// the size recent documents needed (Keep), so that large documents now and then among small ones
// never grow it again, and one huge document does not pin its memory for long.
//
// NOTE: below 4 KiB shrinking saves less than it costs.
func Shrunk(buf []byte, keep int) []byte {
	if c := cap(buf); c > 2*keep && c > 4<<10 {
		if keep == 0 {
			return nil
		}
		return make([]byte, 0, keep)
	}
	return buf
}
