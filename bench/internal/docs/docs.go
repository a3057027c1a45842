// Package docs loads the benchmark documents: real JSON files read at run time from the Go module
// cache (other projects' test data, never copied into this repository), and an OpenRTB bid
// response built from the OpenRTB 2.6 examples with generated VAST markup in its "adm".
package docs

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// A Doc is one benchmark document.
type Doc struct {
	Name   string
	Source string // module@version/path, or how it was built
	Data   []byte
	// New returns a pointer to a fresh value of the document's Go type, or is nil when the
	// document has no type here (then only the "any" and token workloads run).
	New      func() any
	TypeName string
}

// A Skip records a document that could not be used, and why.
type Skip struct {
	Name, Reason string
}

// A source is a folder of documents in one module version.
type source struct {
	module, version, dir string
	files                []string // wanted files; a missing one is reported
	glob                 string   // or every file matching this pattern
}

// The pinned modules the documents come from.
const (
	SonicVersion      = "v1.15.5"
	ExperimentVersion = "v1.27.2"
	SimdjsonVersion   = "v0.4.5"
	OpenRTBVersion    = "v20.3.0"
)

var sources = []source{
	{module: "github.com/bytedance/sonic", version: SonicVersion, dir: "testdata", files: []string{
		"twitter.json", "twitterescaped.json", "citm_catalog.json.gz", "golang_source.json.gz",
		"synthea_fhir.json.gz", "canada_geometry.json.gz", "twitter_status.json.gz",
		"string_escaped.json.gz", "string_unicode.json.gz"}},
	{module: "github.com/go-json-experiment/json", version: ExperimentVersion, dir: "internal/jsontest/_embed", glob: "*.json.zst"},
	{module: "github.com/minio/simdjson-go", version: SimdjsonVersion, dir: "testdata", glob: "*.json.zst"},
}

// types maps a document name to its Go type.
var types = map[string]struct {
	name string
	new  func() any
}{
	"twitter":         {"Twitter", func() any { return new(Twitter) }},
	"twitterescaped":  {"Twitter", func() any { return new(Twitter) }},
	"twitter_status":  {"Twitter", func() any { return new(Twitter) }},
	"citm_catalog":    {"CITM", func() any { return new(CITM) }},
	"canada":          {"Canada", func() any { return new(Canada) }},
	"canada_geometry": {"Canada", func() any { return new(Canada) }},
	"golang_source":   {"GolangSource", func() any { return new(GolangSource) }},
}

// Load returns every document whose name keep accepts (keep may be nil), in a stable order: the
// typed documents first, then by size. Documents with the same bytes as an earlier one, and
// modules that cannot be downloaded, are reported in the skips; Load never fails as a whole.
func Load(keep func(name string) bool) ([]Doc, []Skip) {
	var out []Doc
	var skips []Skip
	seen := map[[32]byte]string{}
	add := func(d Doc) {
		sum := sha256.Sum256(d.Data)
		if prev, ok := seen[sum]; ok {
			skips = append(skips, Skip{d.Source, "same bytes as " + prev})
			return
		}
		seen[sum] = d.Source
		out = append(out, d)
	}
	for _, src := range sources {
		mod := src.module + "@" + src.version
		dir, err := ModuleDir(src.module, src.version)
		if err != nil {
			skips = append(skips, Skip{mod, err.Error()})
			continue
		}
		files := src.files
		if src.glob != "" {
			files, _ = filepath.Glob(filepath.Join(dir, filepath.FromSlash(src.dir), src.glob))
			for i := range files {
				files[i] = filepath.Base(files[i])
			}
			sort.Strings(files)
		}
		for _, f := range files {
			name := docName(f)
			if keep != nil && !keep(name) {
				continue
			}
			data, err := readFile(filepath.Join(dir, filepath.FromSlash(src.dir), f))
			if err != nil {
				skips = append(skips, Skip{name, fmt.Sprintf("%s/%s/%s: %v", mod, src.dir, f, noPath(err))})
				continue
			}
			if !json.Valid(data) {
				skips = append(skips, Skip{name, fmt.Sprintf("%s/%s/%s is not valid JSON", mod, src.dir, f)})
				continue
			}
			d := Doc{Name: name, Source: mod + "/" + path.Join(src.dir, f), Data: data}
			if t, ok := types[name]; ok {
				d.New, d.TypeName = t.new, t.name
			}
			add(d)
		}
	}
	if keep == nil || keep(OpenRTBName) {
		d, err := OpenRTB()
		if err != nil {
			skips = append(skips, Skip{OpenRTBName, err.Error()})
		} else {
			add(d)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if (out[i].New != nil) != (out[j].New != nil) {
			return out[i].New != nil
		}
		return len(out[i].Data) < len(out[j].Data)
	})
	return out, skips
}

// noPath drops the local file name from a file error, so that reports name no folder of this
// machine.
func noPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// docName strips a file name's extensions: "citm_catalog.json.gz" is "citm_catalog".
func docName(file string) string {
	for _, ext := range []string{".zst", ".gz", ".json"} {
		file = strings.TrimSuffix(file, ext)
	}
	return file
}

func readFile(name string) ([]byte, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	switch {
	case strings.HasSuffix(name, ".gz"):
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		return io.ReadAll(zr)
	case strings.HasSuffix(name, ".zst"):
		zr, err := zstd.NewReader(nil)
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		return zr.DecodeAll(data, nil)
	}
	return data, nil
}

var (
	dirMu    sync.Mutex
	dirCache = map[string]dirResult{}
)

type dirResult struct {
	dir string
	err error
}

// ModuleDir returns the module cache folder of module@version, downloading it if need be with
// `go mod download`, run outside any module so that no go.mod or go.sum changes.
func ModuleDir(module, version string) (string, error) {
	key := module + "@" + version
	dirMu.Lock()
	defer dirMu.Unlock()
	if r, ok := dirCache[key]; ok {
		return r.dir, r.err
	}
	dir, err := moduleDir(key)
	dirCache[key] = dirResult{dir, err}
	return dir, err
}

func moduleDir(key string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", key)
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil {
		if runErr != nil {
			return "", fmt.Errorf("go mod download %s: %v: %s", key, runErr, strings.TrimSpace(stderr.String()))
		}
		return "", fmt.Errorf("go mod download %s: %v", key, err)
	}
	if info.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", key, info.Error)
	}
	if info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no folder reported", key)
	}
	return info.Dir, nil
}
