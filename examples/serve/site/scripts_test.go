package site

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestThePageScriptsParse: node --check reads every script of the page,
// so that a syntax error fails here and not only in the browser test.
func TestThePageScriptsParse(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI installs Node (Debian's nodejs), which this test needs")
		}
		t.Skip("no node")
	}
	scripts, _ := filepath.Glob("web/*.js")
	if len(scripts) < 2 {
		t.Fatalf("the page's scripts: %v", scripts)
	}
	for _, f := range scripts {
		if out, err := exec.Command(node, "--check", f).CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", f, err, out)
		}
	}
}
