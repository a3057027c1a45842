package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestFmtBoundedMemory pipes a document of tens of megabytes, generated as it is written, through
// stride fmt --compact and checks that the output is the input (which is compact already) and that
// the child's peak resident memory stays far below the document's size.
func TestFmtBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("pipes 48 MB through the binary")
	}
	if skip != "" {
		t.Skip(skip)
	}
	const size = 48 << 20
	cmd, stdin, stdout, stderr := startPiped(t, "fmt", "--compact")
	defer cmd.Process.Kill() // if the test fails before the child ends
	inHash := sha256.New()
	written := make(chan int64, 1)
	go func() {
		defer stdin.Close()
		w := bufio.NewWriter(io.MultiWriter(stdin, inHash))
		n := writeLargeDocument(w, size)
		w.Flush()
		written <- n
	}()
	// Read all but the last megabyte of the output, then the child's peak resident memory
	// (VmHWM) while it waits to write the rest, and then the rest. (The rusage of a finished
	// child is no good: its maximum can include the memory of the test process it was forked
	// from.)
	outHash := sha256.New()
	nOut, err := io.CopyN(outHash, stdout, size-1<<20)
	if err != nil {
		t.Fatal(err)
	}
	peak, err := peakMemory(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(outHash, stdout)
	if err != nil {
		t.Fatal(err)
	}
	nOut += n
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	nIn := <-written
	if nOut != nIn || !bytes.Equal(inHash.Sum(nil), outHash.Sum(nil)) {
		t.Fatalf("output (%d bytes) differs from the compact input (%d bytes)", nOut, nIn)
	}
	t.Logf("%d MB through stride fmt --compact; peak resident memory %.1f MB", nIn>>20, float64(peak)/(1<<20))
	if limit := int64(24 << 20); peak > limit {
		t.Errorf("peak resident memory %d MB over %d MB for a %d MB input", peak>>20, limit>>20, nIn>>20)
	}
}

// startPiped starts the binary with args, its standard input and output piped to the test.
func startPiped(t *testing.T, args ...string) (cmd *exec.Cmd, stdin io.WriteCloser, stdout io.ReadCloser, stderr *bytes.Buffer) {
	t.Helper()
	cmd = exec.Command(binary, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err = cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stdin, stdout, stderr
}

// peakMemory returns the peak resident memory of process pid, from /proc.
func peakMemory(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(rest, "kB")), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/%d/status", pid)
}

// writeLargeDocument writes a compact JSON array of objects of about size bytes, ending in a
// newline, with one long string of a megabyte among them, and returns the bytes written.
func writeLargeDocument(w io.Writer, size int64) int64 {
	var n int64
	put := func(s string) {
		k, _ := io.WriteString(w, s)
		n += int64(k)
	}
	long := strings.Repeat("long string with \\\"escapes\\\" and é ", 1<<20/34)
	put("[")
	for i := 0; n < size; i++ {
		if i > 0 {
			put(",")
		}
		if i == 1000 {
			put(`"` + long + `"`)
			continue
		}
		put(fmt.Sprintf(`{"id":%d,"name":"item \"%d\"\n","price":%d.%02d,"tags":["a","b","ünï"],"ok":true,"next":null,"nested":{"x":[1e-7,-0.5,[[]],{}]}}`,
			i, i, i%1000, i%100))
	}
	put("]\n")
	return n
}

// TestRedactBoundedMemory pipes the document of TestFmtBoundedMemory through stride redact,
// deleting one element before the long string and the long string itself: the output is the
// input less those two, and the child's peak resident memory stays far below the input's size.
func TestRedactBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("pipes 48 MB through the binary")
	}
	if skip != "" {
		t.Skip(skip)
	}
	const size = 48 << 20
	cmd, stdin, stdout, stderr := startPiped(t, "redact", "-p", "/5", "-p", "/1000")
	defer cmd.Process.Kill()
	written := make(chan int64, 1)
	go func() {
		defer stdin.Close()
		w := bufio.NewWriter(stdin)
		n := writeLargeDocument(w, size)
		w.Flush()
		written <- n
	}()
	nOut, err := io.CopyN(io.Discard, stdout, size-2<<20)
	if err != nil {
		t.Fatal(err)
	}
	peak, err := peakMemory(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, stdout)
	if err != nil {
		t.Fatal(err)
	}
	nOut += n
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	// What the two deletions take: ",element 5" and ",long string".
	var long bytes.Buffer
	elem5 := fmt.Sprintf(`,{"id":%d,"name":"item \"%d\"\n","price":%d.%02d,"tags":["a","b","ünï"],"ok":true,"next":null,"nested":{"x":[1e-7,-0.5,[[]],{}]}}`, 5, 5, 5, 5)
	long.WriteString(`,"` + strings.Repeat("long string with \\\"escapes\\\" and é ", 1<<20/34) + `"`)
	nIn := <-written
	if want := nIn - int64(len(elem5)+long.Len()); nOut != want {
		t.Errorf("output %d bytes, want %d", nOut, want)
	}
	t.Logf("%d MB through stride redact; peak resident memory %.1f MB", nIn>>20, float64(peak)/(1<<20))
	if limit := int64(24 << 20); peak > limit {
		t.Errorf("peak resident memory %d MB over %d MB for a %d MB input", peak>>20, limit>>20, nIn>>20)
	}
}

// TestGetStringBoundedMemory pipes a document whose member is a 48 MB string with escapes through
// stride get --raw: the text comes out whole, and the child's peak resident memory stays far below
// its size (no token limit applies either).
func TestGetStringBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("pipes 48 MB through the binary")
	}
	if skip != "" {
		t.Skip(skip)
	}
	const pieces = 2 << 20
	piece := `<a href=\"x\">\u00e9</a>` // 24 bytes of literal, 18 of text
	cmd, stdin, stdout, stderr := startPiped(t, "get", "--raw", "/adm")
	defer cmd.Process.Kill()
	go func() {
		defer stdin.Close()
		w := bufio.NewWriter(stdin)
		w.WriteString(`{"id":"x","adm":"`)
		for range pieces {
			w.WriteString(piece)
		}
		w.WriteString(`","tail":[1,2,3]}`)
		w.Flush()
	}()
	want := strings.Repeat(`<a href="x">é</a>`, 64)
	br := bufio.NewReader(stdout)
	buf := make([]byte, len(want))
	for i := 0; i < pieces/64; i++ {
		if _, err := io.ReadFull(br, buf); err != nil || string(buf) != want {
			t.Fatalf("piece %d: %q, %v", i, buf[:40], err)
		}
		if i == pieces/128 {
			if peak, err := peakMemory(cmd.Process.Pid); err != nil {
				t.Fatal(err)
			} else if limit := int64(24 << 20); peak > limit {
				t.Errorf("peak resident memory %d MB over %d MB for a 48 MB string", peak>>20, limit>>20)
			}
		}
	}
	if rest, _ := io.ReadAll(br); string(rest) != "\n" {
		t.Errorf("after the text: %q", rest)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
}
