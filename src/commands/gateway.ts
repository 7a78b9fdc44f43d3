import { resolve as resolvePath } from "node:path";
import { CONFIG_LOOKUP } from "../linter/config-file.js";
import { ConfigError, findRunConfig, type RunConfig } from "../runner/config.js";
import { FINDING_CLASSES } from "../lint/consequence.js";
import { UsageError, type TdssCommand } from "./command.js";
import type { Blockable } from "../gateway/verdict.js";

export interface GatewayArgs {
  upstream?: string;
  port?: number;
  host?: string;
  block?: string;
  log?: string;
  timeout?: number;
  config?: string;
}

export interface GatewayIo {
  readonly stdout: (text: string) => void;
  /** Resolves when the gateway should stop (SIGINT/SIGTERM for the CLI). */
  readonly stopped: Promise<unknown>;
  readonly cwd: string;
}

function parseBlock(text: string): Blockable[] {
  const names = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = names.find((n) => !(FINDING_CLASSES as readonly string[]).includes(n));
  if (wrong !== undefined)
    throw new UsageError(
      `--block ${text}: ${wrong} is not a consequence; use a comma list of ${FINDING_CLASSES.join(", ")} ` +
        `(or "" to block nothing)`,
    );
  return [...new Set(names)] as Blockable[];
}

function readConfig(args: GatewayArgs, cwd: string): RunConfig | undefined {
  try {
    return findRunConfig(args.config, cwd);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

function upstreamUrl(value: string | undefined): string {
  if (value === undefined)
    throw new UsageError("--upstream URL is required (or gateway.upstream / base_url in the config file)");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--upstream ${value}: not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`--upstream ${value}: expected an http:// or https:// URL`);
  if (url.username || url.password || url.search || url.hash)
    throw new UsageError(`--upstream ${value}: give the base URL alone, without credentials, query or fragment`);
  return url.href;
}

/** Starts the gateway, prints where it listens and what it blocks, and stops it when `io.stopped` resolves. */
export async function runGateway(args: GatewayArgs, io: GatewayIo): Promise<number> {
  const config = readConfig(args, io.cwd);
  const g = config?.gateway ?? {};
  const upstream = upstreamUrl(args.upstream ?? g.upstream ?? config?.baseUrl);
  const port = args.port ?? g.port ?? 8787;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be an integer from 0 to 65535, got ${String(port)}`);
  const timeoutMs = args.timeout ?? g.timeoutMs ?? config?.timeoutMs ?? 10_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 600_000)
    throw new UsageError(`--timeout must be an integer from 100 to 600000 ms, got ${String(timeoutMs)}`);
  const block = args.block !== undefined ? parseBlock(args.block) : [...(g.block ?? ["refused", "empty"])];
  const log = args.log !== undefined ? resolvePath(io.cwd, args.log) : g.log;
  const host = args.host ?? g.host ?? "127.0.0.1";
  const { startGateway } = await import("../gateway/server.js");
  let gateway;
  try {
    gateway = await startGateway({
      upstream,
      port,
      host,
      block,
      timeoutMs,
      ...(log ? { log } : {}),
      ...(config?.mcpTools ? { mcpTools: config.mcpTools } : {}),
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.syscall === "listen") throw new UsageError(`cannot listen on ${host} port ${port}: ${e.code}`);
    if (e.syscall === "open") throw new UsageError(`--log ${log}: cannot open the file (${e.code})`);
    throw error;
  }
  io.stdout(
    `tdss gateway: listening on ${gateway.url}, forwarding to ${new URL(upstream).origin}\n` +
      `  blocks: ${block.length ? block.join(", ") : "nothing (lint only)"}; timeout ${timeoutMs} ` +
      `ms${log ? `; decisions logged to ${log}` : ""}\n` +
      `  REST: the nine routes of §4.1   MCP: ${gateway.url}/mcp, ${gateway.url}/sse   ` +
      `metrics: ${gateway.url}/metrics\n` +
      `  Ctrl-C stops the gateway.\n`,
  );
  await io.stopped;
  await gateway.close();
  io.stdout("tdss gateway: stopped\n");
  return 0;
}

export const gatewayCommand: TdssCommand<GatewayArgs> = {
  name: "gateway",
  builder: (y) =>
    y
      .option("upstream", {
        type: "string",
        describe: "Base URL of the deployment to forward to (default: gateway.upstream or base_url of the config)",
      })
      .option("port", { type: "number", describe: "TCP port (default 8787; 0 picks a free one)" })
      .option("host", { type: "string", describe: "Interface to listen on (default 127.0.0.1)" })
      .option("block", {
        type: "string",
        describe:
          `Consequences answered by the gateway: comma list of ${FINDING_CLASSES.join(", ")} (default ` +
          `refused,empty)`,
      })
      .option("log", {
        type: "string",
        describe: "Append one JSON line per linted request to this file (rule ids, never keys or values)",
      })
      .option("timeout", { type: "number", describe: "Deadline of one upstream exchange in ms (default 10000)" })
      .option("config", {
        type: "string",
        describe: `Configuration file, YAML or JSON, whose gateway section is read (default: ${CONFIG_LOOKUP})`,
      }),
  async run(args) {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    try {
      return await runGateway(args, { stdout: (text) => process.stdout.write(text), stopped, cwd: process.cwd() });
    } finally {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    }
  },
};
