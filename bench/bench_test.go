package bench

import (
	"flag"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stridejson/stride/bench/internal/corpus"
	"github.com/stridejson/stride/bench/internal/docs"
	"github.com/stridejson/stride/bench/internal/lib"
	"github.com/stridejson/stride/bench/internal/suite"
)

var docsFlag = flag.String("docs", "", "regular expression choosing the documents of BenchmarkDocs (default all)")

var (
	docsOnce  sync.Once
	docsSuite *suite.Suite
	docsErr   error
	docsSkips []docs.Skip
)

func loadDocs(b *testing.B) *suite.Suite {
	docsOnce.Do(func() {
		var keep func(string) bool
		if *docsFlag != "" {
			re, err := regexp.Compile(*docsFlag)
			if err != nil {
				docsErr = err
				return
			}
			keep = re.MatchString
		}
		var ds []docs.Doc
		ds, docsSkips = docs.Load(keep)
		docsSuite, docsErr = suite.Build(suite.Options{Libs: lib.All(), Docs: ds})
	})
	if docsErr != nil {
		b.Fatal(docsErr)
	}
	for _, sk := range docsSkips {
		b.Logf("skipped %s: %s", sk.Name, sk.Reason)
	}
	return docsSuite
}

// BenchmarkStrings writes and reads the corpus strings.
func BenchmarkStrings(b *testing.B) {
	s, err := suite.Build(suite.Options{Libs: lib.All(), Strings: corpus.Strings()})
	if err != nil {
		b.Fatal(err)
	}
	runSuite(b, s)
}

// BenchmarkDocs unmarshals, decodes from an io.Reader, marshals, and writes and reads token by token
// the documents. Choose documents with -docs, e.g. go test -bench Docs -docs 'twitter|openrtb'.
func BenchmarkDocs(b *testing.B) {
	runSuite(b, loadDocs(b))
}

func runSuite(b *testing.B, s *suite.Suite) {
	for _, w := range s.Workloads {
		for _, c := range w.Cases {
			if !c.Timed() {
				b.Logf("%s %s not run: %s", w.ID(), c.Lib, c.Detail)
				continue
			}
			b.Run(w.ID()+"/"+benchName(c.Lib), func(b *testing.B) {
				b.SetBytes(int64(w.Bytes))
				b.ReportAllocs()
				for b.Loop() {
					if err := c.Op(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// benchName turns a row label into a benchmark name element: "sonic (ConfigStd)" is
// "sonic-ConfigStd", "memcpy (copy)" is "memcpy".
func benchName(lib string) string {
	switch lib {
	case suite.Memcpy:
		return "memcpy"
	case suite.IndexByte:
		return "IndexByte"
	}
	r := strings.NewReplacer(" (", "-", ")", "", " ", "-", "/", "-")
	return r.Replace(lib)
}

func TestBenchName(t *testing.T) {
	for in, want := range map[string]string{
		"sonic (ConfigStd)": "sonic-ConfigStd", "goccy/go-json": "goccy-go-json",
		"json/v2 (experiment)": "json-v2-experiment", suite.Memcpy: "memcpy", "stride": "stride",
	} {
		if got := benchName(in); got != want {
			t.Errorf("benchName(%q) = %q, want %q", in, got, want)
		}
	}
}
