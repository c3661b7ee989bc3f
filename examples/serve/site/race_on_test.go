//go:build race

package site

// raceEnabled: the race detector slows the server down about tenfold, so
// the load test plays fewer games under it (it is there to find races, and
// the plain run measures the load).
const raceEnabled = true
