package site

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// apiError is the body of every error reply.
type apiError struct {
	Error string `json:"error"`
	// Reason is the library's explanation of an illegal move, e.g.
	// "cell is occupied"; Kind its kind, e.g. "illegal move".
	Reason string `json:"reason,omitempty"`
	Kind   string `json:"kind,omitempty"`
	// Ply is the game's ply now, for a move sent for another ply.
	Ply *int `json:"ply,omitempty"`
}

func writeJSON(w http.ResponseWriter, code int, v any) { writeWithState(w, code, v, nil) }

// writeWithState writes the object v, with the field "state" added when
// state is not nil: the game's cached state JSON, written as it is (it is
// never changed once cached, so it is written after the game's lock is
// released, with no copy).
func writeWithState(w http.ResponseWriter, code int, v any, state []byte) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	if state == nil {
		w.Write(append(data, '\n'))
		return
	}
	w.Write(data[:len(data)-1])
	w.Write([]byte(`,"state":`))
	w.Write(state)
	w.Write([]byte("}\n"))
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, apiError{Error: msg})
}

// refuseOverCap writes the reply to a request over one of the caps (429,
// 503) and closes the connection after it: a client refused for holding
// too much does not go on holding its connection.
func refuseOverCap(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Connection", "close")
	writeError(w, code, msg)
}

// decode reads a JSON request body of at most maxBodyBytes into v, a
// pointer to a struct, and writes the error reply if it cannot: 415 for a
// body that is not application/json (a form or text/plain, which any page
// may send to any site without asking), 413 for one too large, 400 for
// one that is not exactly one object of v's fields, each given once and
// spelled exactly (strictUnmarshal).
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" ||
		len(params) > 1 || len(params) == 1 && !strings.EqualFold(params["charset"], "utf-8") {
		writeError(w, http.StatusUnsupportedMediaType, "the request body must be JSON, sent as Content-Type: application/json")
		return false
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err == nil {
		err = strictUnmarshal(data, v)
	}
	if err == nil {
		return true
	}
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over %d bytes", maxBodyBytes))
	} else {
		writeError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
	}
	return false
}
