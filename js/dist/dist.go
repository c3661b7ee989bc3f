// Package dist is the built JavaScript package (go run ./js/build writes
// it): the WebAssembly module rules.wasm, the Go toolchain's
// wasm_exec.js, the wrapper (index.js, errors.js, index.d.ts) and
// build.txt, which records the Go version and a digest of the sources it
// was built from. FS holds them for a Go program that serves them, as
// the game site does; go test here fails while they are stale.
package dist

import "embed"

// FS holds the package's files, by their names: rules.wasm,
// wasm_exec.js, index.js, errors.js and index.d.ts.
//
//go:embed rules.wasm wasm_exec.js index.js errors.js index.d.ts
var FS embed.FS
