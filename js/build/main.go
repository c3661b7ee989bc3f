// Command build writes js/dist, the JavaScript package's files: the
// WebAssembly module built from js/wasm, the Go toolchain's
// wasm_exec.js, the wrapper from js/src and build.txt, which records the
// Go version and a digest of the sources. Run it from the module's root
// after changing a game, the binding or the wrapper:
//
//	go run ./js/build
//
// go test ./js/dist fails while js/dist is stale.
package main

import (
	"fmt"
	"os"

	"github.com/tabletop-go/rules/js/internal/jsbuild"
)

func main() {
	if err := jsbuild.Build(".", "js/dist"); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}
