package testkit

import "io"

// Repeated is a reader of Head, then Body repeated to N bytes, then Tail,
// made as it is read: a test feeds a large input without holding it.
type Repeated struct {
	Head, Body, Tail string
	N                int // bytes of Body to write
	at               int
}

// Read implements io.Reader.
func (g *Repeated) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		switch {
		case g.Head != "":
			c := copy(p[n:], g.Head)
			g.Head, n = g.Head[c:], n+c
		case g.at < g.N:
			off := g.at % len(g.Body)
			c := copy(p[n:], g.Body[off:min(len(g.Body), off+g.N-g.at)])
			g.at, n = g.at+c, n+c
		case g.Tail != "":
			c := copy(p[n:], g.Tail)
			g.Tail, n = g.Tail[c:], n+c
		default:
			if n == 0 {
				return 0, io.EOF
			}
			return n, nil
		}
	}
	return n, nil
}
