/** What the benchmark scripts share: where the CLI is, the demo key, autocannon, and a `tdss` child process. */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root (benchmarks run from dist/bench/). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const TDSS = join(ROOT, "bin", "tdss.js");
/** The reference server's demo active key (docs/serve.md): public, sandbox only. */
export const DEMO_KEY = "svc_demo_active_reference_key";
export const JSON_HEADERS = { authorization: `Bearer ${DEMO_KEY}`, "content-type": "application/json" };

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
export const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: object,
) => Promise<AutocannonResult>;

export interface TdssChild {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Starts `tdss <args>` and resolves once it prints the address it listens on. */
export async function startTdss(args: string[]): Promise<TdssChild> {
  const proc = spawn(process.execPath, [TDSS, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    proc.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+?),?(\s|$)/.exec(out);
      if (match) resolve(match[1]!);
    });
    proc.once("exit", (code) => reject(new Error(`tdss ${args[0]} exited with ${code} before it was ready:\n${out}`)));
  });
  return {
    url,
    pid: proc.pid!,
    stop: async () => {
      proc.kill("SIGTERM");
      await exited;
    },
  };
}
