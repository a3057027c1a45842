package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// progressMin is the input size from which a progress bar is shown.
const progressMin = 64 << 20

// A progress draws a bar on a terminal while an input is read: bytes done, throughput, time left.
type progress struct {
	w     io.Writer
	total int64
	done  atomic.Int64
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup
	once  sync.Once
	mu    sync.Mutex // held while the bar or a message is written
}

// startProgress starts a progress bar on w for an input of size bytes, when w is a terminal (a
// character device) and size is known and over progressMin; otherwise it returns nil.
func startProgress(w io.Writer, size int64) *progress {
	f, ok := w.(*os.File)
	if !ok || size < progressMin {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	p := &progress{w: w, total: size, start: time.Now(), stop: make(chan struct{})}
	p.wg.Add(1)
	go p.loop()
	return p
}

// reader returns r counting what is read from it.
func (p *progress) reader(r io.Reader) io.Reader { return &countingReader{r, &p.done} }

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}

func (p *progress) loop() {
	defer p.wg.Done()
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			p.mu.Lock()
			fmt.Fprint(p.w, "\r\033[K") // erase the bar
			p.mu.Unlock()
			return
		case <-t.C:
			p.mu.Lock()
			fmt.Fprint(p.w, "\r"+p.bar(p.done.Load(), time.Since(p.start))+"\033[K")
			p.mu.Unlock()
		}
	}
}

// bar renders the progress after done bytes in elapsed time.
func (p *progress) bar(done int64, elapsed time.Duration) string {
	const width = 30
	frac := min(float64(done)/float64(p.total), 1)
	fill := int(frac * width)
	rate := float64(done) / max(elapsed.Seconds(), 1e-9)
	left := "?"
	if rate > 0 {
		left = time.Duration(float64(p.total-done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	return fmt.Sprintf("[%s%s] %3.0f%%  %s of %s  %s/s  %s left",
		strings.Repeat("=", fill), strings.Repeat(" ", width-fill), frac*100,
		humanBytes(float64(done)), humanBytes(float64(p.total)), humanBytes(rate), left)
}

// finish stops the bar and erases it. It does nothing on a nil progress, or the second time.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.once.Do(func() {
		close(p.stop)
		p.wg.Wait()
	})
}

// write writes msg to w, on a line of its own when the bar is showing there: the bar is erased
// first and drawn again at the next tick.
func (p *progress) write(w io.Writer, msg string) {
	if p == nil {
		io.WriteString(w, msg)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	io.WriteString(w, "\r\033[K"+msg)
}

// humanBytes formats n bytes in decimal units.
func humanBytes(n float64) string {
	units := []string{"B", "kB", "MB", "GB", "TB"}
	i := 0
	for n >= 1000 && i < len(units)-1 {
		n /= 1000
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.0f %s", n, units[i])
	}
	return fmt.Sprintf("%.1f %s", n, units[i])
}
