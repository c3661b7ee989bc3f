// A page that plays ten thousand games does not grow: positions let go
// are released, by free() at once or by the FinalizationRegistry once
// JavaScript collects them.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as tr from "../dist/index.js";

await tr.load();

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("free() releases at once: the positions held stay flat", () => {
  const base = tr._live();
  for (let i = 0; i < 10000; i++) {
    let p = tr.open("hex(size=5)");
    for (let k = 0; k < 4; k++) {
      const q = p.play(p.randomMove());
      p.free();
      p = q;
    }
    p.free();
  }
  assert.equal(tr._live(), base);
});

test("positions JavaScript collects are released", { skip: typeof globalThis.gc !== "function" && "run node with --expose-gc" }, async () => {
  const base = tr._live();
  for (let i = 0; i < 10000; i++) {
    let p = tr.open("hex(size=5)");
    for (let k = 0; k < 4; k++) p = p.play(p.randomMove());
  }
  let live = tr._live();
  for (let round = 0; round < 50 && live > base + 100; round++) {
    globalThis.gc();
    await settle();
    live = tr._live();
  }
  assert.ok(live <= base + 100, `${live - base} positions still held after 50,000 were dropped`);
  const heap = process.memoryUsage().heapUsed;
  assert.ok(heap < 200e6, `heap ${heap}`);
});
