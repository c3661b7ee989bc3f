module example.com/acceptance

go 1.26

require github.com/tabletop-go/rules v0.0.0

replace github.com/tabletop-go/rules => ../..
