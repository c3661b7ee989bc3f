package main

import (
	"fmt"
	"io"

	"github.com/tabletop-go/rules/notation"
)

// checkRecords is the glue of a record tool: it replays every record of a
// stream through the rules and reports each one's fate; it returns the
// number of bad records.
func checkRecords(stream []byte, out io.Writer) (bad int) {
	for rec, err := range notation.Records(stream) {
		if err == nil {
			var r notation.Replay
			if r, err = rec.Replay(); err == nil {
				fmt.Fprintf(out, "ok %d %s\n", len(r.Moves), r.Final().Outcome().Result())
				continue
			}
		}
		fmt.Fprintf(out, "bad: %v\n", err)
		bad++
	}
	return bad
}
