package protocol

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// A reply as a client reads it.
type replyMsg struct {
	ok   bool   // "=" rather than "?"
	id   string // the id after the mark, "" if none
	text string // the text after the id and one space, lines joined by "\n"
}

// errFlood and errMalformed are returned by readReply (errMalformed
// wrapped with the offending line).
var errFlood = errors.New("reply too long")

type malformedError struct{ line string }

func (e *malformedError) Error() string { return "not a reply: " + quote(e.line) }

// readReply reads one reply: blank lines, then a line starting with "="
// or "?" and an optional id, then more lines up to a blank line (a line
// of nothing but white space). It reads at most limit bytes in all
// (errFlood past them) and returns io.EOF, or io.ErrUnexpectedEOF in the
// middle of a reply, when the output ends.
func readReply(br *bufio.Reader, limit int) (replyMsg, error) {
	var lines []string
	for {
		line, n, err := readLine(br, limit)
		limit -= n
		if err == io.EOF && len(lines) > 0 {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			return replyMsg{}, err
		}
		line = strings.TrimRight(line, "\r")
		if strings.TrimRight(line, " \t") == "" {
			if len(lines) == 0 {
				continue // blank lines before a reply
			}
			break
		}
		if len(lines) == 0 && line[0] != '=' && line[0] != '?' {
			return replyMsg{}, &malformedError{line} // at once: no need to wait for more
		}
		lines = append(lines, line)
	}
	first := lines[0]
	r := replyMsg{ok: first[0] == '='}
	i := 1
	for i < len(first) && first[i] >= '0' && first[i] <= '9' {
		i++
	}
	r.id = first[1:i]
	rest := first[i:]
	switch {
	case rest == "":
	case rest[0] == ' ' || rest[0] == '\t':
		rest = rest[1:]
	default:
		return replyMsg{}, &malformedError{first}
	}
	lines[0] = rest
	r.text = strings.Join(lines, "\n")
	return r, nil
}

// readLine reads a line of at most limit bytes, its line break included,
// and returns it without the line break and the bytes it read. Past limit
// it stops reading, with errFlood. A last line without a line break is a
// line; the end of the output before any byte is io.EOF.
func readLine(br *bufio.Reader, limit int) (string, int, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > limit {
			return "", len(buf) + len(chunk), errFlood
		}
		buf = append(buf, chunk...)
		switch {
		case err == nil:
			return string(buf[:len(buf)-1]), len(buf), nil
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(buf) > 0:
			return string(buf), len(buf), nil
		}
		return "", len(buf), err
	}
}
