// Package site is the game site the serve command runs (examples/serve),
// for every game registered with rules.Register: people play in a
// browser against the MCTS bot of examples/bot or against each other, and
// the server checks every move with the rules library. It is
// built to be put before strangers: what a client can make it hold or do
// is bounded (see Limits), and what it acknowledges is on disk (see
// Durability).
//
//	go run ./examples/serve                      # then open http://127.0.0.1:8080/
//	go run ./examples/serve -addr :9000 -data /var/lib/games
//
// A program of any module serves its own games by importing them and
// calling Run, as examples/serve does with the module's games:
//
//	err := site.Run(ctx, os.Args[1:], os.Stdout, os.Stderr)
//
// Flags: -addr (default 127.0.0.1:8080; port 0 picks a free one), -data
// (the directory of the stored games, default tabletop-go/serve in the
// user's cache directory, e.g. ~/.cache/tabletop-go/serve), -bot-delay (the
// least time a bot takes to answer, default 400ms), -quiet (no log of
// games created), and the limits (see Limits): -maxgames (default 5000),
// -create-rate (default 30 a minute; 0: no limit), -bots (default one per
// CPU), -maxplies (default 2000), -max-conns (default: every descriptor
// the process may open but 128) and -max-conns-per-client (default 64),
// and -host (the names the site answers to besides its address: the
// public names behind a proxy, e.g. -host games.example.org; see JSON
// API). The first line of output is "serving http://ADDR/ (games in
// DIR)"; the log then states the limits in force (unless -quiet).
//
// # The site
//
// One page (served at / and at /g/{id} for a game), embedded in the
// binary with no build step and no external assets (web/index.html,
// app.js, rules.js and style.css), and the rules in the browser: the
// JavaScript package of the module (js/dist: WebAssembly), served at
// /static/js/ with its Content-Type, an ETag, a day's caching and gzip. The lobby lists every registered game
// (rules.Games) with the title, line and variants its registration gives
// (rules.Game), and a picture of the start; a
// person picks a variant, the computer (at one of three strengths) or a
// friend as opponent, and a seat. A friend joins through a link that holds
// their seat's secret key after a "#", which browsers never send to a
// server: the page takes it out of the address bar and keeps it only once
// the server has confirmed that it plays a seat, and never in place of a
// key that works (a crafted link cannot take a seat away). The board is
// the game's SVG picture (the renderer its svg package registers with
// package picture: hex/svg, focus/svg, domination/svg, explocus/svg),
// drawn by the server, and the seats are shown with the names and notes
// the game gives (rules.SeatInfo) in the colours the picture draws them
// in. The server has no code for any one game: a game registered with
// rules.Register (and picture.Register for its picture; a bot without a
// hook plays it through bot.ForDynamic's fallback) is offered as these
// are, once its package is imported. The page maps a click on an element
// with data-square or data-reserve to a move, using the legal moves of
// the rules in the page (or, where WebAssembly does not load, those the
// server lists): origin then destination ("c3-c5", which in Focus and
// Explocus moves as many pieces as the distance, so a split is a click on
// a closer square), a reserve then a square for a drop ("*d4"), one cell
// in Hex, both steps of a Domination turn. Moves can also be typed in the
// game's notation, and word moves (swap, pass) are buttons. The legal
// targets of a selected piece are highlighted; a click the rules refuse
// shows their reason, without a request when the rules run in the page
// (the server checks every move it is sent either way). The page replays
// the game to step back and forth through it (a state holds the last 200
// plies and, past them, the position they start at: stateView.From). The server draws Domination's dominoes
// (chance nodes) itself. Updates reach every open page at once through
// server-sent events.
//
// # JSON API
//
// Every request and reply body is JSON (but the record and the pictures).
// A request body must be sent as Content-Type: application/json (415
// otherwise: a form or text/plain is what any page may send to any site
// without asking), hold at most 4 KiB (413 beyond), and be exactly one
// object of the request's fields, each spelled exactly and given once (400
// for "Key" or a field given twice: a lax reader would take them). A POST
// that a browser marks as sent from another site (Sec-Fetch-Site, or an
// Origin that is not the server's host) gets 403. A request whose Host is
// not a name the site serves gets 421 (Misdirected Request), whatever it
// asks: a page of another site whose name is made to resolve to the
// server (DNS rebinding) would send its own name as both Origin and Host,
// and reach the site as if from itself. The site serves its listen
// address's host:port and, for a loopback listener, localhost:PORT,
// 127.0.0.1:PORT and [::1]:PORT; for one on every address (-addr :9000),
// localhost:PORT and any IP address with the port (a name no DNS answer
// rebinds). Behind a reverse proxy that passes the public name on as
// Host, -host names it: NAME (on any port, or none) or NAME:PORT, several
// separated by commas; a proxy that sends the upstream address as Host
// needs none. Names are compared in any case. Errors reply {"error":
// "...", "reason": "...", "kind": "..."}: reason and kind come from the
// library for a refused move (e.g. "cell is occupied" and "illegal move";
// kind is "syntax error" for text that is not a move). A refusal for a cap
// (429, 503) closes the connection.
//
//	GET  /api/catalog
//	    {"games": [{"name": "hex", "title": "Hex", "blurb": "...",
//	      "variants": [{"spec": "hex(size=11,swap=sides)", "label": "11×11 · standard",
//	      "seats": ["Black", "White"]}, ...]}, ...], "levels": ["easy", "normal", "hard"]}
//	    Variants of a game with a ply limit option carry the site's
//	    (e.g. "focus(plylimit=2000)").
//
//	POST /api/games  {"spec": "hex(size=5)", "seats": ["human", "bot"], "level": "easy"}
//	    Creates a game: one entry of seats per seat of the game, "human"
//	    or "bot" (at least one person); level is the bots' strength
//	    (default "normal"). A spec whose game takes a plylimit option gets
//	    plylimit=2000 (-maxplies) unless it asks for less. 201 {"id":
//	    "k2m7...", "spec": "hex(size=5,swap=sides)", "seats": [{"seat":
//	    "A", "player": "human", "key": "SECRET", "link":
//	    "/g/ID#key=SECRET"}, {"seat": "B", "player": "bot"}], "state":
//	    STATE}. The key of a seat is the only way to move for it; the link
//	    is what a friend opens to play it. 429 (with Retry-After) when the
//	    client's address has created too many games lately; 503 when the
//	    server holds -maxgames games (see Limits).
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
//	     "movesFrom": 0, "turns": 1, "stopped": true,
//	     "lastMove": "c3", "legal": ["a1", "a2", ...],
//	     "position": "<the position text>", "notes": "...",
//	     "svg": "<svg ...>"}
//	    moves holds the last 200 plies at most, chance draws included, the
//	    first of them ply movesFrom (the record holds them all); turns
//	    counts the moves that were no chance draw; legal the legal moves
//	    in canonical notation when a seat is to move. stopped is set for a
//	    game the server stopped unfinished at its limit of plies (see
//	    Limits), which takes no more moves.
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
//	POST /api/games/{id}/tickets  {"key": "SECRET"}
//	    Trades a seat's key for a stream ticket: 201 {"ticket": "...",
//	    "seat": "B", "expiresIn": 30}, 403 for a key of no seat. A ticket
//	    opens one event stream as its seat, within 30 seconds; a game
//	    holds 16 tickets at most (the oldest is dropped for a new one).
//	    The page also learns this way that a key plays a seat before it
//	    keeps the key.
//
//	GET  /api/games/{id}/events[?ticket=TICKET]
//	    Server-sent events: "state" (data: STATE) at once and after every
//	    change, "seat" (data: {"seat": "B"}) first when the ticket is a
//	    seat's, which then shows as online while the stream is open. 403
//	    for a ticket unknown, used or expired, whatever the load; 400 for
//	    ?key=, which would leave the key in the logs of every proxy on the
//	    way; 503 over the caps on streams (a good ticket refused so is not
//	    used up: retry with it while it lasts).
//
//	GET  /api/games/{id}/record[?download]
//	    The game's record as text (notation.Record, with [Game], [Result]
//	    and every move, chance draws included, and [Termination]: the
//	    rules' reason for a finished game, e.g. "connection", or why a game
//	    stopped at the limit of plies ended unfinished), which
//	    notation.Record.Replay replays; ?download makes it an attachment.
//
//	GET  /api/games/{id}/board.svg[?highlight=c3,c4&coordinates=false]
//	GET  /api/preview.svg?spec=SPEC
//	    The position, or a variant's start, as an SVG picture.
//
// # Durability
//
// Each game is two files under DIR/games: ID.json (spec, seats and their
// secrets) and ID.txt, the record: the tags the server writes (Game,
// Event, Site, Date, Player_A, ...), then one move per line. A new game's
// files are each written to a temporary file, synced and renamed into
// place, and then the directory is synced, before the reply; a move is
// appended and the file synced before the reply, so that an acknowledged
// game or move survives a crash. A move that cannot be stored is not
// played (500), and what it wrote is cut off again. The store reaches the
// disk through a seam (the storage interface) that the tests replace with
// a disk that keeps only what was synced when it "crashes": a missing sync
// fails them.
//
// On start every record is replayed through the library
// (notation.Record.Walk, which checks a record as Replay does, into the
// game's rules.History), the -maxgames written last if there are more.
// Nothing is truncated or rewritten before a record has replayed: a last
// line without its line break (a write the crash cut short, never
// acknowledged) is cut off the file only then. A game whose files the
// server could not have written is left out and its files moved aside
// whole, as ID.txt.bad and ID.json.bad, with the directory synced; the
// log says why. The server could not have written: metadata with a field
// it does not write, or one spelled in another case or given twice, at
// any depth (in a seat too); a spec it does not create (a variant with a
// plylimit option without a limit: the site gives every such game one);
// a game with no person, two seats with one key, or a key not of the
// form the server makes (22 characters of base64url, 128 bits); a record
// other than, byte for byte, the tags the server writes for the game
// (a tag it does not write, such as a [Position] that would start the
// game elsewhere than its record says, or another value, say of Date or
// Player_A) and then one move a line, as the server writes it (no move
// number, comment, blank line or other spelling of a move than the
// canonical one); a move that does not replay. A game whose plylimit is
// above -maxplies (one created under a larger -maxplies) is left out but
// left in place, and logged: a restart with that -maxplies restores it.
// So is a game whose files cannot be read for now (an I/O error). A file
// in DIR/games whose name is no game's (ID.json, ID.txt, their
// temporary files and the names they are set aside as, for a game ID)
// is logged on start and left where it is, and so are the files of a game
// no game is restored from: an ID.txt without its ID.json (a stop between
// a new game's two writes, never acknowledged), an ID.json without its
// ID.txt (a stop between the two moves that set a game aside) and a
// temporary file (a write a stop cut short). A bot whose turn it is starts
// thinking again when its game is first asked for (its page, state,
// events or record), not at once: a restart on many abandoned games
// searches nothing.
//
// # Concurrency
//
// A game's mutex orders its moves: the move is checked against the
// current position, stored, and only then becomes the position, so one
// move per turn is accepted however many clients race. The server's own
// locks (the map of games, the caps, the state cache, the bots' queue)
// guard only their fields, and none of them is held while a game's lock is
// taken. Nothing is written to the network under any lock: a handler
// copies what it needs (a game's state is an immutable byte slice, shared
// and never copied) and writes after releasing it, so a client that never
// reads blocks no one but itself. Bots search outside the lock, in a
// fixed pool of -bots workers, with a bounded tree (16 MiB) and a time
// limit per strength, and their move is dropped if the game moved on
// meanwhile.
//
// # Limits
//
// What a client can make the server hold or do is bounded. Client
// addresses are IPv4 addresses, or IPv6 /64 networks (which one client
// usually holds whole); behind a reverse proxy every client has the
// proxy's address (X-Forwarded-For is not trusted).
//
//   - Connections: at most -max-conns at once (by default all the
//     descriptors the process may open, RLIMIT_NOFILE, but 128) and
//     -max-conns-per-client (64) from one client address; a connection
//     over either is closed as soon as it is accepted. The 128 kept back
//     are for the store (which holds at most 32 files open at once), the
//     listener and the runtime, so a move is always stored. With ulimit -n
//     1024 that is 896 connections: one client holding 1,500 idle
//     connections gets 64, and new players are served as if it were not
//     there (TestIdleConnectionsFromOneClientLeaveRoomForOthers). Slow
//     and idle clients time out: 10 s to send a request, 30 s idle
//     between requests, 10 s to take a reply once the server starts
//     writing it.
//   - Event streams: at most 1,024 open in all (and at most half the
//     connections), 32 from one client address and 64 on one game, every
//     stream counted, with a ticket or without (503 beyond). A stream
//     holds one event at most, the latest state, shared by all the
//     game's streams: it takes about 18 KiB of memory beside it (64
//     streams that never read, on a Hex 26×26 game whose state is 131
//     KB: 1.1 MiB in all). A client that takes no event within 10 s has
//     its stream dropped.
//   - Games: at most -maxgames (default 5000) are stored; POST /api/games
//     beyond replies 503 ("the server holds as many games as it may").
//     Nothing is deleted: the operator raises the cap or removes old
//     games from DIR/games. A restart restores at most -maxgames games,
//     those whose record was written last, and logs how many it left out
//     (they stay on disk).
//   - Plies: every game the site creates ends within -maxplies (default
//     2000) plies: a variant with a plylimit option (Focus, Explocus,
//     Hexplocus) is created with plylimit=2000, or the smaller one its
//     spec asks for, and the rules end it as a draw there; Hex ends before
//     its board is full (677 plies at most, 26×26) and Domination when the
//     pool is empty (56 plies). A game of any other kind still going at
//     -maxplies is stopped unfinished: no more moves, "stopped" in its
//     state, Result "*" and a Termination tag in its record. A restart
//     under a smaller -maxplies leaves out (and logs) the games created
//     with a larger plylimit, and keeps their files. A state holds the
//     last 200 plies: a Focus game at its 2,000th ply has a state of 49
//     KB.
//   - Creation rate: one client address creates at most -create-rate
//     games a minute (default 30, all at once or spread out); beyond, 429
//     with Retry-After. The server remembers 10,000 addresses at most.
//     Requests refused for what they say (a bad spec, 422) do not count.
//   - Bots: a game whose bot is to move waits in one queue, at most once
//     (so the queue holds at most -maxgames entries of a pointer each, and
//     no goroutine or position per game); -bots workers (default one per
//     CPU) take the games in turn by the client address that created
//     them, one search at a time for an address while another's game
//     waits, each search a tree of at most 2^18 nodes (16 MiB), freed
//     after it. A move found before -bot-delay waits on a timer. A bot
//     whose move fails (a search error, a move the disk refuses) tries
//     again after 1 s, then 2 s, 4 s, ... up to a minute.
//   - Memory per game: a game holds its position and its moves (2,000 at
//     most, for a game created under the cap); its public state (the JSON
//     with the picture, up to some 130 KB for Hex 26×26) is built when
//     asked for and cached within a budget of 32 MiB for all games, the
//     least recently used dropped first.
//   - Pictures: the starts of the catalog's variants are drawn once and
//     kept (23 pictures, 644 KB); a preview of any other spec is drawn
//     for its request and not kept.
//   - Requests: bodies of at most 4 KiB (413); headers of at most 16 KiB.
//
// Under all the attacks at once (TestSoak on a 2-core machine, with a
// limit of 1,024 descriptors: clients that never read, previews of new
// specs, streams up to every cap, endless moves, 1,500 idle connections,
// lax JSON, cross-site requests, keys in URLs, a flood of creations, and a
// disk that refuses one append in 40), six ordinary players' moves were
// answered with p99 77 ms over 30 s (5,380 moves) and 108 ms over 3
// minutes (21,612 moves, the endless games ending at ply 2,000), the
// server's resident memory peaked at 115 MB and 136 MB, and after a
// SIGKILL every acknowledged move was there.
package site
