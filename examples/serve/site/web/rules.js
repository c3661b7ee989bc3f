// The rules in the page: the JavaScript package of tabletop-go/rules
// (WebAssembly, served by this server at /static/js/), loaded in the
// background. Once it is in, the page lists the legal moves itself,
// refuses an illegal click with the rules' reason without asking the
// server, and replays the game locally to step back and forth through
// it. Where WebAssembly fails to load, the page uses the legal moves the
// server lists and sends every move for the server to judge. The server
// stays the authority either way: it checks every move it is sent.
'use strict';

const rulesLocal = {
  mod: null, // the package, once loaded
  shown: null, // {key, pos}: the Position of the state shown
  replay: null, // {key, list}: the positions of the game, ply by ply

  start() {
    import('/static/js/index.js')
      .then(async (m) => {
        await m.load({ url: '/static/js/rules.wasm' });
        this.mod = m;
        // when the rules were ready, in ms from the navigation's start,
        // for the benchmark
        document.documentElement.dataset.rulesMs = performance.now().toFixed(1);
        document.documentElement.dataset.rules = 'local';
        if (view.state) render(view.state, true);
      })
      .catch((err) => {
        document.documentElement.dataset.rules = 'server';
        console.warn('the rules run on the server only:', err);
      });
  },

  // at returns the Position of state s, or null without the package.
  at(s) {
    if (!this.mod) return null;
    const key = s.spec + '\n' + s.position;
    if (this.shown && this.shown.key === key) return this.shown.pos;
    try {
      const pos = this.mod.openPosition(s.spec, s.position);
      if (this.shown) this.shown.pos.free();
      this.shown = { key, pos };
      return pos;
    } catch (err) {
      console.warn('the package cannot read this position:', err);
      return null;
    }
  },

  // legal lists the legal moves of state s: the package's, or the
  // server's.
  legal(s) {
    const pos = this.at(s);
    return pos ? pos.moves() : s.legal;
  },

  // why returns the rules' reason why move is not legal in state s, ''
  // if it is, and null without the package (the server must judge).
  why(s, move) {
    const pos = this.at(s);
    if (!pos) return null;
    try {
      if (pos.legal(move)) return '';
      pos.play(move).free();
      return '';
    } catch (err) {
      return err.reason || err.message;
    }
  },

  // positions returns the game of state s ply by ply, replayed from its
  // start (or, for a long game, from the position at the first of the
  // recent moves the state holds): [{ply, pos, move}], the move being the
  // one that led there; or null without the package.
  positions(s) {
    if (!this.mod || (s.movesFrom > 0 && !s.from)) return null;
    const key = s.spec + '\n' + (s.from || '') + '\n' + s.moves.map((m) => m.move).join(' ');
    if (this.replay && this.replay.key === key) return this.replay.list;
    let list = null;
    try {
      let pos = s.movesFrom > 0 ? this.mod.openPosition(s.spec, s.from) : this.mod.open(s.spec);
      list = [{ ply: s.movesFrom, pos, move: '' }];
      for (const m of s.moves) {
        pos = pos.play(m.move);
        list.push({ ply: s.movesFrom + list.length, pos, move: m.move });
      }
    } catch (err) {
      console.warn('the package cannot replay this game:', err);
      for (const x of list || []) x.pos.free();
      list = null;
    }
    if (this.replay) for (const x of this.replay.list || []) x.pos.free();
    this.replay = { key, list };
    return list;
  },
};
