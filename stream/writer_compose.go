package stream

// The go-jsonstream style: obj := w.Object(); obj.Name("a").Int(1); obj.End(). Errors are sticky,
// so a codec written this way checks one error at the end (Flush or Err).

// ObjectWriter writes the members of an object opened by Writer.Object.
type ObjectWriter struct{ w *Writer }

// ArrayWriter closes an array opened by Writer.Array; its elements are written with the Writer.
type ArrayWriter struct{ w *Writer }

// Object writes '{' and returns an ObjectWriter for its members.
func (w *Writer) Object() ObjectWriter {
	w.BeginObject()
	return ObjectWriter{w}
}

// Name writes a member name and returns the Writer, for the member's value.
func (o ObjectWriter) Name(name string) *Writer {
	o.w.Name(name)
	return o.w
}

// End writes '}' and returns the sticky error, if any.
func (o ObjectWriter) End() error { return o.w.EndObject() }

// Array writes '[' and returns an ArrayWriter that closes it.
func (w *Writer) Array() ArrayWriter {
	w.BeginArray()
	return ArrayWriter{w}
}

// End writes ']' and returns the sticky error, if any.
func (a ArrayWriter) End() error { return a.w.EndArray() }
