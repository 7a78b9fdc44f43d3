import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { specPath } from "../root.js";

/** A running Stoplight Prism (`prism proxy` or `prism mock`) over spec/openapi.yaml. */
export interface Prism {
  readonly url: string;
  /** Everything Prism printed so far, one line a log entry. */
  log(): string;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
/** Long enough for Prism to load the document on a loaded 2-core machine. */
const START_TIMEOUT_MS = 90_000;

function prismBin(): string {
  const manifest = require.resolve("@stoplight/prism-cli/package.json");
  return join(dirname(manifest), (require(manifest) as { bin: { prism: string } }).bin.prism);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * Starts Prism as a child process on a free loopback port: `proxy --errors` in front of `upstream` (a violation
 * becomes an error response and a log line), or `mock` without one. Resolves once Prism listens.
 */
export async function startPrism(mode: "proxy" | "mock", upstream?: string): Promise<Prism> {
  const port = await freePort();
  const args = [
    prismBin(),
    mode,
    ...(mode === "proxy" ? ["--errors"] : []),
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    specPath("openapi.yaml"),
  ];
  if (mode === "proxy") args.push(upstream!);
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop(child);
      reject(new Error(`prism ${mode} did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const check = () => {
      if (/Prism is listening on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`prism ${mode} exited with ${code} before listening:\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, log: () => output, close: () => stop(child) };
}
