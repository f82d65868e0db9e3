// MessagePack encoding of protocol v1 frames, byte for byte the same as the Python codec
// (protocol/vorpal_protocol/codec.py). The rules are in protocol/PROTOCOL.md, "Canonical encoding";
// protocol/vectors/ fixes them. Frames are plain objects whose fields keep their wire names.

import { Decoder, Encoder } from "@msgpack/msgpack";

export const SUBPROTOCOL = "vorpal.v1.msgpack";
/** Protocol v2: events carry a patch of the view (PROTOCOL.md, "Protocol v2"); the SDK offers it first. */
export const SUBPROTOCOL_V2 = "vorpal.v2.msgpack";
export const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_DEPTH = 32;

/** Bytes that are not a valid frame; `code` is the stable error code. */
export class DecodeError extends Error {
  constructor(code, detail, requestId = null) {
    super(detail);
    this.name = "DecodeError";
    this.code = code;
    this.detail = detail;
    this.requestId = requestId;
  }
}

// -- the frames ---------------------------------------------------------------------------

const REQUIRED = "required"; // present and not null
const PRESENT = "present"; // present, any value (a move)
const OPTIONAL = "optional"; // absent or null: left out
const DEFAULT = "default"; // absent: the default; null is refused

const codePoints = (s) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};
const isInt = (v) => typeof v === "number" && Number.isInteger(v);
const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isBool = (v) => typeof v === "boolean";
const text = (min = 0, max = Infinity, pattern = null) => (v) =>
  typeof v === "string" && codePoints(v) >= min && codePoints(v) <= max && (pattern === null || pattern.test(v));
const integer = (min = -Infinity) => (v) => isInt(v) && v >= min;
const requestId = (v) => isInt(v) || typeof v === "string";
const matchId = text(1, 64, /^[A-Za-z0-9_-]+$/);
const anything = () => true;
const list = (item = anything) => (v) => Array.isArray(v) && v.every(item);
const oneOf = (...values) => (v) => values.includes(v);

const TYPE = ["type", anything, REQUIRED];

/** Every frame type: its fields in wire order, each `[name, check, presence, default]`. */
export const FRAMES = {
  // client to server
  // token: a seat token, or an API key (vpk_...) that signs the socket in; since: a key's last notice seq
  auth: [TYPE, ["id", requestId, REQUIRED], ["token", text(1, 256), REQUIRED], ["since", integer(0), OPTIONAL]],
  subscribe: [TYPE, ["id", requestId, REQUIRED], ["match", matchId, REQUIRED], ["since", integer(0), OPTIONAL]],
  unsubscribe: [TYPE, ["id", requestId, REQUIRED], ["match", matchId, REQUIRED]],
  move: [
    TYPE,
    ["id", requestId, REQUIRED],
    ["match", matchId, REQUIRED],
    ["move_id", text(1, 64), REQUIRED],
    ["version", integer(0), REQUIRED],
    ["move", anything, PRESENT],
  ],
  say: [TYPE, ["id", requestId, REQUIRED], ["match", matchId, REQUIRED], ["text", text(1, 500), REQUIRED]],
  queue: [TYPE, ["id", requestId, REQUIRED], ["ladder", text(1, 64), REQUIRED]],
  unqueue: [TYPE, ["id", requestId, REQUIRED], ["ladder", text(1, 64), REQUIRED]],
  ping: [TYPE, ["id", requestId, REQUIRED]],
  // server to client
  ack: [TYPE, ["id", requestId, REQUIRED], ["result", isMap, DEFAULT, () => ({})]],
  error: [
    TYPE,
    ["id", requestId, OPTIONAL],
    ["code", text(), REQUIRED],
    ["title", text(), REQUIRED],
    ["detail", text(), OPTIONAL],
    ["current", integer(0), OPTIONAL], // stale_version: the match's current version
    ["retry_after_ms", integer(1), OPTIONAL], // rate_limited: milliseconds until a retry is admitted
  ],
  event: [
    TYPE,
    ["match", matchId, REQUIRED],
    ["version", integer(), REQUIRED],
    ["event", isMap, REQUIRED],
    ["status", oneOf("open", "active", "finished", "aborted"), REQUIRED],
    ["to_act", list(isInt), DEFAULT, () => []],
    ["view", isMap, OPTIONAL],
    ["patch", list(isMap), OPTIONAL], // protocol v2: a JSON Patch (RFC 6902) of the view at version - 1
    ["merge", isMap, OPTIONAL], // protocol v2: the same as a JSON Merge Patch (RFC 7386)
    ["legal", list(), OPTIONAL],
    ["outcome", isMap, OPTIONAL],
    ["clock", isMap, OPTIONAL], // the match clock after the event (PROTOCOL.md section 9)
    ["timeout", isBool, OPTIONAL], // the move was made by the clock for a seat out of time
  ],
  chat: [
    TYPE,
    ["match", matchId, REQUIRED],
    ["seat", integer(), OPTIONAL],
    ["name", text(), REQUIRED],
    ["text", text(), REQUIRED],
    ["at", integer(), REQUIRED],
  ],
  // a new notice of the signed-in account's inbox
  notice: [
    TYPE,
    ["seq", integer(1), REQUIRED],
    ["at", integer(), REQUIRED],
    ["kind", text(), REQUIRED],
    ["data", isMap, DEFAULT, () => ({})],
  ],
  pong: [TYPE, ["id", requestId, REQUIRED]],
};

export const CLIENT_FRAMES = ["auth", "subscribe", "unsubscribe", "move", "say", "queue", "unqueue", "ping"];
export const SERVER_FRAMES = ["ack", "error", "event", "chat", "notice", "pong"];

// -- encoding -------------------------------------------------------------------------------

/** Compare strings by Unicode code point (as Python does), not by UTF-16 unit. */
export function byCodePoint(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i);
    const y = b.codePointAt(i);
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** Writes the frame map's fields in the order given, and every inner map with sorted keys. */
class CanonicalEncoder extends Encoder {
  frameKeys = null;

  encodeMap(object, depth) {
    const keys =
      depth === 1 && this.frameKeys !== null
        ? this.frameKeys
        : Object.keys(object)
            .filter((k) => object[k] !== undefined)
            .sort(byCodePoint);
    const size = keys.length;
    if (size < 16) {
      this.writeU8(0x80 + size);
    } else if (size < 0x10000) {
      this.writeU8(0xde);
      this.writeU16(size);
    } else {
      this.writeU8(0xdf);
      this.writeU32(size);
    }
    for (const key of keys) {
      this.encodeString(key);
      this.doEncode(object[key], depth + 1);
    }
  }
}

const encoder = new CanonicalEncoder({ ignoreUndefined: true });

/** The keys of a frame's canonical map, in order: known fields, then the others sorted. */
function frameKeys(frame) {
  const fields = FRAMES[frame.type] ?? [];
  const out = [];
  for (const [name, , presence, make] of fields) {
    if (frame[name] == null && presence === DEFAULT && !(name in frame)) {
      frame[name] = make(); // on the caller's copy (see encode)
    }
    if (frame[name] != null) out.push(name);
  }
  const known = new Set(fields.map((f) => f[0]));
  const rest = Object.keys(frame).filter((k) => !known.has(k) && frame[k] != null);
  return [...out, ...rest.sort(byCodePoint)];
}

/** The canonical bytes of a frame (a plain object in wire form). */
export function encode(frame) {
  const copy = { ...frame };
  encoder.frameKeys = frameKeys(copy);
  try {
    return encoder.encode(copy);
  } finally {
    encoder.frameKeys = null;
  }
}

// -- decoding -------------------------------------------------------------------------------

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** @msgpack/msgpack with strict UTF-8 (its own decoder replaces bad bytes with U+FFFD). */
class StrictDecoder extends Decoder {
  decodeUtf8String(byteLength, headerOffset) {
    if (this.bytes.byteLength < this.pos + headerOffset + byteLength) {
      throw new RangeError("Insufficient data");
    }
    const offset = this.pos + headerOffset;
    const value = utf8.decode(this.bytes.subarray(offset, offset + byteLength));
    this.pos += headerOffset + byteLength;
    return value;
  }
}

const decoder = new StrictDecoder({
  useBigInt64: true, // 64-bit integers as BigInt, so an unsafe integer is seen as one
  mapKeyConverter: (key) => {
    if (typeof key !== "string") throw new TypeError("map keys are strings");
    return key;
  },
});

function bad(detail) {
  return new DecodeError("bad_frame", detail);
}

/** Enforce the nesting limit and the JSON data model (the leaf of the frame map is at depth 2). */
function check(value, depth) {
  if (depth > MAX_DEPTH) throw bad(`frames nest at most ${MAX_DEPTH} levels`);
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw bad("floats are finite");
    return value === 0 ? 0 : value; // -0.0 is the integer 0

  }
  if (typeof value === "bigint") {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
      throw bad("integers are limited to the safe range (|n| <= 2**53 - 1)");
    }
    return Number(value);
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = check(value[i], depth + 1);
    return value;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const key of Object.keys(value)) value[key] = check(value[key], depth + 1);
    return value;
  }
  throw bad("bin and extension types are not used in frames");
}

/** Bytes to a map, enforcing size, nesting and value types; throws {@link DecodeError}. */
export function unpack(data) {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteLength > MAX_FRAME_BYTES) {
    throw new DecodeError("frame_too_large", `frames are limited to ${MAX_FRAME_BYTES} bytes`);
  }
  let value;
  try {
    value = decoder.decode(bytes);
  } catch (err) {
    throw bad(`not a MessagePack value: ${err.message}`);
  }
  if (!isMap(value) || Object.getPrototypeOf(value) !== Object.prototype) {
    throw bad("a frame is a MessagePack map");
  }
  return check(value, 1);
}

function decodeFrame(data, known) {
  const value = unpack(data);
  const rid = requestId(value.id) ? value.id : null;
  if (typeof value.type !== "string") throw new DecodeError("bad_frame", "a frame needs a string 'type'", rid);
  if (!known.includes(value.type)) {
    throw new DecodeError("unknown_frame", `unknown frame type ${JSON.stringify(value.type.slice(0, 40))}`, rid);
  }
  const frame = {};
  for (const [name, ok, presence, make] of FRAMES[value.type]) {
    const has = Object.hasOwn(value, name);
    const v = value[name];
    if (presence === PRESENT) {
      if (!has) throw new DecodeError("bad_request", `${name}: Field required`, rid);
      frame[name] = v;
    } else if (v === null && presence === OPTIONAL) {
      continue;
    } else if (!has) {
      if (presence === REQUIRED) throw new DecodeError("bad_request", `${name}: Field required`, rid);
      if (presence === DEFAULT) frame[name] = make();
    } else if (!ok(v)) {
      throw new DecodeError("bad_request", `${name}: invalid value`, rid);
    } else {
      frame[name] = v;
    }
  }
  return frame;
}

/** A client frame, as the server reads it. */
export function decodeClient(data) {
  return decodeFrame(data, CLIENT_FRAMES);
}

/** A server frame, as a client reads it. */
export function decodeServer(data) {
  return decodeFrame(data, SERVER_FRAMES);
}
