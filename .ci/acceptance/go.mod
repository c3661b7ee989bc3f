module example.com/acceptance

go 1.26

require (
	github.com/tabletop-go/rules v0.0.0
	pgregory.net/rapid v1.3.0
)

require github.com/google/go-cmp v0.7.0 // indirect

replace github.com/tabletop-go/rules => ../..
