package jsonstr

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHotFunctionsInline fails when a function the loops rely on being inlined stops inlining, so a
// refactor cannot slow the kernels down unnoticed. The generic ones are checked as instantiated by a
// package that uses them.
func TestHotFunctionsInline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with the go command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goTool, "build", "-o", "/dev/null", "-gcflags=github.com/stridejson/stride/...=-m",
		"github.com/stridejson/stride/stream").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	inlined := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if _, after, ok := strings.Cut(line, ": can inline "); ok {
			name, _, _ := strings.Cut(after, " ")
			inlined[strings.TrimPrefix(name, "jsonstr.")] = true
		}
	}
	for _, fn := range []string{
		"store64", "stopsExtra", "hexVal",
		"load64[go.shape.string]", "load64[go.shape.[]uint8]",
		// The scan wrappers of index.go: inlined, they add no call in front of the word loops.
		"indexDefault[go.shape.string]", "indexDefault[go.shape.[]uint8]",
		"indexExtra[go.shape.string]", "indexExtra[go.shape.[]uint8]",
	} {
		if !inlined[fn] {
			t.Errorf("%s no longer inlines", fn)
		}
	}
}

// kernelLeaves lists the exported word leaves of the kernel packages, by package directory: the one
// copy of each trick, which the token layer and the codecs call instead of keeping their own.
var kernelLeaves = map[string][]string{
	"internal/jsonstr": {"Load64", "Stops", "QuoteStops", "FirstLane", "UTF8Lead"},
	"internal/jsonnum": {"NonDigits", "DigitsValue", "DigitsEnd"},
}

// TestLeavesInline fails when a kernel leaf stops being inlinable, or when a call of one anywhere in
// the module's code (tests aside) is not inlined: a leaf that became a call would cost its callers
// more than the copies it replaced. It compiles the module's packages with -m and compares the
// calls the compiler reports inlining with the calls the source holds.
func TestLeavesInline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the module with the go command")
	}
	if strconv.IntSize == 32 {
		// NOTE: a 64-bit word takes two registers there, and the inliner's budget runs out
		// sooner (GOARCH=386: nameTable.built, Stops, FirstLane); the list is for 64-bit targets.
		t.Skip("inlining is checked on 64-bit targets")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	root, err := exec.Command(goTool, "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	dir := strings.TrimSpace(string(root))
	// -trimpath names files by import path ("github.com/stridejson/stride/stream/skip.go"), the
	// same whichever directory compiled a package whose output the go command replays from its cache.
	out, err := exec.Command(goTool, "build", "-trimpath", "-gcflags=github.com/stridejson/stride/...=-m",
		"github.com/stridejson/stride/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	isLeaf := map[string]bool{} // "internal/jsonstr.Load64"
	for pkg, names := range kernelLeaves {
		for _, name := range names {
			isLeaf[pkg+"."+name] = true
		}
	}
	canInline := map[string]bool{}
	inlinedAt := map[string]bool{} // "stream/skip.go:55:45"
	for _, line := range strings.Split(string(out), "\n") {
		pos, msg, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		pos, ok = strings.CutPrefix(pos, "github.com/stridejson/stride/")
		if !ok {
			continue
		}
		file, _, _ := strings.Cut(pos, ":")
		if name, ok := strings.CutPrefix(msg, "can inline "); ok {
			name, _, _ = strings.Cut(name, " ")
			canInline[path.Dir(file)+"."+name] = true
			base, _, _ := strings.Cut(name, "[") // a generic function, by any of its shapes
			canInline[path.Dir(file)+"."+base] = true
		} else if strings.HasPrefix(msg, "inlining call to ") {
			inlinedAt[pos] = true
		}
	}
	for leaf := range isLeaf {
		if !canInline[leaf] {
			t.Errorf("%s is no longer inlinable", leaf)
		}
	}

	// The calls of leaves in the source, by position of their opening parenthesis (where the
	// compiler reports an inlined call).
	list, err := exec.Command(goTool, "list", "-f", `{{.Dir}}{{range .GoFiles}} {{.}}{{end}}`,
		"github.com/stridejson/stride/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	calls := 0
	for _, line := range strings.Split(strings.TrimSpace(string(list)), "\n") {
		f := strings.Fields(line)
		pkgDir, err := filepath.Rel(dir, f[0])
		if err != nil {
			t.Fatal(err)
		}
		pkgDir = filepath.ToSlash(pkgDir)
		for _, name := range f[1:] {
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, filepath.Join(f[0], name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			callee := func(call *ast.CallExpr) string {
				switch fn := call.Fun.(type) {
				case *ast.Ident: // a function of the caller's own package
					return pkgDir + "." + fn.Name
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok {
						return "internal/" + x.Name + "." + fn.Sel.Name
					}
				}
				return ""
			}
			// A leaf is flat: a function inlined inside it would leave a NOP (its inline mark) in
			// the loops of its callers.
			for _, decl := range file.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil && isLeaf[pkgDir+"."+fd.Name.Name] {
					ast.Inspect(fd.Body, func(n ast.Node) bool {
						if call, ok := n.(*ast.CallExpr); ok && canInline[callee(call)] {
							t.Errorf("%s: leaf %s calls %s, which inlines into it", fset.Position(call.Pos()), fd.Name.Name, callee(call))
						}
						return true
					})
				}
			}
			ast.Inspect(file, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				leaf := callee(call)
				if !isLeaf[leaf] {
					return true
				}
				calls++
				p := fset.Position(call.Lparen)
				at := path.Join(pkgDir, name) + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
				if !inlinedAt[at] {
					t.Errorf("%s: the call of %s is not inlined", at, leaf)
				}
				return true
			})
		}
	}
	if calls < 20 {
		t.Errorf("found only %d calls of the leaves in the module", calls)
	}
}
