// Package apicheck lists the exported API of a Go package as sorted lines
// of text, one per exported name, in the manner of the Go project's own
// api files ("pkg hex, func NewSquare(int, int) Square"), so that a test
// can pin a package's API and name every change to it.
//
// It reads the package's source with go/parser, without type-checking:
// parameter names are left out (renaming one changes nothing), constants
// are listed without their values, and a variable's type is the one its
// declaration writes (or the type of the composite literal or errors.New
// call that initialises it). A struct's methods include those it gets
// from the unexported types it embeds, which no line of its own declares.
package apicheck

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// List returns the exported API of the package in dir, whose import path
// is importPath, as sorted lines. Test files and files excluded by build
// constraints for every platform are skipped; a file constrained to one
// platform (proc_unix.go, say) is read like any other.
func List(dir, importPath string) ([]string, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	l := lister{fset: fset, pkg: "pkg " + importPath + ", ", methods: map[string][]method{}, embeds: map[string][]string{}}
	for _, f := range files {
		for _, d := range f.Decls {
			l.decl(d)
		}
	}
	l.promote()
	slices.Sort(l.lines)
	return slices.Compact(l.lines), nil
}

type lister struct {
	fset  *token.FileSet
	pkg   string
	lines []string
	// methods holds the exported methods declared on each type, exported
	// or not, and embeds the unexported types each exported struct
	// embeds: promote lists the methods a struct gets from them.
	methods map[string][]method
	embeds  map[string][]string
}

// method is an exported method as declared: on a pointer receiver or not,
// its name and its signature's text.
type method struct {
	pointer   bool
	name, sig string
}

// promote lists, for each exported struct, the exported methods it gets
// from the unexported types it embeds (those types' own embeddings too),
// unless it declares a method of that name itself: they are its API,
// though no line of its own declares them.
func (l *lister) promote() {
	for outer, inner := range l.embeds {
		if !ast.IsExported(outer) {
			continue
		}
		own := map[string]bool{}
		for _, m := range l.methods[outer] {
			own[m.name] = true
		}
		seen := map[string]bool{}
		for len(inner) > 0 {
			t := inner[0]
			inner = inner[1:]
			if seen[t] {
				continue
			}
			seen[t] = true
			inner = append(inner, l.embeds[t]...)
			for _, m := range l.methods[t] {
				if own[m.name] {
					continue
				}
				recv := outer
				if m.pointer {
					recv = "*" + outer
				}
				l.add("method (" + recv + ") " + m.name + m.sig)
			}
		}
	}
}

func (l *lister) add(s string) { l.lines = append(l.lines, l.pkg+s) }

func (l *lister) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if !d.Name.IsExported() {
			return
		}
		sig := l.funcType(d.Type)
		if d.Recv == nil {
			l.add("func " + d.Name.Name + typeParams(l, d.Type.TypeParams) + sig)
			return
		}
		recv := d.Recv.List[0].Type
		base := recvBase(recv)
		_, pointer := recv.(*ast.StarExpr)
		l.methods[base] = append(l.methods[base], method{pointer, d.Name.Name, sig})
		if !ast.IsExported(base) {
			return
		}
		l.add("method (" + l.expr(recv) + ") " + d.Name.Name + sig)
	case *ast.GenDecl:
		var lastType ast.Expr // a const group's type carries on (iota)
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				l.typeSpec(s)
			case *ast.ValueSpec:
				if s.Type != nil || len(s.Values) > 0 {
					lastType = s.Type
				}
				for i, n := range s.Names {
					if !n.IsExported() {
						continue
					}
					kind := "var "
					if d.Tok == token.CONST {
						kind = "const "
					}
					typ := s.Type
					if typ == nil && d.Tok == token.CONST {
						typ = lastType
					}
					text := kind + n.Name
					switch {
					case typ != nil:
						text += " " + l.expr(typ)
					case i < len(s.Values):
						text += valueType(l, s.Values[i])
					}
					l.add(text)
				}
			}
		}
	}
}

// valueType guesses the type of an untyped declaration from its value:
// a composite literal's type, or error for errors.New and fmt.Errorf.
func valueType(l *lister, v ast.Expr) string {
	switch v := v.(type) {
	case *ast.CompositeLit:
		if v.Type != nil {
			return " " + l.expr(v.Type)
		}
	case *ast.CallExpr:
		if s := l.expr(v.Fun); s == "errors.New" || s == "fmt.Errorf" {
			return " error"
		}
	case *ast.UnaryExpr:
		if v.Op == token.AND {
			if c, ok := v.X.(*ast.CompositeLit); ok {
				return " *" + l.expr(c.Type)
			}
		}
	}
	return ""
}

func (l *lister) typeSpec(s *ast.TypeSpec) {
	if st, ok := s.Type.(*ast.StructType); ok {
		for _, f := range st.Fields.List {
			if id, ok := f.Type.(*ast.Ident); ok && len(f.Names) == 0 && !id.IsExported() {
				l.embeds[s.Name.Name] = append(l.embeds[s.Name.Name], id.Name)
			}
		}
	}
	if !s.Name.IsExported() {
		return
	}
	name := s.Name.Name + typeParams(l, s.TypeParams)
	eq := " "
	if s.Assign.IsValid() {
		eq = " = "
	}
	switch t := s.Type.(type) {
	case *ast.StructType:
		l.add("type " + name + " struct")
		for _, f := range t.Fields.List {
			if len(f.Names) == 0 {
				if ast.IsExported(recvBase(f.Type)) {
					l.add("type " + name + " struct, embedded " + l.expr(f.Type))
				}
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					l.add("type " + name + " struct, " + n.Name + " " + l.expr(f.Type))
				}
			}
		}
	case *ast.InterfaceType:
		l.add("type " + name + " interface")
		for _, m := range t.Methods.List {
			switch ft := m.Type.(type) {
			case *ast.FuncType:
				for _, n := range m.Names {
					if n.IsExported() {
						l.add("type " + name + " interface, " + n.Name + l.funcType(ft))
					}
				}
			default:
				l.add("type " + name + " interface, " + l.expr(m.Type))
			}
		}
	default:
		l.add("type " + name + eq + l.expr(s.Type))
	}
}

// funcType prints a signature without parameter names: "(int, int) Move".
func (l *lister) funcType(f *ast.FuncType) string {
	s := "(" + l.fields(f.Params) + ")"
	if f.Results == nil {
		return s
	}
	res := l.fields(f.Results)
	if len(f.Results.List) == 1 && len(f.Results.List[0].Names) <= 1 {
		return s + " " + res
	}
	return s + " (" + res + ")"
}

func (l *lister) fields(fl *ast.FieldList) string {
	if fl == nil {
		return ""
	}
	var parts []string
	for _, f := range fl.List {
		t := l.expr(f.Type)
		for range max(len(f.Names), 1) {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, ", ")
}

func typeParams(l *lister, fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 {
		return ""
	}
	var parts []string
	for _, f := range fl.List {
		names := make([]string, len(f.Names))
		for i, n := range f.Names {
			names[i] = n.Name
		}
		parts = append(parts, strings.Join(names, ", ")+" "+l.expr(f.Type))
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

// expr prints an expression as gofmt would, on one line, with any
// function type's parameter names left out.
func (l *lister) expr(e ast.Expr) string {
	if ft, ok := e.(*ast.FuncType); ok {
		return "func" + l.funcType(ft)
	}
	var b bytes.Buffer
	printer.Fprint(&b, l.fset, stripNames(e))
	return strings.Join(strings.Fields(b.String()), " ")
}

// stripNames returns e with the parameter names of the function types in
// it removed.
func stripNames(e ast.Expr) ast.Expr {
	return ast.Expr(rewrite(e))
}

func rewrite(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.FuncType:
		return &ast.FuncType{TypeParams: e.TypeParams, Params: unnamed(e.Params), Results: unnamed(e.Results)}
	case *ast.StarExpr:
		return &ast.StarExpr{X: rewrite(e.X)}
	case *ast.ArrayType:
		return &ast.ArrayType{Len: e.Len, Elt: rewrite(e.Elt)}
	case *ast.MapType:
		return &ast.MapType{Key: rewrite(e.Key), Value: rewrite(e.Value)}
	case *ast.ChanType:
		return &ast.ChanType{Dir: e.Dir, Value: rewrite(e.Value)}
	}
	return e
}

func unnamed(fl *ast.FieldList) *ast.FieldList {
	if fl == nil {
		return nil
	}
	out := &ast.FieldList{}
	for _, f := range fl.List {
		for range max(len(f.Names), 1) {
			out.List = append(out.List, &ast.Field{Type: rewrite(f.Type)})
		}
	}
	return out
}

// recvBase returns the type name of a receiver or embedded field: "Position"
// for "*Position" or "Position[P, M]".
func recvBase(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvBase(e.X)
	case *ast.IndexExpr:
		return recvBase(e.X)
	case *ast.IndexListExpr:
		return recvBase(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.Ident:
		return e.Name
	}
	return ""
}
