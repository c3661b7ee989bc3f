// Package browsertest drives the game site of examples/serve in headless
// Chromium. It is a module of its own so that the SDK's go.mod needs no
// browser driver: a program that imports the SDK pulls no chromedp.
//
// The test builds the serve command (go build), runs it on 127.0.0.1 with
// a fresh data directory and plays through its pages. Without Chromium it
// skips, but under CI (CI set to anything) it fails instead: CI installs
// Debian's chromium (.ci/run). Run it from this directory:
//
//	cd examples/serve/browsertest && go test ./...
//
// $CHROMIUM names the browser, $SERVE_SCREENSHOTS a directory for the
// screenshots it takes (by default the test's temporary directory).
package browsertest
