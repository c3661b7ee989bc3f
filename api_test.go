package rules_test

import (
	"flag"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-go/rules/internal/apicheck"
)

var updateAPI = flag.Bool("update-api", false, "rewrite the pinned API files in api/ from the source")

const modulePath = "github.com/tabletop-go/rules"

// TestAPIIsPinned compares the exported API of every importable package
// of the module (not internal ones, not commands) with the files in api/,
// one per package, and names every line added or removed. A change to the
// API is made on purpose: run
//
//	go test . -run TestAPIIsPinned -update-api
//
// and commit the new files with the change (and a CHANGELOG.md entry).
func TestAPIIsPinned(t *testing.T) {
	pkgs := importablePackages(t)
	want := map[string]bool{}
	for _, rel := range pkgs {
		path := modulePath
		if rel != "." {
			path += "/" + rel
		}
		got, err := apicheck.List(rel, path)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join("api", apiFileName(rel))
		want[filepath.Base(file)] = true
		if *updateAPI {
			if err := os.WriteFile(file, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s: no pinned API (%v); run go test . -run TestAPIIsPinned -update-api", path, err)
			continue
		}
		pinned := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		for _, line := range got {
			if _, found := slices.BinarySearch(pinned, line); !found {
				t.Errorf("API added: %s", line)
			}
		}
		for _, line := range pinned {
			if _, found := slices.BinarySearch(got, line); !found {
				t.Errorf("API removed or changed: %s", line)
			}
		}
	}
	if t.Failed() {
		t.Log("if the change is meant, run: go test . -run TestAPIIsPinned -update-api (and say so in CHANGELOG.md)")
	}
	entries, err := os.ReadDir("api")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !want[e.Name()] {
			if *updateAPI {
				os.Remove(filepath.Join("api", e.Name()))
				continue
			}
			t.Errorf("api/%s pins a package that is gone", e.Name())
		}
	}
}

// apiFileName is the file in api/ of the package in directory rel:
// "rules.txt" for the root, "hex.svg.txt" for hex/svg.
func apiFileName(rel string) string {
	if rel == "." {
		return "rules.txt"
	}
	return strings.ReplaceAll(rel, "/", ".") + ".txt"
}

// importablePackages lists the module's directories (relative, "." for
// the root) that hold a package another module can import: not under
// internal/ or testdata/, not a nested module, not a command.
func importablePackages(t *testing.T) []string {
	var out []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		base := d.Name()
		if path != "." && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") || base == "testdata" || base == "internal") {
			return filepath.SkipDir
		}
		if path != "." {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own
			}
		}
		name, ok := packageName(path)
		if ok && name != "main" {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// packageName returns the package clause of the first non-test Go file in
// dir.
func packageName(dir string) (string, bool) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, n), nil, parser.PackageClauseOnly)
		if err == nil {
			return f.Name.Name, true
		}
	}
	return "", false
}
