package main

import "github.com/stridejson/stride/stream"

const validateSummary = `Usage: stride validate [flags] [file...]

Checks that each file, or standard input, holds valid JSON (RFC 8259): one or more top-level
values separated by white space. Prints nothing and exits 0 when every input is valid. Otherwise
prints the first error of each invalid input to standard error as

  file:line:column: message (within /json/pointer)
      the line of the input around the error
      ^ under the offending byte

(the pointer part is left out at the top level) and exits 1. Columns count bytes from 1.

Reading stops at a limit: a number (or, with --reject-duplicate-names, a member name) over 64 MiB
(--max-token-size), nesting deeper than 10,000 (--max-depth), or an input over --max-input-size;
strings of any length are checked in constant memory. That is reported the same
way, as "limit reached, not a JSON error", and exits 4: the input may be valid, and a higher limit
reads it. --reject-duplicate-names and --reject-invalid-utf8 add checks that valid JSON may fail
(exit 1).

Exit codes (the highest applies): 0 every input is valid; 1 some input is not (or fails a check
asked for); 2 usage error; 3 an input could not be read; 4 an input reached a limit.`

func runValidate(e *env, args []string) int {
	fs := newFlags(e, "validate", validateSummary)
	single := fs.Bool("single", false, "require exactly one top-level value per input")
	var rf readFlags
	rf.register(fs, true)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if msg := rf.check(); msg != "" {
		e.failUsage(fs, msg)
		return e.code
	}
	r := stream.NewStreamReader(nil, rf.options())
	e.eachInput(fs.Args(), func(in *input) {
		r.ResetReader(in.src)
		if err := validate(r, *single); err != nil {
			e.report(in, err)
		}
	})
	return e.code
}

// validate reads and checks every value r holds: at least one, and with single no more than one.
func validate(r *stream.Reader, single bool) error {
	if err := copyValue(r, nil); err != nil {
		return err
	}
	for !single && r.More() {
		if err := copyValue(r, nil); err != nil {
			return err
		}
	}
	return r.End()
}
