// Benchmarks of the JavaScript package in Node: the module's load time,
// and random Focus games (plylimit=200) three ways: move by move through
// the API (randomMove, then play; each position freed once played from)
// and whole games in the module (playout), in plies per second; and
// rollouts (the outcome alone, the game's fast path), in games per
// second.
//
//   node js/bench.mjs [seconds]
//
// go test ./js/dist -run '^$' -bench Node runs it beside the same loops
// in native Go (rules.Dynamic's RandomMove and Play; Dynamic.Playout) and
// reports both.
import * as tr from "./dist/index.js";

const seconds = Number(process.argv[2] ?? 2);
const spec = "focus(plylimit=200)";
const t0 = performance.now();
await tr.load();
const loadMs = performance.now() - t0;

function moveByMove(budgetMs) {
  let plies = 0;
  const start = performance.now();
  while (performance.now() - start < budgetMs) {
    let p = tr.open(spec);
    for (;;) {
      const m = p.randomMove();
      if (m === "") break;
      const q = p.play(m);
      p.free();
      p = q;
      plies++;
    }
    p.free();
  }
  return (plies / (performance.now() - start)) * 1000;
}

function wholeGames(budgetMs) {
  let plies = 0;
  let seed = 0;
  const p = tr.open(spec);
  const start = performance.now();
  while (performance.now() - start < budgetMs) {
    const end = p.playout({ seed: seed++ });
    plies += end.ply;
    end.free();
  }
  return (plies / (performance.now() - start)) * 1000;
}

function rollouts(budgetMs) {
  let games = 0;
  let seed = 0;
  const p = tr.open(spec);
  const start = performance.now();
  while (performance.now() - start < budgetMs) {
    p.rollout({ seed: seed++ });
    games++;
  }
  return (games / (performance.now() - start)) * 1000;
}

moveByMove(300); // warm up: the engine compiles the hot functions
wholeGames(300);
rollouts(300);
console.log(JSON.stringify({
  loadMs,
  moveByMove: moveByMove((seconds * 1000) / 3),
  playout: wholeGames((seconds * 1000) / 3),
  rolloutGames: rollouts((seconds * 1000) / 3),
}));
