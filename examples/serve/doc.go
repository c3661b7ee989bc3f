// Command serve is a small game site for every game of the module: people
// play in a browser against the MCTS bot of examples/bot or against each
// other, and the server checks every move with the rules library.
//
//	go run ./examples/serve                      # then open http://127.0.0.1:8080/
//	go run ./examples/serve -addr :9000 -data /var/lib/games
//
// Flags: -addr (default 127.0.0.1:8080; port 0 picks a free one), -data
// (the directory of the stored games, default tabletop-go/serve in the
// user's cache directory, e.g. ~/.cache/tabletop-go/serve), -bot-delay (the
// least time a bot takes to answer, default 400ms), -quiet (no log of
// games created), and the limits (see Limits): -maxgames (default 5000),
// -create-rate (default 30 a minute; 0: no limit) and -bots (default one
// per CPU). The first line of output is "serving http://ADDR/
// (games in DIR)".
//
// # The site
//
// One page (served at / and at /g/{id} for a game), embedded in the binary with no build step and no external
// assets (web/index.html, app.js and style.css). The lobby lists every
// registered game (rules.Games) with its main variants and a picture of
// the start; a person picks a variant, the computer (at one of three
// strengths) or a friend as opponent, and a seat. A friend joins through a
// link that holds their seat's secret. The board is the game's SVG picture
// (hex/svg, focus/svg, domination/svg, explocus/svg), drawn by the server.
// The page maps a click on an element with data-square or data-reserve to
// a move, using the legal moves the server lists: origin then destination
// ("c3-c5", which in Focus and Explocus moves as many pieces as the
// distance, so a split is a click on a closer square), a reserve then a
// square for a drop ("*d4"), one cell in Hex, both steps of a Domination
// turn. Moves can also be typed in the game's notation, and word moves
// (swap, pass) are buttons. The legal targets of a selected piece are
// highlighted; a move the rules refuse shows the library's reason. The
// server draws Domination's dominoes (chance nodes) itself. Updates reach
// every open page at once through server-sent events.
//
// # JSON API
//
// Every request and reply body is JSON (but the record and the pictures).
// Request bodies are limited to 4 KiB (413 beyond). Errors reply
// {"error": "...", "reason": "...", "kind": "..."}: reason and kind come
// from the library for a refused move (e.g. "cell is occupied" and
// "illegal move"; kind is "syntax error" for text that is not a move).
//
//	GET  /api/catalog
//	    {"games": [{"name": "hex", "title": "Hex", "blurb": "...",
//	      "variants": [{"spec": "hex(size=5,swap=sides)", "label": "5×5 · quick",
//	      "seats": ["Black", "White"]}, ...]}, ...], "levels": ["easy", "normal", "hard"]}
//
//	POST /api/games  {"spec": "hex(size=5)", "seats": ["human", "bot"], "level": "easy"}
//	    Creates a game: one entry of seats per seat of the game, "human"
//	    or "bot" (at least one person); level is the bots' strength
//	    (default "normal"). 201 {"id": "k2m7...", "spec": "hex(size=5,swap=sides)",
//	    "seats": [{"seat": "A", "player": "human", "key": "SECRET",
//	    "link": "/g/ID#key=SECRET"}, {"seat": "B", "player": "bot"}],
//	    "state": STATE}. The key of a seat is the only way to move for
//	    it; the link is what a friend opens to play it. 429 (with
//	    Retry-After) when the client's address has created too many
//	    games lately; 503 when the server holds -maxgames games (see
//	    Limits).
//
//	GET  /api/games[?limit=N]
//	    {"games": [{"id", "title", "spec", "ply", "status", "result",
//	    "players", "updated"}, ...]}: the games played most recently.
//
//	GET  /api/games/{id}
//	    STATE, the public state of the game:
//	    {"id", "game": "hex", "spec", "title", "created", "ply": 3,
//	     "node": "decision" | "chance" | "terminal",
//	     "toMove": "A" (a seat letter, "chance" or "terminal"),
//	     "status": "White to move" | "Black wins · connection",
//	     "outcome": {"result": "1-0", "scores": [1, 0], "reason": "connection", "winner": "A"},
//	     "seats": [{"seat": "A", "name": "Black", "color": "#262626",
//	       "info": "reserve 2 · captured 5", "player": "human" | "bot",
//	       "level": "easy", "online": true, "score": "1"}],
//	     "moves": [{"move": "c3", "seat": "A"}, {"move": "2-5", "seat": "chance", "chance": true}],
//	     "lastMove": "c3", "legal": ["a1", "a2", ...],
//	     "position": "<the position text>", "notes": "...",
//	     "svg": "<svg ...>"}
//	    moves holds every ply, chance draws included; legal the legal
//	    moves in canonical notation when a seat is to move.
//
//	POST /api/games/{id}/moves  {"move": "c3", "key": "SECRET", "ply": 3}
//	    Plays a move for the seat the key belongs to. ply is optional: if
//	    given, the move is refused unless the game is at that ply, so that
//	    of two clients racing to move, exactly one wins. 200 {"move": "c3"
//	    (canonical), "ply": 4, "state": STATE} once the move (and any chance
//	    draw after it) is on disk. 403 for a key of no seat; 409 for
//	    another seat's turn (kind "not your turn") or a stale ply (kind
//	    "stale"), with "ply": the game's ply; 422 for a move the rules
//	    refuse, with the library's reason and kind ("illegal move",
//	    "syntax error", "game is over"); 500 if the move could not be
//	    stored (it is then not played).
//
//	GET  /api/games/{id}/events[?key=SECRET]
//	    Server-sent events: "state" (data: STATE) at once and after every
//	    change, "seat" (data: {"seat": "B"}) first when the key plays a
//	    seat, which then shows as online while the stream is open.
//
//	GET  /api/games/{id}/record[?download]
//	    The game's record as text (notation.Record, with [Game], [Result]
//	    and every move, chance draws included), which
//	    notation.Record.Replay replays; ?download makes it an attachment.
//
//	GET  /api/games/{id}/board.svg[?highlight=c3,c4&coordinates=false]
//	GET  /api/preview.svg?spec=SPEC
//	    The position, or a variant's start, as an SVG picture.
//
// # Durability
//
// Each game is two files under DIR/games: ID.json (spec, seats and their
// secrets; written once, synced and renamed into place) and ID.txt, the
// record: tag pairs, then one move per line. A move is appended and the
// file synced before the reply, so a move that was acknowledged survives a
// crash. On start every record is replayed through the library
// (notation.Record.Replay), the -maxgames written last if there are more;
// a last line without its line break (a write the crash cut short, never
// acknowledged) is dropped. A bot whose turn it is starts thinking again
// when its game is first asked for (its page, state, events or record),
// not at once: a restart on many abandoned games searches nothing.
//
// # Concurrency
//
// A game's mutex orders its moves: the move is checked against the
// current position, stored, and only then becomes the position, so one
// move per turn is accepted however many clients race. Bots search outside
// the lock, in a fixed pool of -bots workers, with a bounded tree (16 MiB)
// and a time limit per strength, and their move is dropped if the game
// moved on meanwhile.
//
// # Limits
//
// What a client can make the server hold or do is bounded:
//
//   - Games: at most -maxgames (default 5000) are stored; POST /api/games
//     beyond replies 503 ("the server holds as many games as it may").
//     Nothing is deleted: the operator raises the cap or removes old
//     games from DIR/games. A restart restores at most -maxgames games,
//     those whose record was written last, and logs how many it left out
//     (they stay on disk).
//   - Creation rate: one client address (an IPv4 address, or an IPv6 /64
//     network) creates at most -create-rate games a minute (default 30,
//     all at once or spread out); beyond, 429 with Retry-After. Behind a
//     reverse proxy every client has the proxy's address (X-Forwarded-For
//     is not trusted). The server remembers 10,000 addresses at most.
//     Requests refused for what they say (a bad spec, 422) do not count.
//   - Bots: a game whose bot is to move waits in one queue, at most once
//     (one pending search per game, so the queue holds at most -maxgames
//     entries of a pointer each, and no goroutine or position per
//     game); -bots workers (default one per CPU) take the games in turn,
//     each searching one tree of at most 2^18 nodes (16 MiB), freed after
//     the search. A move found before -bot-delay waits on a timer.
//   - Memory per game: a game holds its position and moves; its public
//     state (the JSON with the picture, up to some 150 KB for a large
//     board) is built when asked for and cached within a budget of 32 MiB
//     for all games, the least recently used dropped first.
//   - Requests: bodies of at most 4 KiB (413); event streams at most 256
//     per game and 4096 in all (503); slow clients time out (headers 10 s,
//     a request 30 s, a reply 30 s, an idle connection 2 min).
package main
