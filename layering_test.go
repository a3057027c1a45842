package stride

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestReflectAboveTokenLayer holds the layering: reflect and encoding/json (whose aliases and error
// values the front ends use) stay above the token layer. Below it, only internal/rawfield, the
// codecs' walk by address, uses reflect (it turns reflect's addresses and types into unsafe ones
// and back), and internal/jsontest, which only tests import, may use anything. internal/jsonfmt
// builds encoding/json's errors for Valid, Compact and Indent. Commands (cmd/...) sit above the
// root package and may use anything.
func TestReflectAboveTokenLayer(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goTool, "list", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	pkgs := strings.Fields(string(out))
	if len(pkgs) < 3 {
		t.Fatalf("go list found only %v", pkgs)
	}
	const mod = "github.com/stridejson/stride"
	may := map[string][]string{ // the packages that may depend on reflect or encoding/json, and which
		mod:                        {"reflect", "encoding/json"},
		mod + "/internal/rawfield": {"reflect"},
		mod + "/internal/jsonfmt":  {"reflect", "encoding/json"},
		mod + "/internal/codec":    {"reflect", "encoding/json"},
		mod + "/jsonv2":            {"reflect", "encoding/json"}, // Go values, through the codecs
	}
	for _, p := range pkgs {
		if p == mod+"/internal/jsontest" || strings.HasPrefix(p, mod+"/cmd/") {
			continue
		}
		deps, err := exec.Command(goTool, "list", "-deps", p).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", p, err, deps)
		}
		for _, d := range strings.Fields(string(deps)) {
			if (d == "reflect" || d == "encoding/json") && !slices.Contains(may[p], d) {
				t.Errorf("%s depends on %s", p, d)
			}
		}
	}
}

// TestOnlyRawfieldImportsUnsafe holds unsafe to internal/rawfield, where its invariants are written
// down: no other package of the module imports it directly.
func TestOnlyRawfieldImportsUnsafe(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goTool, "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		for _, imp := range f[1:] {
			if imp == "unsafe" && f[0] != "github.com/stridejson/stride/internal/rawfield" {
				t.Errorf("%s imports unsafe", f[0])
			}
		}
	}
}

// TestLayers holds the dependencies between the module's packages pointing down: each package
// imports only the packages of the module listed for it (front ends → codecs → token layer →
// cursor → kernels). A package not listed may import none.
func TestLayers(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	const mod = "github.com/stridejson/stride"
	kernels := []string{"internal/jsonstr", "internal/jsonnum", "internal/nameset"}
	allowed := map[string][]string{
		"":                  append([]string{"internal/codec", "stream", "internal/jsonfmt", "internal/jsonread", "internal/jsonopts"}, kernels...),
		"internal/codec":    append([]string{"stream", "internal/jsonfmt", "internal/jsonread", "internal/jsonopts", "internal/rawfield"}, kernels...),
		"internal/jsonfmt":  append([]string{"stream", "internal/jsonread"}, kernels...),
		"stream":            append([]string{"internal/jsonread"}, kernels...),
		"internal/jsonread": kernels,
		"jsontext":          append([]string{"stream", "internal/jsonopts", "internal/jsonread", "internal/jsonexport"}, kernels...),
		"jsonv2":            append([]string{"jsontext", "internal/codec", "stream", "internal/jsonopts", "internal/jsonread", "internal/jsonexport"}, kernels...),
		"internal/jsonnum":  {"internal/jsonstr"},
	}
	out, err := exec.Command(goTool, "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(strings.TrimPrefix(f[0], mod), "/")
		if strings.HasPrefix(pkg, "cmd/") || pkg == "internal/jsontest" {
			continue // commands and test helpers sit above everything
		}
		for _, imp := range f[1:] {
			if !strings.HasPrefix(imp, mod+"/") && imp != mod {
				continue
			}
			dep := strings.TrimPrefix(strings.TrimPrefix(imp, mod), "/")
			if !slices.Contains(allowed[pkg], dep) {
				t.Errorf("%s imports %s", f[0], imp)
			}
		}
	}
}
