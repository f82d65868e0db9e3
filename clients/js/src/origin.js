// A browser's CORS refusal, told apart from a server that is down.
//
// When the server does not list a page's origin in VORPAL_CORS_ORIGINS, the browser hides its answer,
// and fetch says no more than it says for a server that is down ("Failed to fetch", a TypeError).
// The two call for different fixes (configure the server; retry later), so after such a failure in a
// browser, for a server of another origin, the SDK asks the server once more in `no-cors` mode: an
// answer CORS does not guard, opaque to the page, that comes back only if the server is up. If it
// does, the origin was refused: OriginNotAllowed. Outside a browser (Node, no `location`) CORS does
// not apply and nothing is asked.

import { Forbidden } from "./errors.js";

/** The page's origin was refused by the server's CORS settings (VORPAL_CORS_ORIGINS). */
export class OriginNotAllowed extends Forbidden {
  constructor(origin, server) {
    super(
      "forbidden",
      "Origin not allowed",
      `the server at ${server} does not allow this page's origin, ${origin}: add it to the server's ` +
        `VORPAL_CORS_ORIGINS (comma-separated origins; none by default). localhost and 127.0.0.1 are ` +
        `different origins, as are two ports of one host.`,
      null,
      { origin, server },
    );
  }

  /** The page's origin, the one to add. */
  get origin() {
    return this.extra.origin;
  }
}

/**
 * The OriginNotAllowed that explains `err` (what fetch threw for a request to `baseUrl`), or null
 * when it is not a CORS refusal: not in a browser, not a network failure, the same origin, or a
 * server that does not answer at all.
 */
export async function corsRefusal(err, baseUrl, fetchFn, timeout) {
  const origin = globalThis.location?.origin;
  if (typeof origin !== "string" || origin === "null" || !(err instanceof TypeError)) return null;
  let server;
  try {
    server = new URL(baseUrl, globalThis.location.href).origin;
  } catch {
    return null;
  }
  if (server === origin) return null;
  try {
    await fetchFn(`${baseUrl}/healthz`, { mode: "no-cors", signal: AbortSignal.timeout(timeout) });
  } catch {
    return null; // down or unreachable: the failure is what it says
  }
  return new OriginNotAllowed(origin, server);
}
