package stride

// isSpace reports whether c is one of JSON's four white-space characters.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
