module github.com/tabletop-go/rules/examples/serve/browsertest

go 1.26

require (
	github.com/chromedp/cdproto v0.160.1
	github.com/chromedp/chromedp v0.23.1
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/tabletop-go/rules v0.0.0 // indirect
)

tool github.com/tabletop-go/rules/examples/serve

replace github.com/tabletop-go/rules => ../../..
