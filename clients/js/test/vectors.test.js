// The golden vectors of protocol v1 (protocol/vectors/), run against the JavaScript codec.
// The same corpus runs against the Python codec (tests/protocol/test_vectors.py). A vector this codec
// is known to fail is listed in KNOWN_FAILURES; a listed vector that passes fails the run.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import { CLIENT_FRAMES, DecodeError, SERVER_FRAMES, decodeClient, decodeServer, encode } from "../src/index.js";

const DIR = new URL("../../../protocol/vectors/", import.meta.url);

/** Vector names this codec fails today (none): name -> why. */
const KNOWN_FAILURES = new Map();

const ALL = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, DIR), "utf8")).vectors);
const VALID = ALL.filter((v) => "value" in v);
const INVALID = ALL.filter((v) => "code" in v);

const hex = (bytes) => Buffer.from(bytes).toString("hex");
const bytes = (h) => new Uint8Array(Buffer.from(h, "hex"));
const decoder = (v) => (v.direction === "client" ? decodeClient : decodeServer);

function vectorTest(name, body) {
  test(name, () => {
    if (!KNOWN_FAILURES.has(name)) return body();
    assert.throws(body, `listed in KNOWN_FAILURES but passes: ${name}`);
  });
}

for (const v of VALID) {
  vectorTest(`valid ${v.name}`, () => {
    const canonical = v.canonical ?? v.hex;
    const frame = decoder(v)(bytes(v.hex));
    assert.deepStrictEqual(frame, v.value);
    assert.equal(hex(encode(frame)), canonical);
    assert.equal(hex(encode(v.value)), canonical);
    assert.equal(hex(encode(decoder(v)(bytes(canonical)))), canonical);
  });
}

for (const v of INVALID) {
  vectorTest(`invalid ${v.name}`, () => {
    assert.throws(
      () => decoder(v)(bytes(v.hex)),
      (err) => {
        assert.ok(err instanceof DecodeError, String(err));
        assert.equal(err.code, v.code, err.detail);
        assert.equal(err.requestId, v.id ?? null);
        return true;
      },
    );
  });
}

test("every frame type has a canonical vector", () => {
  const covered = new Set(VALID.filter((v) => !("canonical" in v)).map((v) => `${v.direction}:${v.value.type}`));
  const wanted = [...CLIENT_FRAMES.map((t) => `client:${t}`), ...SERVER_FRAMES.map((t) => `server:${t}`)];
  assert.deepEqual(
    wanted.filter((w) => !covered.has(w)),
    [],
  );
});

test("vectors are named once and known failures name vectors", () => {
  const names = ALL.map((v) => v.name);
  assert.equal(new Set(names).size, names.length);
  for (const name of KNOWN_FAILURES.keys()) assert.ok(names.includes(name), name);
});
