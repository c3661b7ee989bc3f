// Package jsbuild builds js/dist, the JavaScript package's files: the
// WebAssembly module (GOOS=js GOARCH=wasm go build of js/wasm), the Go
// toolchain's wasm_exec.js and the wrapper from js/src. It also digests
// what the module is built from, so that a test can tell whether the
// committed js/dist is current without the toolchain that built it.
package jsbuild

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Wrapper lists the files copied from js/src to js/dist.
var Wrapper = []string{"index.js", "errors.js", "index.d.ts"}

// noInline are the standard packages the module is built without
// inlining: none is on a path the rules run hot (they serve errors,
// text and the runtime's start), and their inlined copies cost 40 KB of
// the gzipped module, which the site sends to every new visitor.
var noInline = []string{"fmt", "reflect", "time", "os", "syscall/js", "io/fs",
	"encoding/base64", "bufio", "unicode/utf16", "path", "syscall"}

// Stamp is the name of the file in js/dist that records what it was built
// from: the Go version and the digest of the sources.
const Stamp = "build.txt"

// Env is the environment of the WebAssembly build.
func Env() []string {
	return append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
}

// Build writes the WebAssembly module, wasm_exec.js, the wrapper and the
// stamp into out, from the module rooted at root.
func Build(root, out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	wasm := filepath.Join(out, "rules.wasm")
	args := []string{"build", "-trimpath", "-ldflags=-s -w -buildid="}
	for _, pkg := range noInline {
		args = append(args, "-gcflags="+pkg+"=-l")
	}
	cmd := exec.Command("go", append(args, "-o", wasm, "./js/wasm")...)
	cmd.Dir, cmd.Env = root, Env()
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build of js/wasm: %v\n%s", err, b)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	execJS, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "wasm_exec.js"), execJS, 0o644); err != nil {
		return err
	}
	for _, f := range Wrapper {
		b, err := os.ReadFile(filepath.Join(root, "js", "src", f))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, f), b, 0o644); err != nil {
			return err
		}
	}
	stamp, err := StampText(root)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, Stamp), []byte(stamp), 0o644)
}

// StampText is the stamp of the sources under root: the Go version and a
// digest of every Go file (but tests) of the module's packages the
// WebAssembly module is built from, with go.mod and the wrapper's files.
func StampText(root string) (string, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.Dir}}\t{{join .GoFiles \" \"}}{{end}}", "./js/wasm")
	cmd.Dir, cmd.Env = root, Env()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	list, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %v\n%s", err, stderr.Bytes())
	}
	var files []string
	for line := range strings.Lines(string(list)) {
		dir, names, ok := strings.Cut(strings.TrimSpace(line), "\t")
		if !ok {
			continue
		}
		for name := range strings.FieldsSeq(names) {
			rel, err := filepath.Rel(root, filepath.Join(dir, name))
			if err != nil || strings.HasPrefix(rel, "..") {
				return "", fmt.Errorf("%s is outside the module", filepath.Join(dir, name))
			}
			files = append(files, filepath.ToSlash(rel))
		}
	}
	files = append(files, "go.mod")
	for _, f := range Wrapper {
		files = append(files, "js/src/"+f)
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", f, len(b))
		h.Write(b)
	}
	version, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOVERSION: %v", err)
	}
	return fmt.Sprintf("go %s\nsources %s (%d files)\n", strings.TrimSpace(string(version)), hex.EncodeToString(h.Sum(nil)), len(files)), nil
}
