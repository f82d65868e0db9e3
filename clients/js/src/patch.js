// Protocol v2's view patches (PROTOCOL.md, "Protocol v2"): JSON Patch (RFC 6902) and JSON Merge
// Patch (RFC 7386), applied without changing the document given (each map and list on a changed
// path is copied, the rest shared), so a view the application holds stays as it was. And the view
// each subscribed match is at, kept whole for the application (`ViewKeeper`).
// (mirrors vorpal_protocol/patch.py; protocol/vectors/v2/ holds the examples both run.)

/** A patch that does not apply to the view it was sent for: the caller resumes the match. */
export class PatchError extends Error {}

function unescape(token) {
  return token.includes("~") ? token.replaceAll("~1", "/").replaceAll("~0", "~") : token;
}

function parse(pointer) {
  if (typeof pointer !== "string" || (pointer !== "" && !pointer.startsWith("/"))) {
    throw new PatchError(`not a JSON Pointer: ${JSON.stringify(pointer)}`);
  }
  return pointer === "" ? [] : pointer.slice(1).split("/").map(unescape);
}

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isContainer = (v) => v !== null && typeof v === "object";

function index(list, token, adding) {
  if (token === "-" && adding) return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`not an array index: ${token}`);
  const i = Number(token);
  if (i > list.length || (i === list.length && !adding)) throw new PatchError(`array index ${i} out of range`);
  return i;
}

function has(map, key) {
  return Object.prototype.hasOwnProperty.call(map, key);
}

function get(doc, tokens) {
  let node = doc;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[index(node, token, false)];
    else if (isMap(node)) {
      if (!has(node, token)) throw new PatchError(`no member ${token}`);
      node = node[token];
    } else throw new PatchError(`${token} inside a value that is no map or list`);
  }
  return node;
}

/** Applies one patch: copies each container once (`owned`), then changes the copies in place. */
class Application {
  constructor() {
    this.owned = new Set();
  }

  own(node) {
    if (this.owned.has(node)) return node;
    const copy = Array.isArray(node) ? [...node] : { ...node };
    this.owned.add(copy);
    return copy;
  }

  /** [the new root, the parent of the last token], copying every container on the way. */
  parent(doc, tokens) {
    const root = isContainer(doc) ? this.own(doc) : doc;
    let node = root;
    for (const token of tokens.slice(0, -1)) {
      let key;
      if (Array.isArray(node)) key = index(node, token, false);
      else if (isMap(node)) {
        if (!has(node, token)) throw new PatchError(`no member ${token}`);
        key = token;
      } else throw new PatchError(`${token} inside a value that is no map or list`);
      if (isContainer(node[key])) node[key] = this.own(node[key]);
      node = node[key];
    }
    if (!isContainer(node)) throw new PatchError("the target's parent is no map or list");
    return [root, node];
  }

  add(doc, tokens, value) {
    if (tokens.length === 0) return value;
    const [root, parent] = this.parent(doc, tokens);
    const last = tokens[tokens.length - 1];
    if (Array.isArray(parent)) parent.splice(index(parent, last, true), 0, value);
    else parent[last] = value;
    return root;
  }

  remove(doc, tokens) {
    if (tokens.length === 0) throw new PatchError("cannot remove the whole document");
    const [root, parent] = this.parent(doc, tokens);
    const last = tokens[tokens.length - 1];
    let value;
    if (Array.isArray(parent)) [value] = parent.splice(index(parent, last, false), 1);
    else {
      if (!has(parent, last)) throw new PatchError(`no member ${last}`);
      value = parent[last];
      delete parent[last];
    }
    return [root, value];
  }

  one(doc, op) {
    if (!isMap(op) || typeof op.op !== "string") throw new PatchError("an operation is a map with an 'op'");
    const tokens = parse(op.path);
    if (["add", "replace", "test"].includes(op.op) && !has(op, "value")) throw new PatchError(`'${op.op}' needs a 'value'`);
    switch (op.op) {
      case "add":
        return this.add(doc, tokens, op.value);
      case "remove":
        return this.remove(doc, tokens)[0];
      case "replace": {
        if (tokens.length === 0) return op.value;
        get(doc, tokens); // the target must exist
        const [root, parent] = this.parent(doc, tokens);
        const last = tokens[tokens.length - 1];
        parent[Array.isArray(parent) ? index(parent, last, false) : last] = op.value;
        return root;
      }
      case "move":
      case "copy": {
        const from = parse(op.from);
        let value;
        if (op.op === "move") {
          if (tokens.length > from.length && from.every((t, i) => tokens[i] === t)) {
            throw new PatchError("cannot move a value into itself");
          }
          [doc, value] = this.remove(doc, from);
        } else value = get(doc, from);
        return this.add(doc, tokens, value);
      }
      case "test":
        if (!jsonEqual(get(doc, tokens), op.value)) throw new PatchError(`test failed at ${op.path}`);
        return doc;
      default:
        throw new PatchError(`unknown operation ${op.op}`);
    }
  }
}

/** JSON values equal as JSON (RFC 6902, section 4.6). */
export function jsonEqual(x, y) {
  if (Array.isArray(x)) return Array.isArray(y) && x.length === y.length && x.every((v, i) => jsonEqual(v, y[i]));
  if (isMap(x)) {
    if (!isMap(y)) return false;
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((k) => has(y, k) && jsonEqual(x[k], y[k]));
  }
  return x === y;
}

/** `doc` with the JSON Patch `patch` applied in order; `doc` is not changed. Throws PatchError. */
export function applyPatch(doc, patch) {
  if (!Array.isArray(patch)) throw new PatchError("a patch is a list of operations");
  const application = new Application();
  for (const op of patch) doc = application.one(doc, op);
  return doc;
}

/** `doc` with the merge patch `patch` applied (RFC 7386, section 2); `doc` is not changed. */
export function applyMerge(doc, patch) {
  if (!isMap(patch)) return patch;
  const out = isMap(doc) ? { ...doc } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = applyMerge(has(out, key) ? out[key] : undefined, value);
  }
  return out;
}

/**
 * The view of each subscribed match, as protocol v2 sends it (without the constant fields), and
 * whole for the application: `whole(match, view)` puts back the public part's constant fields
 * (`constants`, from the catalogue). `next(frame)` gives an event frame's view after its patch,
 * or null when the frame carries none; throws PatchError when the patch is not for the view held.
 */
export class ViewKeeper {
  /** @param {(game: string) => Promise<any>} fetchConstants the catalogue's `constants` of a game */
  constructor(fetchConstants) {
    this.fetchConstants = fetchConstants;
    /** @type {Map<string, {version: number, view: any}>} */
    this.views = new Map();
    /** @type {Map<string, any>} match -> its game's constant fields (the catalogue's `constants`) */
    this.constants = new Map();
    /** @type {Map<string, Promise<any>>} game -> its constant fields, fetched once */
    this.games = new Map();
  }

  /**
   * The constant fields of `match`'s `game`, from the catalogue, once per game: a promise while
   * they are fetched (the caller holds back the match's views until then), null once known.
   */
  need(match, game) {
    if (this.constants.has(match)) return null;
    let known = this.games.get(game);
    if (known === undefined) {
      known = this.fetchConstants(game).then(
        (constants) => constants ?? {},
        (err) => {
          this.games.delete(game); // asked again at the next subscription
          throw err;
        },
      );
      this.games.set(game, known);
    }
    return known.then((constants) => {
      this.constants.set(match, constants);
    });
  }

  /** A match state (subscribe's ack) at `state.version`: keep its view; the state with the whole view. */
  state(match, state) {
    if (!state || !state.view) return state;
    this.views.set(match, { version: state.version, view: state.view });
    return { ...state, view: this.whole(match, state.view) };
  }

  /** An event frame: the frame with the whole view, as protocol v1 sends it. */
  event(frame) {
    const kept = this.views.get(frame.match);
    let view;
    if (frame.view) view = frame.view;
    else if (frame.patch || frame.merge) {
      if (!kept || kept.version !== frame.version - 1) {
        throw new PatchError(`a patch for version ${frame.version - 1}, the view held is at ${kept?.version}`);
      }
      view = frame.patch ? applyPatch(kept.view, frame.patch) : applyMerge(kept.view, frame.merge);
    } else return frame;
    this.views.set(frame.match, { version: frame.version, view });
    const { patch: _p, merge: _m, ...rest } = frame;
    return { ...rest, view: this.whole(frame.match, view) };
  }

  whole(match, view) {
    const constants = this.constants.get(match);
    if (!constants || !view.public) return view;
    return { ...view, public: { ...view.public, ...constants } };
  }

  forget(match) {
    this.views.delete(match);
  }
}
