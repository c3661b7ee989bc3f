package browsertest

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkModuleReady: one op opens the lobby in a fresh browser context
// (an empty cache) and waits for the page's rules, the JavaScript package
// and its WebAssembly module, to be ready; it reports the time the page
// measured from the start of the navigation to the end of load()
// (ready-ms): the page, the scripts and the module (gzipped) from the
// server, the compilation and the start of the Go runtime.
func BenchmarkModuleReady(b *testing.B) {
	path := chromium()
	if path == "" {
		b.Skip("no Chromium")
	}
	base := startSite(b)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	browser, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	if err := chromedp.Do(browser); err != nil {
		b.Fatal(err)
	}
	total := 0.0
	for b.Loop() {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		c, stop := context.WithTimeout(ctx, 30*time.Second)
		ms, err := chromedp.Run(c, func(ctx context.Context, t *chromedp.Target) (string, error) {
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
				return "", err
			}
			return chromedp.Run(ctx, chromedp.Poll[string](`document.documentElement.dataset.rulesMs`, chromedp.WithPollingInterval(5*time.Millisecond)))
		})
		stop()
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		v, err := strconv.ParseFloat(ms, 64)
		if err != nil {
			b.Fatalf("ready-ms %q: %v", ms, err)
		}
		total += v
	}
	b.ReportMetric(total/float64(b.N), "ready-ms")
}
