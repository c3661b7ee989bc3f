package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// chromium finds the browser: $CHROMIUM, or Debian's chromium on the PATH.
func chromium() string {
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// pageState is what the browser test reads of the page's own state.
type pageState struct {
	Ply     int      `json:"ply"`
	Over    bool     `json:"over"`
	Mine    bool     `json:"mine"`
	Seat    string   `json:"seat"`
	Legal   []string `json:"legal"`
	Message string   `json:"message"`
	Status  string   `json:"status"`
	Last    string   `json:"last"`
}

// countPosts makes the page count the POST requests it sends (moves,
// tickets) in window.__posts.
const countPosts = `(() => { window.__posts = 0; const f = window.fetch;
	window.fetch = (u, o) => { if (o && o.method === 'POST') window.__posts++; return f(u, o); }; return true; })()`

const pageStateJS = `JSON.stringify(view.state ? {ply: view.state.ply, over: view.state.outcome.result !== '*',
	mine: !!myTurn(), seat: view.seat || '', legal: view.state.legal, last: view.state.lastMove,
	message: document.querySelector('#message').hidden ? '' : document.querySelector('#message').textContent,
	status: document.querySelector('#status').textContent} : {})`

// TestBrowser drives headless Chromium through the site: the lobby, a game
// of Hex 5×5 against the bot played to the end by clicking (with an illegal
// click and its reason on the way), a two-person Focus game joined from a
// second browser context through the invite link, with a split move made by
// clicks, and the pages in a phone-sized window. It takes screenshots in
// its temporary directory (or in $SERVE_SCREENSHOTS).
func TestBrowser(t *testing.T) {
	path := chromium()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("under CI and no Chromium found (install Debian's chromium, or set CHROMIUM)")
		}
		t.Skip("no Chromium: install Debian's chromium (or set CHROMIUM) to run the browser test")
	}
	shots := os.Getenv("SERVE_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}

	base := startSite(t)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(1280, 900),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("starting %s: %v", path, err)
	}
	deadline := time.AfterFunc(90*time.Second, cancelAlloc) // a bound on the whole test
	defer deadline.Stop()

	var mu sync.Mutex
	var problems []string
	// watch collects the console's errors of a browser context, but for
	// refused moves (422, 409) and the statuses the context expects.
	watch := func(ctx context.Context, who string, expected ...string) {
		msgs := chromedp.Console(ctx)
		go func() {
			for m, err := range msgs {
				if err != nil {
					return
				}
				refused := strings.Contains(m.Text, "status of 422") || strings.Contains(m.Text, "status of 409")
				for _, status := range expected {
					refused = refused || strings.Contains(m.Text, "status of "+status)
				}
				if (m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException) && !refused {
					mu.Lock()
					problems = append(problems, fmt.Sprintf("%s: %s", who, m.Text))
					mu.Unlock()
				}
			}
		}()
	}
	watch(ctx, "first browser")

	do := func(ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := chromedp.Do(c, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	read := func(ctx context.Context) pageState {
		t.Helper()
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](pageStateJS))
		if err != nil {
			t.Fatalf("reading the page: %v", err)
		}
		var s pageState
		json.Unmarshal([]byte(text), &s)
		return s
	}
	// waitPage waits until the page's state satisfies cond (a JS
	// expression over view and the DOM).
	waitPage := func(ctx context.Context, what, cond string) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if _, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
			t.Fatalf("waiting for %s (%s): %v; page %+v", what, cond, err, read(ctx))
		}
	}
	shot := func(ctx context.Context, name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		file := filepath.Join(shots, name+".png")
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot %s", file)
	}
	click := func(ctx context.Context, sel string) {
		t.Helper()
		do(ctx, "click "+sel, chromedp.Click(chromedp.CSS(sel)))
	}
	square := func(sq string) string { return `#board .square[data-square="` + sq + `"]` }
	posts := func(ctx context.Context) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.__posts`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}

	// The lobby.
	do(ctx, "open the lobby", chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS(`.card[data-game="hex"] button.start`)))
	waitPage(ctx, "the pictures", `[...document.querySelectorAll('.card img')].every(i => i.complete && i.naturalWidth > 0)`)
	cards, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('.card')].map(c => c.dataset.game)`))
	var catalog struct {
		Games []struct {
			Name     string
			Variants []struct{ Spec string }
		}
	}
	newAPI(t, base).do("GET", "/api/catalog", nil, http.StatusOK, &catalog)
	var names []string
	hex5 := "" // the menu's value of Hex 5×5, the variants in the registration's order
	for _, g := range catalog.Games {
		names = append(names, g.Name)
		for i, v := range g.Variants {
			if v.Spec == "hex(size=5,swap=sides)" {
				hex5 = strconv.Itoa(i)
			}
		}
	}
	if hex5 == "" {
		t.Fatalf("the catalog offers no Hex 5×5: %+v", catalog)
	}
	slices.Sort(names)
	if slices.Sort(cards); err != nil || !slices.Equal(cards, names) {
		t.Fatalf("lobby cards %v %v, catalog %v", cards, err, names)
	}
	shot(ctx, "1-lobby")

	// Hex 5×5 against the bot, played to the end by clicking.
	do(ctx, "start Hex 5×5",
		chromedp.SetValue(chromedp.CSS(`.card[data-game="hex"] select[name=variant]`), hex5),
		chromedp.SetValue(chromedp.CSS(`.card[data-game="hex"] select[name=level]`), "easy"),
		chromedp.Click(chromedp.CSS(`.card[data-game="hex"] button.start`)),
		chromedp.WaitVisible(chromedp.CSS(`#board svg[data-game="hex"]`)),
	)
	waitPage(ctx, "my seat", `view.seat === 'A' && myTurn()`)
	if s := read(ctx); !strings.Contains(s.Status, "Your move") {
		t.Errorf("status %q", s.Status)
	}
	// The rules run in the page (the JavaScript package, WebAssembly):
	// count the requests that could send a move.
	waitPage(ctx, "the rules in the page", `document.documentElement.dataset.rules === 'local'`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](countPosts)); err != nil {
		t.Fatal(err)
	}
	triedIllegal := false
	for plies := 0; ; plies++ {
		if plies > 40 {
			t.Fatal("the Hex game does not end")
		}
		waitPage(ctx, "my turn or the end", `view.state && (myTurn() || view.state.outcome.result !== '*') && !view.busy`)
		s := read(ctx)
		if s.Over {
			break
		}
		if !triedIllegal && s.Ply > 0 {
			// Click a stone: the library says why that is no move.
			occupied, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#board .piece').dataset.square`))
			if err != nil {
				t.Fatal(err)
			}
			before := posts(ctx)
			click(ctx, square(occupied))
			waitPage(ctx, "the reason", `!document.querySelector('#message').hidden`)
			if s2 := read(ctx); !strings.Contains(s2.Message, "cell is occupied") || s2.Ply != s.Ply {
				t.Fatalf("an illegal click shows %q at ply %d", s2.Message, s2.Ply)
			}
			if after := posts(ctx); after != before {
				t.Errorf("an illegal click sent %d requests; the rules in the page refuse it", after-before)
			}
			shot(ctx, "2-hex-illegal")
			triedIllegal = true
		}
		// A cell near the middle, for a game that looks like one.
		move := ""
		for _, m := range []string{"c3", "b4", "d2", "c2", "c4", "b3", "d3", "a5", "e1"} {
			for _, l := range s.Legal {
				if l == m && move == "" {
					move = m
				}
			}
		}
		if move == "" {
			move = s.Legal[len(s.Legal)/2]
		}
		if move == "swap" {
			move = s.Legal[0]
		}
		click(ctx, square(move))
		waitPage(ctx, "the move", fmt.Sprintf(`view.state.ply > %d`, s.Ply))
	}
	if !triedIllegal {
		t.Error("the game ended before an illegal move could be tried")
	}
	s := read(ctx)
	if !strings.Contains(s.Status, "You win · connection") && !strings.Contains(s.Status, "You lose · ") {
		t.Errorf("final status %q", s.Status)
	}
	shot(ctx, "3-hex-over")

	// Step back and forth through the game, replayed in the page: a ply
	// back shows one stone fewer, with no request.
	stones := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board .piece').length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	all, before := stones(), posts(ctx)
	click(ctx, "#step-back")
	waitPage(ctx, "a ply back", `view.browse !== null`)
	if n := stones(); n != all-1 {
		t.Errorf("a ply back shows %d stones, the game %d", n, all)
	}
	click(ctx, "#step-first")
	waitPage(ctx, "the start", `view.browse === 0`)
	if n := stones(); n != 0 {
		t.Errorf("the start shows %d stones", n)
	}
	shot(ctx, "3b-hex-start")
	click(ctx, "#step-forward")
	waitPage(ctx, "a ply forward", `view.browse === 1`)
	click(ctx, "#step-last")
	waitPage(ctx, "the game as it stands", `view.browse === null`)
	if n := stones(); n != all {
		t.Errorf("back at the end, %d stones, want %d", n, all)
	}
	if after := posts(ctx); after != before {
		t.Errorf("stepping through the game sent %d requests", after-before)
	}

	// Where the rules cannot load (the server's /static/js/ blocked), the
	// page plays on the server's legal moves, and sends an illegal click
	// for the server to refuse.
	noWasm, cancelNoWasm := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	defer cancelNoWasm()
	watch(noWasm, "browser without the rules", "ERR_BLOCKED_BY_CLIENT")
	block := func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, t, network.SetBlockedURLs, network.SetBlockedURLsParams{
			URLPatterns: []*network.BlockPattern{{URLPattern: base + "/static/js/*", Block: true}}})
		return chromedp.Void{}, err
	}
	do(noWasm, "block the rules", chromedp.Navigate("about:blank"), block)
	do(noWasm, "start Hex 5×5 without the rules",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS(`.card[data-game="hex"] button.start`)),
		chromedp.SetValue(chromedp.CSS(`.card[data-game="hex"] select[name=variant]`), hex5),
		chromedp.Click(chromedp.CSS(`.card[data-game="hex"] button.start`)),
		chromedp.WaitVisible(chromedp.CSS(`#board svg[data-game="hex"]`)),
	)
	waitPage(noWasm, "the rules on the server only", `document.documentElement.dataset.rules === 'server' && myTurn()`)
	if _, err := chromedp.Run(noWasm, chromedp.Evaluate[bool](countPosts)); err != nil {
		t.Fatal(err)
	}
	do(noWasm, "play c3", chromedp.Click(chromedp.CSS(square("c3"))))
	waitPage(noWasm, "the bot's reply", `view.state.ply >= 2 && myTurn() && !view.busy`)
	sent := posts(noWasm)
	do(noWasm, "click c3 again", chromedp.Click(chromedp.CSS(square("c3"))))
	waitPage(noWasm, "the server's reason", `!document.querySelector('#message').hidden`)
	if s := read(noWasm); !strings.Contains(s.Message, "cell is occupied") {
		t.Errorf("without the rules an illegal click shows %q", s.Message)
	}
	if posts(noWasm) != sent+1 {
		t.Errorf("without the rules an illegal click sent %d requests, want 1", posts(noWasm)-sent)
	}
	if n, _ := chromedp.Run(noWasm, chromedp.Evaluate[bool](`document.querySelector('#steps').hidden`)); !n {
		t.Error("without the rules the page offers to step through the game")
	}
	cancelNoWasm()
	record, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#download').getAttribute('href')`))
	if err != nil || !strings.HasSuffix(record, "/record?download") {
		t.Errorf("download link %q %v", record, err)
	}

	// Focus against a friend, who joins from another browser context.
	do(ctx, "start Focus vs a friend",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS(`.card[data-game="focus"] button.start`)),
		chromedp.SetValue(chromedp.CSS(`.card[data-game="focus"] select[name=opponent]`), "human"),
		chromedp.Click(chromedp.CSS(`.card[data-game="focus"] button.start`)),
		chromedp.WaitVisible(chromedp.CSS(`#board svg[data-game="focus"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#links input`)),
	)
	link, err := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(`#links input`)))
	if err != nil || !strings.Contains(link, "#key=") {
		t.Fatalf("invite link %q %v", link, err)
	}
	friend, cancelFriend := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	defer cancelFriend()
	watch(friend, "second browser")
	do(friend, "join", chromedp.Navigate(link), chromedp.WaitVisible(chromedp.CSS(`#board svg[data-game="focus"]`)))
	waitPage(friend, "the friend's seat", `view.seat === 'B'`)
	waitPage(ctx, "the friend online", `view.state.seats[1].online`)
	if u, _ := chromedp.Run(friend, chromedp.Location()); strings.Contains(u, "key=") {
		t.Errorf("the key stays in the address bar: %s", u)
	}
	gameID := link[strings.Index(link, "/g/")+3 : strings.Index(link, "#")]
	friendKey := link[strings.Index(link, "#key=")+5:]

	// A crafted link with another key takes nothing away (issue #21, item
	// 7): the friend's browser keeps the key the server confirmed, still
	// plays B and still gets live updates (below); a stranger's browser
	// keeps no key from it and watches.
	crafted := base + "/g/" + gameID + "#key=ANYTHING"
	do(friend, "open a crafted link", chromedp.Navigate(crafted), chromedp.WaitVisible(chromedp.CSS(`#board svg[data-game="focus"]`)))
	waitPage(friend, "the friend's seat, kept", `view.seat === 'B' && view.events !== null`)
	waitPage(friend, "the note on the link", `!document.querySelector('#message').hidden`)
	kept, err := chromedp.Run(friend, chromedp.Evaluate[string](`JSON.parse(localStorage.getItem('tt.keys'))[`+"`"+gameID+"`"+`] || ''`))
	if err != nil || kept != friendKey {
		t.Errorf("after a crafted link the browser keeps %q (%v), want its key %q", kept, err, friendKey)
	}
	waitPage(ctx, "the friend online again", `view.state.seats[1].online`)
	stranger, cancelStranger := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	defer cancelStranger()
	watch(stranger, "third browser", "403") // the key of the link is refused
	do(stranger, "a stranger opens a crafted link", chromedp.Navigate(crafted), chromedp.WaitVisible(chromedp.CSS(`#board svg[data-game="focus"]`)))
	waitPage(stranger, "the refusal", `!document.querySelector('#message').hidden && view.events !== null`)
	if s := read(stranger); s.Seat != "" || !strings.Contains(s.Message, "no key") {
		t.Errorf("a stranger's browser after a crafted link: seat %q, message %q", s.Seat, s.Message)
	}
	if keys, _ := chromedp.Run(stranger, chromedp.Evaluate[string](`localStorage.getItem('tt.keys') || ''`)); strings.Contains(keys, "ANYTHING") {
		t.Errorf("a key the server refused is kept: %s", keys)
	}
	cancelStranger()
	// No request of the page carries a key in its URL.
	for who, c := range map[string]context.Context{"first browser": ctx, "second browser": friend} {
		urls, err := chromedp.Run(c, chromedp.Evaluate[[]string](`performance.getEntriesByType('resource').map(e => e.name).filter(n => /[?&]key=/.test(n))`))
		if err != nil || len(urls) > 0 {
			t.Errorf("%s: requests with a key in the URL: %v %v", who, urls, err)
		}
	}

	// A: c3 onto c4 (a stack of two); B: e3 onto e2; A: split c4, moving
	// its top piece one square to c5. The targets come from the rules in
	// the page.
	waitPage(ctx, "the rules in the Focus page", `document.documentElement.dataset.rules === 'local'`)
	click(ctx, square("c3"))
	waitPage(ctx, "c3's targets", `document.querySelectorAll('#board .square.hl-target').length === 4`)
	click(ctx, square("c4"))
	waitPage(friend, "A's move, live", `view.state.ply === 1 && myTurn()`)
	click(friend, square("e3"))
	click(friend, square("e2"))
	waitPage(ctx, "B's move, live", `view.state.ply === 2 && myTurn()`)
	if h, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#board .stack[data-square="c4"]').dataset.height`)); h != "2" {
		t.Fatalf("c4 is %q high, want 2", h)
	}
	click(ctx, square("c4"))
	// From a stack of two: one square (part of it) or two (all of it).
	waitPage(ctx, "c4's targets", `['c5','c6','c3','c2','b4','a4','d4','e4'].every(s => document.querySelector('#board .square.hl-target[data-square="'+s+'"]'))`)
	shot(ctx, "4-focus-selected")
	click(ctx, square("c5"))
	waitPage(friend, "the split, live", `view.state.ply === 3`)
	s = read(friend)
	if s.Last != "c4-c5" {
		t.Errorf("last move %q, want c4-c5", s.Last)
	}
	heights, err := chromedp.Run(friend, chromedp.Evaluate[string](`['c4','c5'].map(s => document.querySelector('#board .stack[data-square="'+s+'"]').dataset.height).join(',')`))
	if err != nil || heights != "1,2" {
		t.Errorf("after the split c4,c5 are %q high, want 1,2 (%v)", heights, err)
	}
	shot(ctx, "5-focus-split")
	shot(friend, "6-focus-friend")

	// Domination by clicks: both steps of the turn, four squares; the
	// server then draws the next domino.
	api := newAPI(t, base)
	dom := api.create("domination", "human", "human")
	do(ctx, "open Domination", chromedp.Navigate(base+dom.Seats[0].Link), chromedp.WaitVisible(chromedp.CSS(`#board svg[data-game="domination"]`)))
	waitPage(ctx, "A to move", `view.seat === 'A' && myTurn()`)
	turn := dom.State.Legal[len(dom.State.Legal)/2]
	for _, sq := range regexp.MustCompile(`[a-h][1-8]`).FindAllString(turn, -1) {
		click(ctx, square(sq))
	}
	waitPage(ctx, "the turn and the next draw", `view.state.ply === 3`)
	if s := api.state(dom.ID); s.Moves[1].Move != turn || !s.Moves[2].Chance {
		t.Errorf("Domination after clicking %s: %+v", turn, s.Moves)
	}
	shot(ctx, "9-domination")
	// A Focus drop by clicks: the reserve, then a square.
	drop := api.create("focus(setup=drop)", "human", "human")
	do(ctx, "open Focus with the drop setup", chromedp.Navigate(base+drop.Seats[0].Link), chromedp.WaitVisible(chromedp.CSS(`#board svg[data-game="focus"]`)))
	waitPage(ctx, "A to move", `view.seat === 'A' && myTurn()`)
	click(ctx, `#board [data-reserve="A"]`)
	waitPage(ctx, "the drop's targets", `document.querySelectorAll('#board .square.hl-target').length === 52`)
	click(ctx, square("d4"))
	waitPage(ctx, "the drop", `view.state.ply === 1`)
	if s := read(ctx); s.Last != "*d4" {
		t.Errorf("the drop played %q", s.Last)
	}
	shot(ctx, "9b-focus-drop")

	// Explocus against the bot, one move by clicks.
	exp := api.create("explocus(rows=6,cols=6)", "human", "bot")
	do(ctx, "open Explocus", chromedp.Navigate(base+exp.Seats[0].Link), chromedp.WaitVisible(chromedp.CSS(`#board svg[data-game="explocus"]`)))
	waitPage(ctx, "A to move", `view.seat === 'A' && myTurn()`)
	for _, sq := range regexp.MustCompile(`[a-f][1-6]`).FindAllString(exp.State.Legal[len(exp.State.Legal)/2], -1) {
		click(ctx, square(sq))
	}
	waitPage(ctx, "the bot's answer", `view.state.ply === 2 && myTurn()`)
	// A typed move, in upper case: the server echoes it canonical.
	typed := strings.ToUpper(read(ctx).Legal[0])
	do(ctx, "type a move", chromedp.SendKeys(chromedp.CSS(`#moveinput`), typed+"\n"))
	waitPage(ctx, "the typed move and the answer", `view.state.ply === 4 && myTurn()`)
	if s := api.state(exp.ID); s.Moves[2].Move != strings.ToLower(typed) {
		t.Errorf("typed %s, played %s", typed, s.Moves[2].Move)
	}
	shot(ctx, "10-explocus")

	// A phone-sized window.
	do(friend, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	waitPage(friend, "the layout", `document.querySelector('#board svg').getBoundingClientRect().width <= 390`)
	shot(friend, "7-phone-game")
	if w, _ := chromedp.Run(friend, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); w > 390 {
		t.Errorf("the game page is %dpx wide in a 390px window", w)
	}
	do(friend, "phone lobby", chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS(`.card[data-game="hex"]`)))
	shot(friend, "8-phone-lobby")
	if w, _ := chromedp.Run(friend, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); w > 390 {
		t.Errorf("the lobby is %dpx wide in a 390px window", w)
	}

	// The lobby again, with this browser's games and the server's.
	do(ctx, "lobby with games", chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS(`#mine a`)))
	waitPage(ctx, "the recent games", `document.querySelectorAll('#recent a').length >= 4`)
	if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		os.WriteFile(filepath.Join(shots, "11-lobby-full.png"), png, 0o644)
	}

	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Errorf("console: %s", p)
	}
}
