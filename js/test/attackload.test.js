// A load that fails (a bad url) leaves load() free to try again.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as tr from "../dist/index.js";

test("load() after a failed load() loads", async () => {
  await assert.rejects(tr.load({ url: new URL("file:///nonexistent/rules.wasm") }));
  assert.throws(() => tr.games(), /load/);
  await tr.load();
  assert.ok(tr.games().includes("hex"));
  const p = tr.open("hex");
  assert.equal(p.moves().length, 121);
  p.free();
});
