// Random games Go played of every registered variant (the fixture
// TestNode writes) replay here move for move: the same moves, texts,
// hashes, seats to move, legal actions and observations, and the same
// result.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as tr from "../dist/index.js";

await tr.load();

const fixture = process.env.TABLETOP_RULES_GAMES;

test("every registered game and variant replays as Go played it", { skip: !fixture && "no fixture (run go test ./js/dist)" }, () => {
  const { games } = JSON.parse(readFileSync(fixture, "utf8"));
  assert.ok(games.length > 0);
  const specs = new Set(games.map((g) => g.spec.replace(/\(.*/, "")));
  assert.deepEqual([...specs].sort(), tr.games());
  for (const g of games) {
    let p = tr.open(g.spec);
    for (const [i, want] of g.plies.entries()) {
      const where = `${g.spec} ply ${i}`;
      assert.equal(p.toString(), want.text, where);
      assert.equal(p.toMove, want.toMove, where);
      assert.equal(p.ply, want.ply, where);
      assert.equal(p.hash, want.hash, where);
      assert.deepEqual(p.moves(), want.moves, where);
      assert.deepEqual([...p.legalActions()], want.legalActions, where);
      if (want.toMove >= 0) {
        const obs = p.observation();
        const [planes, rows, cols] = p.observationShape;
        assert.equal(obs.length, planes * rows * cols, where);
        let sum = 0;
        for (let k = 0; k < obs.length; k++) sum += k * obs[k];
        assert.equal(sum, want.observation, where);
      }
      if (want.played === "") break;
      assert.ok(p.legal(want.played), where);
      const q = p.play(want.played);
      assert.equal(p.toString(), want.text, `${where}: play changed the position it was called on`);
      p.free();
      p = q;
    }
    assert.equal(p.result, g.result, g.spec);
    assert.equal(p.reason, g.reason, g.spec);
    assert.deepEqual(p.returns(), g.returns, g.spec);
    const back = tr.fromJSON(JSON.stringify(p));
    assert.ok(back.equals(p), g.spec);
    assert.ok(tr.openPosition(p.spec, p.toString()).equals(p), g.spec);
    p.free();
    back.free();
  }
});

test("seeded playouts end where Go's end, and rollouts find Go's outcomes", { skip: !fixture && "no fixture (run go test ./js/dist)" }, () => {
  const { playouts } = JSON.parse(readFileSync(fixture, "utf8"));
  assert.ok(playouts.length > 0);
  for (const { spec, seed, maxPlies, end, result, returns } of playouts) {
    const start = tr.open(spec);
    const bound = maxPlies < 0 ? Infinity : maxPlies; // Go's -1: no bound
    const got = start.playout({ maxPlies: bound, seed });
    assert.equal(got.toString(), end, `${spec} seed ${seed} maxPlies ${maxPlies}`);
    assert.deepEqual(start.rollout({ maxPlies: bound, seed }), { result, returns }, `${spec} rollout seed ${seed} maxPlies ${maxPlies}`);
    assert.ok(got.ply - start.ply <= maxPlies || maxPlies < 0);
    assert.equal(start.ply, 0, "playout leaves the position it starts from as it was");
    start.free();
    got.free();
  }
});
