// Bad input of every kind gets the documented errors, and the module
// serves the next call.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as tr from "../dist/index.js";

test("before load(), every function says to call it", async () => {
  const fresh = await import("../dist/index.js?before-load");
  for (const f of [() => fresh.open("hex"), () => fresh.openPosition("hex", "x"), () => fresh.games(), () => fresh.fromJSON("{}")]) {
    assert.throws(f, /call and await load\(\) first/);
  }
});

await tr.load();

test("a spec that cannot be read is a SpecError with the offset", () => {
  assert.throws(() => tr.open("hex(size=99)"), (e) => e instanceof tr.SpecError && e.code === "bad-spec" && e.offset === 4);
  assert.throws(() => tr.open("hex(size=9"), (e) => e instanceof tr.SpecError && e.offset >= 0);
  assert.throws(() => tr.open("chess"), (e) => e instanceof tr.UnknownGameError && e.code === "unknown-game" && e instanceof tr.SpecError);
  assert.throws(() => tr.open(""), tr.SpecError);
  assert.throws(() => tr.open("\u00ff\u0000"), tr.RulesError);
});

test("a position text that cannot be read is a PositionError with the offset", () => {
  assert.throws(() => tr.openPosition("hex(size=3)", "3/3/3 x -"), (e) => e instanceof tr.PositionError && e.offset > 0);
  assert.throws(() => tr.openPosition("hex(size=3)", "4/3/3 b -"), (e) => e instanceof tr.PositionError && e.offset === 0);
  assert.throws(() => tr.openPosition("focus", "garbage"), tr.PositionError);
  assert.throws(() => tr.openPosition("explocus", tr.open("hexplocus").toString()), tr.ParseError);
  assert.throws(() => tr.fromJSON("{"), tr.RulesError);
  assert.throws(() => tr.fromJSON({ spec: "hex", position: "zz" }), tr.PositionError);
});

test("moves: text that is no move, an illegal move, a move after the end", () => {
  const p = tr.open("hex(size=3)");
  assert.throws(() => p.play("zz"), (e) => e instanceof tr.MoveSyntaxError && e.code === "syntax" && e.offset === 2);
  assert.throws(() => p.legal("zz"), tr.MoveSyntaxError);
  assert.throws(() => p.canonical(""), tr.MoveSyntaxError);
  const q = p.play("b2");
  assert.equal(q.legal("b2"), false);
  assert.throws(() => q.play("b2"), (e) => e instanceof tr.IllegalMoveError && e.code === "illegal" && e.reason.length > 0);
  let end = tr.open("hex(size=1)").play("a1");
  assert.ok(end.isTerminal);
  assert.equal(end.toMove, tr.TERMINAL);
  assert.equal(end.legal("a1"), false);
  assert.throws(() => end.play("a1"), (e) => e instanceof tr.GameOverError && e.code === "game-over");
  assert.deepEqual(end.moves(), []);
  assert.equal(end.randomMove(), "");
  assert.throws(() => end.observation(), RangeError);
});

test("actions, seats and symmetries out of range", () => {
  const p = tr.open("focus");
  for (const bad of [-1, p.numActions, 2 ** 40]) {
    assert.throws(() => p.playAction(bad), tr.OutOfRangeError, String(bad));
    assert.throws(() => p.actionMove(bad), tr.OutOfRangeError, String(bad));
  }
  assert.throws(() => p.transform(p.symmetries), tr.OutOfRangeError);
  assert.throws(() => p.observation(2), tr.OutOfRangeError);
  assert.throws(() => p.observation(-3), tr.OutOfRangeError);
});

test("arguments of the wrong type are TypeErrors, before the module sees them", () => {
  const p = tr.open("domination");
  for (const bad of [undefined, null, 3, {}, [], 1n]) {
    assert.throws(() => tr.open(bad), TypeError);
    assert.throws(() => p.play(bad), TypeError);
  }
  for (const bad of [1.5, NaN, Infinity, "3", null]) {
    assert.throws(() => p.playAction(bad), TypeError, String(bad));
  }
  const end = p.toMove === tr.CHANCE ? p.numChanceActions : p.numActions; // domination starts with a draw
  for (const big of [2 ** 40, 2 ** 53, 2 ** 60, -(2 ** 40)]) {
    assert.throws(() => p.playAction(big), (e) => e instanceof tr.OutOfRangeError && e.message === `the action ${big} is outside [0, ${end})`, String(big));
  }
  for (const bad of [-1, 1.5, 2 ** 53, "1", null]) {
    assert.throws(() => p.playout({ seed: bad }), TypeError, String(bad));
  }
  assert.throws(() => p.playout({ maxPlies: 0.5 }), TypeError);
  assert.equal(p.playout({ maxPlies: 0 }).toString(), p.toString());
  assert.deepEqual(p.rollout({ maxPlies: 0 }), { result: "*", returns: [0, 0] });
  assert.throws(() => p.rollout({ seed: -1 }), TypeError);
  for (const bad of [-1, -5, 2 ** 31]) {
    assert.throws(() => p.playout({ maxPlies: bad }), RangeError, String(bad));
    assert.throws(() => p.rollout({ maxPlies: bad }), RangeError, String(bad));
  }
  assert.ok(tr.open("hex(size=5)").playout({ maxPlies: Infinity, seed: 1 }).isTerminal, "Infinity: no bound");
  assert.throws(() => p.svg(null), TypeError);
  assert.throws(() => p.svg({ size: "big" }), TypeError);
  assert.throws(() => p.svg({ highlight: "a1" }), TypeError);
  assert.throws(() => new tr.Position(), TypeError);
});

test("a freed position throws FreedError; freeing twice is harmless", () => {
  const p = tr.open("hex");
  const q = p.play("a1");
  p.free();
  p.free();
  assert.throws(() => p.moves(), (e) => e instanceof tr.FreedError && e.code === "freed");
  assert.throws(() => p.play("b2"), tr.FreedError);
  assert.equal(q.ply, 1, "positions played from a freed one live on");
  q.free();
});

test("the raw module answers arguments of any kind with a number, and serves the next call", () => {
  const ex = tr._module();
  const junk = [undefined, null, -1, 0, 1, 2, 1.5, NaN, 2 ** 31 - 1, -(2 ** 31), 2 ** 40, "7", {}, true];
  const exports = Object.keys(ex).filter((k) => k.startsWith("tr_") && typeof ex[k] === "function" && k !== "tr_free");
  assert.ok(exports.length > 30, exports.join(" "));
  for (const name of exports) {
    for (const a of junk) {
      for (const b of junk) {
        // tr_playout's junk bounds stay small: a whole random game of a
        // position held could take long.
        const r = name === "tr_playout" || name === "tr_rollout" ? ex[name](a, typeof b === "number" ? Math.max(0, Math.min(b, 3)) : b, b) : ex[name](a, b);
        assert.equal(typeof r, "number", `${name}(${String(a)}, ${String(b)})`);
        if (r === -2147483648) {
          const n = ex.tr_error();
          const info = JSON.parse(new TextDecoder().decode(new Uint8Array(ex.mem.buffer, ex.tr_out(), n)));
          assert.ok(["bad-argument", "bad-handle", "bad-spec", "unknown-game", "syntax", "bad-position", "out-of-range", "illegal", "game-over", "wrong-node"].includes(info.code),
            `${name}(${String(a)}, ${String(b)}): ${info.code} ${info.message}`);
        }
      }
    }
  }
  const p = tr.open("explocus");
  assert.ok(p.play(p.moves()[0]).moves().length > 0);
  assert.throws(() => tr.open("x".repeat(70e6)), RangeError, "a text beyond the module's input room");
});

test("options: an object of known keys, or nothing; a misspelt key is a TypeError", async () => {
  const p = tr.open("hex(size=5)");
  for (const bad of [5, "x", true, [], null, () => 1]) {
    assert.throws(() => p.playout(bad), TypeError, String(bad));
    assert.throws(() => p.rollout(bad), TypeError, String(bad));
    assert.throws(() => p.svg(bad), TypeError, String(bad));
    assert.throws(() => tr.load(bad), TypeError, String(bad));
  }
  assert.throws(() => p.playout({ maxply: 2 }), /no option "maxply" \(known: maxPlies, seed\)/);
  assert.throws(() => p.rollout({ maxPlies: 25, sed: 1 }), /no option "sed"/);
  assert.throws(() => p.svg({ highlights: ["a1"] }), /no option "highlights"/);
  assert.throws(() => p.svg({ coordinate: true }), TypeError);
  assert.throws(() => tr.load({ url: 42 }), /options.url must be a string or a URL, not number/);
  assert.throws(() => tr.load({ module: "x" }), TypeError);
  assert.throws(() => tr.load({ uri: "x" }), TypeError);
  for (const bad of [new Map([["maxPlies", 0]]), new Date(), new Number(3), Object.create({ maxPlies: 0 })]) {
    assert.throws(() => p.playout(bad), /must be a plain object/, String(bad));
  }
  Object.prototype.maxPlies = 0; // inherited keys are not read
  try {
    assert.ok(p.playout({ seed: 1 }).isTerminal);
  } finally {
    delete Object.prototype.maxPlies;
  }
  assert.throws(() => p.rollout({ maxPlies: -Infinity }), RangeError);
  await tr.load({ url: "ignored once loaded" }); // the same promise, whatever the options
});

test("playout and rollout stop after 1,000,000 plies by default", () => {
  const p = tr.open("hexplocus(size=13)");
  const end = p.playout({ seed: 2 });
  assert.ok(end.isTerminal || end.ply === 1_000_000, `ply ${end.ply}`);
  const r = p.rollout({ seed: 2 });
  assert.ok(r.result === "*" || ["1-0", "0-1", "1/2-1/2"].includes(r.result), r.result);
});

test("fromJSON takes a JSON text or toJSON's object, nothing else", () => {
  const p = tr.open("hex(size=3)");
  assert.ok(tr.fromJSON(p.toJSON()).equals(p));
  assert.ok(tr.fromJSON(JSON.stringify(p)).equals(p));
  assert.ok(tr.fromJSON(Object.assign(Object.create(null), p.toJSON())).equals(p));
  assert.ok(tr.fromJSON(p).equals(p), "a Position: a copy");
  for (const bad of [null, undefined, 3, true, [], new String("x"), NaN, Infinity, Symbol("s"), () => 1, 1n, new Date()]) {
    assert.throws(() => tr.fromJSON(bad), (e) => e instanceof TypeError && /fromJSON takes a JSON text/.test(e.message), String(typeof bad));
  }
  assert.throws(() => tr.fromJSON(new Date()), /not a Date/);
});

test("an index past 32 bits names its range", () => {
  const p = tr.open("hex(size=3)");
  assert.throws(() => p.observation(2 ** 40), { message: `the seat ${2 ** 40} is outside [0, 2)` });
  assert.throws(() => p.transform(2 ** 40), { message: `the symmetry ${2 ** 40} is outside [0, ${p.symmetries})` });
  assert.throws(() => p.actionMove(2 ** 40), { message: `the action ${2 ** 40} is outside [0, ${p.numActions})` });
  assert.throws(() => p.chanceMove(2 ** 40), { message: `the chance action ${2 ** 40} is outside [0, ${p.numChanceActions})` });
});

test("every game's board quotes an unexpected character whole", () => {
  for (const spec of ["hex(size=3)", "focus", "domination", "explocus", "hexplocus"]) {
    const text = tr.open(spec).toString();
    const bare = text.startsWith(spec.split("(")[0] + "(") ? text.slice(text.indexOf(") ") + 2) : text;
    assert.throws(() => tr.openPosition(spec, "é" + bare.slice(1)), (e) => e instanceof tr.PositionError && e.reason.includes('"é"'), spec);
  }
});

test("reason is the reason alone", () => {
  const p = tr.open("hex(size=3)");
  assert.throws(() => p.observation(5), (e) => e instanceof tr.OutOfRangeError && e.reason === "seat index 5 is outside [0, 2)" && e.message.startsWith("rules: "));
  assert.throws(() => tr.open("chess"), (e) => e instanceof tr.UnknownGameError && /^unknown game "chess" \(known: /.test(e.reason) && e.reason !== e.message);
  const q = tr.open("hex(size=3)");
  q.free();
  assert.throws(() => q.moves(), (e) => e instanceof tr.FreedError && e.reason === "this position was freed");
});

test("ply is exact past 2^31 - 1, and hash has 16 digits", () => {
  const text = "4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 2147483648";
  const p = tr.openPosition("focus", text);
  assert.equal(p.ply, 2147483648);
  assert.equal(p.play("c3-c4").ply, 2147483649);
  for (let q = tr.open("hex(size=4)"), i = 0; !q.isTerminal && i < 200; q = q.play(q.randomMove()), i++) {
    assert.match(q.hash, /^[0-9a-f]{16}$/);
  }
});

test("texts the rules refuse: a spec with no space after it, an empty Focus captures entry", () => {
  const three = "4/AABBCC/1BBCCAA1/1CCAABB1/1AABBCC1/1BBCCAA1/CCAABB/4 A 1,1,1 ";
  for (const captures of [",,", "0,,0", "0,0,"]) {
    assert.throws(() => tr.openPosition("focus(players=3)", three + captures + " 0 first:ABC"), (e) => e instanceof tr.PositionError && /an empty entry/.test(e.reason));
  }
  assert.throws(() => tr.openPosition("focus(players=3)", "focus(players=3)" + three + "0,0,0 0 first:ABC"), (e) => e instanceof tr.PositionError && e.offset === 16);
  assert.throws(() => tr.openPosition("hex(size=3)", "é/3/3 b -"), (e) => e instanceof tr.PositionError && e.reason.includes('unexpected "é"'));
});
