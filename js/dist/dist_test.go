package dist

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop-go/rules/js/internal/jsbuild"
)

const root = "../.."

// TestDistIsCurrent: the committed js/dist was built from the sources as
// they are (build.txt's digest), its wrapper is js/src's, and, with the
// Go version that built it, rebuilding gives the very same files. After
// changing a game, the binding or the wrapper, run go run ./js/build.
func TestDistIsCurrent(t *testing.T) {
	stamp, err := os.ReadFile(jsbuild.Stamp)
	if err != nil {
		t.Fatalf("%v: run go run ./js/build", err)
	}
	want, err := jsbuild.StampText(root)
	if err != nil {
		t.Fatal(err)
	}
	goLine, sources, _ := strings.Cut(string(stamp), "\n")
	wantGo, wantSources, _ := strings.Cut(want, "\n")
	if sources != wantSources {
		t.Fatalf("js/dist is stale: its sources changed since it was built (build.txt %q, now %q); run go run ./js/build",
			strings.TrimSpace(sources), strings.TrimSpace(wantSources))
	}
	for _, f := range jsbuild.Wrapper {
		src, err := os.ReadFile(filepath.Join(root, "js", "src", f))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(f); !bytes.Equal(got, src) {
			t.Errorf("js/dist/%s is not js/src/%s: run go run ./js/build", f, f)
		}
	}
	if goLine != wantGo {
		t.Skipf("js/dist was built by %s, this go is %s: its sources are current, the build is not compared byte for byte",
			strings.TrimPrefix(goLine, "go "), strings.TrimPrefix(wantGo, "go "))
	}
	if testing.Short() {
		t.Skip("the rebuild is skipped in -short")
	}
	out := t.TempDir()
	if err := jsbuild.Build(root, out); err != nil {
		t.Fatal(err)
	}
	for _, f := range append([]string{"rules.wasm", "wasm_exec.js", jsbuild.Stamp}, jsbuild.Wrapper...) {
		built, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(f); !bytes.Equal(got, built) {
			t.Errorf("js/dist/%s differs from a fresh build: run go run ./js/build", f)
		}
	}
}
