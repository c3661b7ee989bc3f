package site

import (
	"bytes"
	"encoding"
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
// the struct does not have, and anything after the object. The objects
// nested in it (a struct in a field, in a slice, array or map, or behind
// a pointer) are checked the same way: a seat of a stored game with
// "key" and "Key" would otherwise take the last.
func strictUnmarshal(data []byte, v any) error {
	t := reflect.TypeOf(v).Elem()
	dec := json.NewDecoder(bytes.NewReader(data))
	var value json.RawMessage
	if err := dec.Decode(&value); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value")
	}
	if bytes.TrimLeft(value, " \t\r\n")[0] != '{' {
		return errors.New("the body is not a JSON object")
	}
	if err := checkStrict(value, t, ""); err != nil {
		return err
	}
	// The names are now exactly the types', each once, at every level:
	// encoding/json reads them as they are.
	return json.Unmarshal(data, v)
}

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// checkStrict checks one JSON value (syntactically valid: the decoder
// read it) against the type it is decoded into, as strictUnmarshal says;
// path names the value in errors ("" for the top level).
func checkStrict(value json.RawMessage, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	// A type that reads its own JSON (time.Time, say) is its own judge.
	if reflect.PointerTo(t).Implements(jsonUnmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType) {
		return nil
	}
	var first byte
	if v := bytes.TrimLeft(value, " \t\r\n"); len(v) > 0 {
		first = v[0]
	}
	switch {
	case t.Kind() == reflect.Struct && first == '{':
		fields := jsonFields(t)
		return eachMember(value, path, func(name string, v json.RawMessage) error {
			ft, ok := fields[name]
			if !ok {
				for known := range fields {
					if strings.EqualFold(known, name) {
						return fmt.Errorf("%sunknown field %s (field names are matched exactly: %s)", prefix(path), strconv.Quote(name), strconv.Quote(known))
					}
				}
				return fmt.Errorf("%sunknown field %s", prefix(path), strconv.Quote(name))
			}
			return checkStrict(v, ft, join(path, name))
		})
	case t.Kind() == reflect.Map && first == '{':
		return eachMember(value, path, func(name string, v json.RawMessage) error {
			return checkStrict(v, t.Elem(), join(path, name))
		})
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && first == '[':
		var elems []json.RawMessage
		if err := json.Unmarshal(value, &elems); err != nil {
			return err
		}
		for i, e := range elems {
			if err := checkStrict(e, t.Elem(), path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	}
	// Anything else is a value encoding/json takes or refuses itself.
	return nil
}

// eachMember calls f with every member of a JSON object, in order, and
// refuses a name given twice.
func eachMember(object json.RawMessage, path string, f func(name string, v json.RawMessage) error) error {
	dec := json.NewDecoder(bytes.NewReader(object))
	if _, err := dec.Token(); err != nil { // the opening brace
		return err
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string)
		if seen[name] {
			return fmt.Errorf("%sthe field %s is given twice", prefix(path), strconv.Quote(name))
		}
		seen[name] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		if err := f(name, v); err != nil {
			return err
		}
	}
	return nil
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func prefix(path string) string {
	if path == "" {
		return ""
	}
	return path + ": "
}

var fieldsCache sync.Map // reflect.Type -> map[string]reflect.Type

// jsonFields returns the JSON names of a struct type's fields, as
// encoding/json names them (the tag's name, else the field's), with
// their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	if fields, ok := fieldsCache.Load(t); ok {
		return fields.(map[string]reflect.Type)
	}
	fields := map[string]reflect.Type{}
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
		fields[name] = f.Type
	}
	fieldsCache.Store(t, fields)
	return fields
}
