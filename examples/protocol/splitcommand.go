package protocol

import (
	"errors"
	"fmt"
	"strings"
)

// SplitCommand splits a command line into its program and arguments:
// words are separated by white space; single quotes keep everything up
// to the next single quote, double quotes everything up to the next
// double quote but a backslash escapes " and \ in them; outside quotes a
// backslash escapes the next character. No other shell syntax applies
// (no variables, globs or redirections).
func SplitCommand(s string) ([]string, error) {
	var argv []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				argv = append(argv, word.String())
				word.Reset()
				inWord = false
			}
		case c == '\\':
			inWord = true
			if i+1 < len(s) {
				i++
				word.WriteByte(s[i])
			}
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("protocol: unterminated ' in command %s", quote(s))
			}
			word.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				word.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("protocol: unterminated \" in command %s", quote(s))
			}
		default:
			inWord = true
			word.WriteByte(c)
		}
	}
	if inWord {
		argv = append(argv, word.String())
	}
	if len(argv) == 0 {
		return nil, errors.New("protocol: empty engine command")
	}
	return argv, nil
}
