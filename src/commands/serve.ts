import { readFileSync } from "node:fs";
import { parse } from "yaml";
import {
  DEFAULT_SEED,
  DEFAULT_SIZES,
  DEMO_KEYS,
  MUTANTS,
  VARIANTS,
  PENDING_VARIANTS,
  findVariant,
  unknownVariants,
  parseKeySpecs,
  ServerStartError,
  startReferenceServer,
  type KeySpec,
  type RateLimit,
  type Variant,
} from "../reference/index.js";
import { MCP_PATHS, MCP_REVISIONS, ToolAgreementError } from "../reference/mcp/index.js";
import { MAX_LATENCY_MS, MAX_RECORDS } from "../reference/options.js";
import { UsageError, type TdssCommand } from "./command.js";

export interface ServeArgs {
  port: number;
  host: string;
  seed: number;
  people: number;
  jobs: number;
  companies: number;
  keys?: string;
  "rate-limit"?: number;
  latency?: number;
  mutant?: string;
  "list-mutants"?: boolean;
  variant?: string;
  "list-variants"?: boolean;
}

export interface ServeIo {
  readonly stdout: (text: string) => void;
  /** Resolves when the server should stop (SIGINT/SIGTERM for the CLI). */
  readonly stopped: Promise<unknown>;
}

function integer(value: unknown, flag: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    // A value that is not a number reaches here as NaN (yargs coerces it), which says nothing to a user.
    const got = typeof value === "number" && Number.isNaN(value) ? "a value that is not a number" : String(value);
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}, got ${got}`);
  }
  return value;
}

function readKeys(file: string): KeySpec[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(
      `--keys ${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw new UsageError(`--keys ${file}: not valid JSON or YAML: ${(error as Error).message.split("\n")[0]}`);
  }
  try {
    return parseKeySpecs(value, `--keys ${file}`);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Keys are secrets: only the built-in demo keys (public, in README) are printed; others are shown by prefix. */
function describeKeys(keys: { active: string; exhausted: string; inactive: string }, fromFile: boolean): string {
  if (fromFile)
    return `  keys from --keys file: not printed (active key begins ${keys.active.slice(0, 8) || "(none)"}...)\n`;
  return (
    `  demo keys (public, for this sandbox only):\n` +
    `    active     ${DEMO_KEYS.active.key}   (${DEMO_KEYS.active.credits.toLocaleString("en-US")} Credits)\n` +
    `    exhausted  ${DEMO_KEYS.exhausted.key}   (0 Credits)\n` +
    `    inactive   ${DEMO_KEYS.inactive.key}   (switched off)\n`
  );
}

/**
 * Why the server could not start, as one line: a tool list that disagrees with spec/openapi.yaml (§4.1) lists
 * each disagreement after the reason; a system error from listening names the host and port.
 */
function startFailure(error: unknown, host: string, port: number): UsageError | undefined {
  if (error instanceof ToolAgreementError)
    return new UsageError(`${error.message.split("\n")[0]} ${error.problems.join("; ")}`);
  if (error instanceof ServerStartError || error instanceof RangeError) return new UsageError(error.message);
  const system = error as NodeJS.ErrnoException;
  if (typeof system.code === "string" && typeof system.syscall === "string")
    return new UsageError(`cannot listen on ${host} port ${port}: ${system.code} (${system.syscall})`);
  return undefined;
}

/** The conditions a real deployment imposes that this server runs under, when it runs under any. */
function describeConditions(
  rateLimit: RateLimit | undefined,
  latencyMs: number | undefined,
  jitterMs: number | undefined,
): string {
  const latency = jitterMs ? `${latencyMs ?? 0} to ${(latencyMs ?? 0) + jitterMs}` : latencyMs ? `${latencyMs}` : "";
  const parts = [
    ...(rateLimit
      ? [`rate limit ${rateLimit.requests} requests per ${rateLimit.perSeconds} s per key (REST and MCP)`]
      : []),
    ...(latency ? [`latency ${latency} ms on every answer`] : []),
  ];
  return parts.length ? `  ${parts.join("; ")}\n` : "";
}

/** The MCP addresses of §4.6 under the server's URL, with the revision each transport speaks. */
function describeMcp(url: string): string {
  return (
    `  MCP (§4.6, the same keys):\n` +
    `    ${url}${MCP_PATHS.streamableHttp}   Streamable HTTP, revision ${MCP_REVISIONS.streamableHttp}\n` +
    `    ${url}${MCP_PATHS.sse}   SSE, revision ${MCP_REVISIONS.sse} (messages to ${MCP_PATHS.messages})\n`
  );
}

/** Mutants or variants one a line: id, clause and description, the first two columns as wide as their longest. */
function columns(list: readonly { id: string; clause: string; description: string }[]): string {
  const id = Math.max(...list.map((x) => x.id.length));
  const clause = Math.max(...list.map((x) => x.clause.length));
  return list.map((x) => `${x.id.padEnd(id)}  ${x.clause.padEnd(clause)}  ${x.description}\n`).join("");
}

/**
 * The server conditions of `--variant`, one id or several separated by commas (served together): a usage error names
 * an id that is no variant, or the two variants that make one choice two ways.
 */
function variantConditions(spec: string): Variant["server"] {
  const unknown = unknownVariants(spec);
  if (unknown.length)
    throw new UsageError(
      `--variant ${spec}: no such variant ${unknown.map((id) => JSON.stringify(id)).join(", ")}; ` +
        `tdss serve --list-variants lists the ${VARIANTS.length} known`,
    );
  try {
    return findVariant(spec)?.server;
  } catch (error) {
    throw new UsageError(`--variant ${spec}: ${(error as Error).message}`);
  }
}

/** Starts the reference server, prints its URL and keys, and stops it cleanly when `io.stopped` resolves. */
export async function runServe(args: ServeArgs, io: ServeIo): Promise<number> {
  if (args["list-mutants"] || args["list-variants"]) {
    io.stdout(columns(args["list-mutants"] ? MUTANTS : [...VARIANTS, ...PENDING_VARIANTS]));
    return 0;
  }
  const port = integer(args.port, "port", 0, 65535);
  const seed = integer(args.seed, "seed", 0, 2 ** 31 - 1);
  const people = integer(args.people, "people", 0, MAX_RECORDS);
  const jobs = integer(args.jobs, "jobs", 0, MAX_RECORDS);
  const companies = integer(args.companies, "companies", 1, MAX_RECORDS);
  // Per second, on every HTTP request of REST and MCP alike; the bucket holds one second of requests.
  const rateLimit =
    args["rate-limit"] === undefined
      ? undefined
      : { requests: integer(args["rate-limit"], "rate-limit", 1, 1e9), perSeconds: 1 };
  const latencyMs = args.latency === undefined ? undefined : integer(args.latency, "latency", 0, MAX_LATENCY_MS);
  const keys = args.keys === undefined ? undefined : readKeys(args.keys);
  if (args.mutant !== undefined && !MUTANTS.some((m) => m.id === args.mutant)) {
    throw new UsageError(
      `--mutant ${args.mutant}: no such mutant; tdss serve --list-mutants lists the ${MUTANTS.length} known`,
    );
  }
  const conditions = args.variant === undefined ? undefined : variantConditions(args.variant);
  if (args.variant !== undefined && args.mutant !== undefined)
    throw new UsageError("--variant and --mutant: serve one or the other");
  const started = performance.now();
  let server;
  try {
    server = await startReferenceServer({
      port,
      host: args.host,
      seed,
      people,
      jobs,
      companies,
      keys,
      rateLimit,
      ...(latencyMs !== undefined ? { latencyMs } : {}),
      mutant: args.mutant,
      variant: args.variant,
    });
  } catch (error) {
    throw startFailure(error, args.host, port) ?? error;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  io.stdout(
    `tdss serve: listening on ${server.url} (${people} people, ${jobs} jobs, ${companies} companies, ` +
      `seed ${seed}, ready in ${seconds} s)\n` +
      (args.mutant ? `  MUTANT ${args.mutant}: deliberately broken, for suite-strength runs only\n` : "") +
      (args.variant ? `  VARIANT ${args.variant}: a legal alternative (docs/variants.md)\n` : "") +
      describeConditions(
        rateLimit ?? conditions?.rateLimit,
        latencyMs ?? conditions?.latencyMs,
        conditions?.latencyJitterMs,
      ) +
      describeMcp(server.url) +
      describeKeys(server.keys, keys !== undefined) +
      `  Ctrl-C stops the server.\n`,
  );
  await io.stopped;
  await server.close();
  io.stdout("tdss serve: stopped\n");
  return 0;
}

export const serveCommand: TdssCommand<ServeArgs> = {
  name: "serve",
  builder: (y) =>
    y
      .option("port", { type: "number", default: 8080, describe: "TCP port (0 picks a free one)" })
      .option("host", {
        type: "string",
        default: "127.0.0.1",
        describe: "Interface to listen on (loopback by default)",
      })
      .option("seed", { type: "number", default: DEFAULT_SEED, describe: "Seed of the dataset, IDs and cursors" })
      .option("people", { type: "number", default: DEFAULT_SIZES.people, describe: "People to generate" })
      .option("jobs", { type: "number", default: DEFAULT_SIZES.jobs, describe: "Job postings to generate" })
      .option("companies", { type: "number", default: DEFAULT_SIZES.companies, describe: "Companies to generate" })
      .option("keys", { type: "string", describe: "JSON or YAML file of API keys, replacing the demo keys" })
      .option("rate-limit", {
        type: "number",
        describe: "Requests per second per key, on REST and MCP alike (default 1,000,000 per minute)",
      })
      .option("latency", {
        type: "number",
        describe: "Milliseconds every answer, REST and MCP, is delayed (default 0)",
      })
      .option("mutant", { type: "string", describe: "Serve a deliberately broken variant (suite strength)" })
      .option("list-mutants", { type: "boolean", describe: "List the mutants and exit" })
      .option("variant", {
        type: "string",
        describe:
          "Serve a legal alternative: one choice the spec leaves open made differently; several, comma-separated, " +
          "are served together (a usage error names two that make one choice two ways)",
      })
      .option("list-variants", { type: "boolean", describe: "List the variants and exit" }),
  async run(args) {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    try {
      return await runServe(args, { stdout: (text) => process.stdout.write(text), stopped });
    } finally {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    }
  },
};
