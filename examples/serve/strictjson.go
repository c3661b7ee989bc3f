package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// strictUnmarshal decodes one JSON object into v, a pointer to a struct,
// refusing what encoding/json lets pass: a field name that is not exactly
// one of the struct's (encoding/json matches names in any case, so
// "Key" and "KEY" would do for "key"), a field given twice (encoding/json
// keeps the last, so that two readers of one body may disagree), a field
// the struct does not have, and anything after the object. Only the
// object's own fields are checked, not those of objects nested in it.
func strictUnmarshal(data []byte, v any) error {
	names := jsonFieldNames(reflect.TypeOf(v).Elem())
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return errors.New("the body is not a JSON object")
	}
	seen := make(map[string]bool, len(names))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string)
		if !names[name] {
			for known := range names {
				if strings.EqualFold(known, name) {
					return fmt.Errorf("unknown field %s (field names are matched exactly: %s)", strconv.Quote(name), strconv.Quote(known))
				}
			}
			return fmt.Errorf("unknown field %s", strconv.Quote(name))
		}
		if seen[name] {
			return fmt.Errorf("the field %s is given twice", strconv.Quote(name))
		}
		seen[name] = true
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value")
	}
	// The names are now exactly the struct's, each once: encoding/json
	// reads them as they are.
	return json.Unmarshal(data, v)
}

var fieldNamesCache sync.Map // reflect.Type -> map[string]bool

// jsonFieldNames returns the JSON names of a struct type's fields, as
// encoding/json names them (the tag's name, else the field's).
func jsonFieldNames(t reflect.Type) map[string]bool {
	if names, ok := fieldNamesCache.Load(t); ok {
		return names.(map[string]bool)
	}
	names := map[string]bool{}
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		names[name] = true
	}
	fieldNamesCache.Store(t, names)
	return names
}
