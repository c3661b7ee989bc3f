package site

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Run is the serve command: it parses args (the command's flags, without
// the program's name), restores the stored games, listens, and serves the
// games registered with rules.Register until ctx is done, then shuts down
// within 5 s. Its first line on stdout is "serving http://ADDR/ (games in
// DIR)"; the log goes to stderr. A program offers a game of its own by
// importing the game's package (its registration) before calling Run.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runConfig(ctx, args, stdout, stderr, config{})
}

// runConfig is Run with base as the configuration the flags complete (the
// tests set its Storage).
func runConfig(ctx context.Context, args []string, stdout, stderr io.Writer, base config) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on (port 0: any free port)")
	dir := fs.String("data", defaultDataDir(), "the directory of the stored games")
	botDelay := fs.Duration("bot-delay", 400*time.Millisecond, "the least time a bot takes to answer")
	quiet := fs.Bool("quiet", false, "log only problems, not the games created")
	maxGames := fs.Int("maxgames", defaultMaxGames, "the most games stored: new games beyond are refused")
	createRate := fs.Int("create-rate", defaultCreatePerMinute, "the games one client address may create per minute (0: no limit)")
	botWorkers := fs.Int("bots", runtime.NumCPU(), "the bots that search at once")
	maxPlies := fs.Int("maxplies", defaultMaxPlies, "the most plies a game lasts")
	maxConns := fs.Int("max-conns", 0, fmt.Sprintf("the most connections held at once (0: all the descriptors the process may open but %d)", descriptorReserve))
	connsPerClient := fs.Int("max-conns-per-client", defaultConnsPerClient, "the most connections one client address holds at once")
	hostNames := fs.String("host", "", "the names the site answers to besides its listen address (and localhost for a loopback one), comma-separated NAME or NAME:PORT: the public names behind a proxy")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	var extraHosts []string
	if *hostNames != "" {
		extraHosts = strings.Split(*hostNames, ",")
	}
	for _, e := range extraHosts { // refused before the games are restored
		if _, _, err := parseHostEntry(e); err != nil {
			return err
		}
	}
	switch {
	case *maxGames < 1:
		return errors.New("-maxgames must be at least 1")
	case *createRate < 0:
		return errors.New("-create-rate must not be negative")
	case *botWorkers < 1:
		return errors.New("-bots must be at least 1")
	case *maxPlies < 1:
		return errors.New("-maxplies must be at least 1")
	case *maxConns < 0:
		return errors.New("-max-conns must not be negative")
	case *connsPerClient < 2:
		return errors.New("-max-conns-per-client must be at least 2")
	}
	conns, err := maxConnections(descriptorLimit(), *maxConns)
	if err != nil {
		return err
	}
	if *createRate == 0 {
		*createRate = -1 // no limit
	}
	logger := log.New(stderr, "serve: ", log.LstdFlags)
	cfg := base
	cfg.Dir, cfg.BotDelay, cfg.Logf = *dir, *botDelay, logger.Printf
	cfg.MaxGames, cfg.CreatePerMinute, cfg.BotWorkers, cfg.MaxPlies = *maxGames, *createRate, *botWorkers, *maxPlies
	// Streams take at most half the connections, in all and per client
	// address: the other half is for requests.
	cfg.MaxStreams = min(defaultMaxStreams, max(conns/2, 1))
	cfg.MaxStreamsPerClient = min(defaultStreamsPerClient, *connsPerClient/2)
	if *quiet {
		cfg.Infof = func(string, ...any) {}
	}
	srv, err := newServer(cfg)
	if err != nil {
		return err
	}
	defer srv.close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	hosts, err := newHostPolicy(ln.Addr(), extraHosts)
	if err != nil {
		ln.Close()
		return err
	}
	limited := newConnLimiter(ln, conns, *connsPerClient)
	hs := httpServer(srv, hosts, logger)
	fmt.Fprintf(stdout, "serving http://%s/ (games in %s)\n", ln.Addr(), *dir)
	srv.cfg.Infof("limits: %d connections (%d per client address), %d event streams (%d per client address, %d per game), %d games, %d plies a game",
		conns, *connsPerClient, srv.cfg.MaxStreams, srv.cfg.MaxStreamsPerClient, srv.cfg.MaxStreamsPerGame, srv.cfg.MaxGames, srv.cfg.MaxPlies)

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(limited) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// defaultDataDir is where games are kept unless -data says otherwise: in
// the user's cache directory, or ./serve-data without one.
func defaultDataDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "tabletop-go", "serve")
	}
	return "serve-data"
}

// httpServer returns the HTTP server of the site, answering to the hosts
// of the policy (checkHost), with short timeouts for slow and idle
// clients: 10 s to send a request (its headers, and its body), 30 s idle
// between requests. (The headers' 10 s count from the connection's start
// for a new one, which a client on a loaded machine takes a while to
// use: 5 s made such clients fail under the race detector.) It has no
// WriteTimeout, which would end the event streams: every other reply gets
// writeTimeout from when it is written, and each event of a stream its
// own.
func httpServer(srv *server, hosts *hostPolicy, logger *log.Logger) *http.Server {
	hs := &http.Server{
		Handler:           checkHost(hosts, srv),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       10 * time.Second,
		IdleTimeout:       30 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          logger,
	}
	hs.RegisterOnShutdown(srv.cancel) // ends the event streams
	return hs
}
