// Hostile and corner-case inputs, and checks that pin down behaviour the
// other tests leave loose (each found by a mutation that survived them).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as tr from "../dist/index.js";
import { fromInfo } from "../dist/errors.js";

await tr.load();

test("a chance node is not terminal and has no seat to observe by default", () => {
  const p = tr.open("domination");
  assert.equal(p.toMove, tr.CHANCE);
  assert.equal(p.isTerminal, false);
  assert.throws(() => p.observation(), (e) => e instanceof RangeError && !(e instanceof tr.RulesError));
  p.free();
});

test("chances are exact fractions whose probabilities sum to one", () => {
  const p = tr.open("domination");
  const cs = p.chances();
  assert.ok(cs.length > 1);
  let sum = 0;
  for (const c of cs) {
    assert.ok(c.numerator > 0n && c.numerator <= c.denominator, `${c.move} ${c.numerator}/${c.denominator}`);
    assert.equal(c.probability, Number(c.numerator) / Number(c.denominator));
    sum += c.probability;
  }
  assert.ok(Math.abs(sum - 1) < 1e-9, String(sum));
  p.free();
});

test("svg refuses options of the wrong kind with a TypeError, and uses each option", () => {
  const p = tr.open("hex(size=3)");
  for (const o of [5, "x", true, null]) assert.throws(() => p.svg(o), TypeError, String(o));
  for (const c of ["yes", 1, null]) assert.throws(() => p.svg({ coordinates: c }), TypeError, String(c));
  const plain = p.svg();
  assert.notEqual(p.svg({ coordinates: true }), plain);
  assert.notEqual(p.svg({ highlight: ["b2"] }), plain);
  assert.equal(p.svg({ highlight: ["b2", "c3"] }), p.svg({ highlight: ["c3", "b2"] }));
  assert.notEqual(p.svg({ highlight: ["b2", "c3"] }), p.svg({ highlight: ["b2"] }), "every square is marked");
  // The module takes the squares one per line: a name with a line break
  // in it marks nothing, rather than the squares on either side of it.
  assert.equal(p.svg({ highlight: ["b2\nc3"] }), plain);
  assert.equal(p.svg({ highlight: ["b2\nc3", "a1"] }), p.svg({ highlight: ["a1"] }));
  assert.notEqual(p.svg({ lastMove: "b2" }), plain);
  assert.notEqual(p.svg({ size: 123 }), plain);
  p.free();
});

test("toJSON is {spec, position}, which fromJSON and JSON.stringify take back", () => {
  const p = tr.open("focus(plylimit=50)").play("c3-c4");
  assert.deepEqual(p.toJSON(), { spec: p.spec, position: p.toString() });
  assert.deepEqual(Object.keys(p.toJSON()), ["spec", "position"]);
  assert.ok(tr.fromJSON(JSON.stringify(p)).equals(p));
  assert.ok(tr.fromJSON(p.toJSON()).equals(p));
  p.free();
});

test("a stored position is read strictly, and its errors point at the problem", () => {
  const good = JSON.stringify(tr.open("hex(size=3)"));
  for (const [bad, offset, reason] of [
    ['{"spec":"hex(size=3)","spec":"hex","position":"3/3/3 b"}', 22, "appears twice"],
    ['{"spec":"hex(size=3)","Position":"3/3/3 b"}', 22, 'unknown field "Position"'],
    ['{"spec":3,"position":"3/3/3 b"}', 8, "must be a string"],
    [good + " {}", good.length + 1, "text after"],
  ]) {
    assert.throws(() => tr.fromJSON(bad), (e) => e instanceof tr.PositionError && e.code === "syntax" && e.offset === offset && e.reason.includes(reason), bad);
  }
  const start = tr.open("hex(size=3)");
  assert.ok(tr.fromJSON(`{"sp\\u0065c":"hex(size=3)", "position":${JSON.stringify(start.toString())}}`).equals(start), "escapes are read");
});

test("an error whose text holds quotes, backslashes, control characters and lone surrogates reaches JavaScript whole", () => {
  const junk = 'q"\\\u0001\t\ud800z';
  assert.throws(() => tr.open(junk), (e) => e instanceof tr.RulesError && e.message.includes("q") && e.message.includes("z"));
  assert.throws(() => tr.openPosition("hex", junk), (e) => e instanceof tr.PositionError && e.message.includes("\\\"") && e.message.includes("z"));
});

test("seed 0 is a seed; no seed is the module's own generator", () => {
  const p = tr.open("hex(size=11)");
  const a = p.playout({ seed: 0 }), b = p.playout({ seed: 0 });
  assert.ok(a.equals(b));
  const c = p.playout(), d = p.playout();
  assert.ok(!c.equals(d), "two unseeded random games of 11x11 Hex should differ");
  assert.deepEqual(p.rollout({ seed: 0 }), p.rollout({ seed: 0 }));
  for (const q of [p, a, b, c, d]) q.free();
});

test("errors carry their class name, code and reason alone", () => {
  const p = tr.open("hex(size=3)");
  assert.throws(() => p.play("a4"), (e) => e instanceof tr.MoveSyntaxError && e.name === "MoveSyntaxError" && e.code === "syntax" &&
    e.reason === "off the board, which has columns a to c and rows 1 to 3" && e.message !== e.reason);
  const end = tr.open("hex(size=2)").play("a1").play("b1").play("a2");
  assert.equal(end.isTerminal, true);
  assert.throws(() => end.play("b2"), (e) => e instanceof tr.GameOverError && e.name === "GameOverError");
  assert.throws(() => tr.fromJSON(""), (e) => e instanceof tr.PositionError && e.code === "syntax" && e.offset === 0);
  assert.throws(() => tr.fromJSON("{}"), tr.PositionError);
  p.free();
});

test("a decision move at a chance node is an IllegalMoveError (wrong-node), and not legal", () => {
  const p = tr.open("domination");
  const move = p.playAction(p.legalActions()[0]).moves()[0];
  assert.throws(() => p.play(move), (e) => e instanceof tr.IllegalMoveError && e.code === "wrong-node");
  assert.equal(p.legal(move), false);
});

test("fromInfo maps every code the module sends to its class", () => {
  assert.ok(fromInfo({ code: "bad-handle" }) instanceof tr.FreedError);
  assert.ok(fromInfo({ code: "not-supported" }) instanceof tr.NotSupportedError);
  assert.ok(fromInfo({ code: "syntax", what: "spec" }) instanceof tr.SpecError);
  assert.ok(fromInfo({ code: "syntax", what: "hex position" }) instanceof tr.PositionError);
  assert.ok(fromInfo({ code: "syntax", what: "move" }) instanceof tr.MoveSyntaxError);
  assert.equal(fromInfo({ code: "bad-position", offset: -1 }).offset, 0);
  assert.equal(fromInfo({ code: "illegal", message: "m", reason: "r" }).reason, "r");
});

test("a long text within the module's input bound is read, not refused", () => {
  const p = tr.open("hex(size=3)");
  const base = tr._live();
  assert.throws(() => p.play("a".repeat(6e6)), tr.MoveSyntaxError);
  assert.equal(tr._live(), base);
  assert.deepEqual(p.moves().length, 9);
  p.free();
});

test("a text of fewer than 64 MiB is not refused for its length; one of more is a RangeError", () => {
  const p = tr.open("hex(size=3)");
  assert.throws(() => p.play("a".repeat(23e6)), tr.MoveSyntaxError); // the room asked was 3 bytes per UTF-16 unit
  assert.throws(() => p.play("a".repeat(70e6)), RangeError);
  p.free();
});

test("at a chance node, chanceMove names the legal actions and playAction plays them", () => {
  const p = tr.open("domination");
  assert.equal(p.toMove, tr.CHANCE);
  const moves = p.chances().map((c) => c.move);
  const named = [...p.legalActions()].map((a) => p.chanceMove(a));
  assert.deepEqual(named, moves);
  for (const a of p.legalActions().slice(0, 3)) {
    const q = p.playAction(a);
    assert.equal(q.toString(), p.play(p.chanceMove(a)).toString());
  }
  assert.throws(() => p.chanceMove(p.numChanceActions), tr.OutOfRangeError);
  p.free();
});
