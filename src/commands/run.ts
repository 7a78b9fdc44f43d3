import { DEFAULT_GENERATED, DEFAULT_SEED } from "../validity/generated.js";
import { mkdirSync } from "node:fs";
import { join, relative, resolve as resolvePath } from "node:path";
import type { Argv } from "yargs";
import { BaseUrlError, DEFAULT_TIMEOUT_MS, isInsecureRemote, parseBaseUrl } from "../client/http.js";
import type { HttpClientOptions } from "../client/http.js";
import { buildReport, formatPlan, formatProgress, formatSummary, writeReports } from "../report/index.js";
import type { Selection } from "../report/report.js";
import { Credentials } from "../runner/credentials.js";
import { writeFileAtomic } from "../report/write.js";
import { CassetteError, loadCassette, RecordingHttpClient, ReplayHttpClient } from "../runner/cassette.js";
import type { Cassette } from "../runner/cassette.js";
import { ConfigError, findRunConfig, REPORTERS, type ReporterName, type RunConfig } from "../runner/config.js";
import { CONFIG_LOOKUP } from "../linter/config-file.js";
import { startEmbeddedServer, EmbeddedUnavailableError, type EmbeddedServer } from "../runner/embedded.js";
import { DEFAULT_EVIDENCE_BYTES } from "../runner/evidence.js";
import { loadExpectations } from "../runner/expectations.js";
import {
  BudgetError,
  DEFAULT_CONCURRENCY,
  KeyRejectedError,
  planRun,
  runConformance,
  UnreachableError,
  type RunOutcome,
} from "../runner/run.js";
import type { RunOptions } from "../runner/run-options.js";
import { formatCaseList, lastFailedCases, rerunCommand } from "./rerun.js";
import { loadAllSuites, selectCases, SuiteError } from "../runner/suites.js";
import type { CaseDef } from "../runner/types.js";
import { UsageError, type TdssCommand } from "./command.js";
import { commaList, toYargs, type OptionTable } from "./options.js";
import { onInterrupt } from "./interrupt.js";

export interface RunArgs {
  baseUrl?: string;
  apiKey?: string;
  config?: string;
  only?: string;
  tag?: string[];
  maxCredits?: number;
  dryRun?: boolean;
  expectations?: string;
  reportDir?: string;
  reporter?: string[];
  concurrency?: number;
  timeout?: number;
  depth?: string;
  seed?: number;
  generated?: number;
  strict?: boolean;
  evidenceBytes?: number;
  /** A report (folder or report.json; "" for the latest under the report folder) whose failed cases to run. */
  lastFailed?: string;
  /** Print the selected cases and their worst-case Credits; send nothing. */
  list?: boolean;
  /** Folders of the user's own cases, added to the package's suites. */
  suites?: string[];
  /** Exchanges kept: those of failures (default), or every one, with a cassette (`all`). */
  record?: "failures" | "all";
  /** A cassette to check again instead of a deployment. */
  replay?: string;
  /** Run only the cases that fit the key's balance (and --max-credits); the others are not run. */
  fitBalance?: boolean;
}

export const DEFAULT_MAX_CREDITS = 400;

function list(values: string[] | undefined): string[] | undefined {
  return values
    ?.flatMap((v) => String(v).split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

function positiveInteger(name: string, value: number | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min)
    throw new UsageError(`--${name} must be an integer of at least ${min}, got ${value}`);
  return value;
}

/** Prints to stdout; console output goes through the key redaction of the run. */
type Print = (text: string) => void;

export interface RunIo {
  out: Print;
  err: Print;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Ends the process at a second interrupt (default process.exit). */
  exitNow?: (code: number) => void;
}

function loadRunConfig(args: RunArgs, cwd: string): RunConfig {
  try {
    return findRunConfig(args.config, cwd) ?? { implementation: {} };
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/** The run's settings: each option, else the config's, else the default; a bad value is a usage error. */
interface RunSettings {
  readonly maxCredits: number;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly generated: { readonly count: number; readonly seed: number };
  readonly evidenceBytes: number;
  readonly reporters: ReporterName[];
  readonly tags: string[] | undefined;
  readonly depth: "quick" | "thorough";
  readonly strict: boolean;
  readonly fitBalance: boolean;
  readonly reportRoot: string;
}

function runSettings(args: RunArgs, config: RunConfig, cwd: string): RunSettings {
  const maxCredits = positiveInteger("max-credits", args.maxCredits, 0) ?? config.maxCredits ?? DEFAULT_MAX_CREDITS;
  const concurrency = positiveInteger("concurrency", args.concurrency, 1) ?? config.concurrency ?? DEFAULT_CONCURRENCY;
  const timeoutMs = positiveInteger("timeout", args.timeout, 1) ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const generated = {
    count: positiveInteger("generated", args.generated, 0) ?? DEFAULT_GENERATED,
    seed: positiveInteger("seed", args.seed, 0) ?? DEFAULT_SEED,
  };
  const evidenceBytes = positiveInteger("evidence-bytes", args.evidenceBytes, 0) ?? DEFAULT_EVIDENCE_BYTES;
  const reporters = (list(args.reporter) ?? config.reporters ?? [...REPORTERS]) as ReporterName[];
  const badReporter = reporters.find((r) => !(REPORTERS as readonly string[]).includes(r));
  if (badReporter)
    throw new UsageError(`unknown reporter ${JSON.stringify(badReporter)} (choose among ${REPORTERS.join(", ")})`);
  const tags = list(args.tag);
  const depth = args.depth ?? config.depth ?? "quick";
  if (depth !== "quick" && depth !== "thorough")
    throw new UsageError(`--depth must be quick or thorough, got ${JSON.stringify(depth)}`);
  return {
    maxCredits,
    concurrency,
    timeoutMs,
    generated,
    evidenceBytes,
    reporters,
    tags,
    depth,
    strict: args.strict ?? config.strict ?? false,
    fitBalance: args.fitBalance ?? config.fitBalance ?? false,
    reportRoot: args.reportDir ? resolvePath(cwd, args.reportDir) : (config.reportDir ?? resolvePath(cwd, "reports")),
  };
}

function loadRunSuites(args: RunArgs, cwd: string): CaseDef[] {
  try {
    return loadAllSuites((args.suites ?? []).map((dir) => resolvePath(cwd, String(dir))));
  } catch (error) {
    if (error instanceof SuiteError) throw new UsageError(error.message);
    throw error;
  }
}

function loadReplayCassette(args: RunArgs, replay: string, cwd: string): Cassette {
  if (args.baseUrl) throw new UsageError("--replay answers from a cassette; it takes no --base-url");
  if (args.record === "all") throw new UsageError("--replay records nothing; drop --record all");
  try {
    return loadCassette(resolvePath(cwd, replay));
  } catch (error) {
    if (error instanceof CassetteError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The cases to run: those --only and --tag select, narrowed to the last failures (--last-failed, with the run they
 * came from) and to HTTP cases on a replay; undefined when the last run had no failure to rerun.
 */
function selectRun(
  args: RunArgs,
  io: RunIo,
  allCases: readonly CaseDef[],
  settings: RunSettings,
): { cases: CaseDef[]; cassette: Cassette | undefined; lastFailed?: Selection["lastFailed"] } | undefined {
  const { tags, reportRoot } = settings;
  let selected = selectCases(allCases, args.only, tags);
  let lastFailed: Selection["lastFailed"];
  if (args.lastFailed !== undefined) {
    const last = lastFailedCases(args.lastFailed === "" ? reportRoot : resolvePath(io.cwd, args.lastFailed), allCases);
    for (const id of last.unknown) io.err(`tdss: warning: ${last.file} names case ${id}, which no suite has now\n`);
    if (!last.ids.size) {
      io.err(`tdss: no case failed in ${last.file}; nothing to rerun\n`);
      return undefined;
    }
    selected = selected.filter((c) => last.ids.has(c.id));
    const report = relative(io.cwd, last.file);
    lastFailed = { runId: last.runId, report: report && !report.startsWith("..") ? report : last.file };
  }
  const cassette = args.replay !== undefined ? loadReplayCassette(args, args.replay, io.cwd) : undefined;
  if (cassette) {
    // A cassette holds the HTTP exchanges; MCP sessions are not in it, and replay must send nothing.
    const mcp = selected.filter((c) => c.steps.some((s) => s.kind.startsWith("mcp")));
    if (mcp.length) {
      io.err(`tdss: --replay leaves out the ${mcp.length} MCP cases (a cassette holds HTTP exchanges only)\n`);
    }
    selected = selected.filter((c) => !mcp.includes(c));
  }
  const filters = [
    args.only ? ` --only ${args.only}` : "",
    tags?.length ? ` --tag ${tags.join(",")}` : "",
    args.lastFailed !== undefined ? " --last-failed" : "",
  ];
  if (selected.length === 0) throw new UsageError(`no case matches${filters.join("")}`);
  return { cases: selected, cassette, ...(lastFailed ? { lastFailed } : {}) };
}

function loadRunExpectations(
  args: RunArgs,
  config: RunConfig,
  cwd: string,
  allCases: readonly CaseDef[],
): Map<string, string> {
  const expectationsFile = args.expectations ? resolvePath(cwd, args.expectations) : config.expectations;
  try {
    if (!expectationsFile) return new Map<string, string>();
    return new Map(loadExpectations(expectationsFile, new Set(allCases.map((c) => c.id))));
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/** Where the run goes and with which keys: a cassette, a deployment, or the embedded reference server. */
interface Target {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly secondKey: string | undefined;
  readonly inactiveKey?: string;
  readonly embedded?: EmbeddedServer;
}

function deploymentTarget(baseUrlArg: string, apiKey: string | undefined, keyEnv: string, io: RunIo): string {
  let baseUrl: string;
  try {
    const url = parseBaseUrl(baseUrlArg);
    if (isInsecureRemote(url))
      io.err(
        `tdss: warning: ${url.origin} is plain http to a host other than this machine; the API key travels ` +
          `unencrypted\n`,
      );
    baseUrl = url.href;
  } catch (error) {
    if (error instanceof BaseUrlError) throw new UsageError(error.message);
    throw error;
  }
  if (!apiKey) throw new UsageError(`no API key: set ${keyEnv} (the environment variable that holds the key)`);
  return baseUrl;
}

async function embeddedTarget(io: RunIo): Promise<Target> {
  let embedded: EmbeddedServer;
  try {
    embedded = await startEmbeddedServer();
  } catch (error) {
    if (error instanceof EmbeddedUnavailableError) throw new UsageError(error.message);
    throw new UsageError(`cannot start the embedded reference server: ${(error as Error).message}`);
  }
  io.err(`tdss: no --base-url: running against the embedded reference server at ${embedded.url}\n`);
  const { active, exhausted, inactive } = embedded.keys;
  return {
    baseUrl: embedded.url,
    apiKey: active,
    secondKey: exhausted,
    ...(inactive ? { inactiveKey: inactive } : {}),
    embedded,
  };
}

async function targetOf(args: RunArgs, config: RunConfig, io: RunIo, cassette: Cassette | undefined): Promise<Target> {
  const baseUrlArg = cassette ? undefined : (args.baseUrl ?? config.baseUrl);
  const keyEnv = config.apiKeyEnv ?? "TDSS_API_KEY";
  const secondEnv = config.secondKeyEnv ?? "TDSS_SECOND_API_KEY";
  const inactiveEnv = config.inactiveKeyEnv ?? "TDSS_INACTIVE_API_KEY";
  if (args.apiKey !== undefined)
    io.err(
      `tdss: warning: a key given with --api-key is visible to other users in the process list and stays in ` +
        `the shell's history; set ${keyEnv} instead\n`,
    );
  const apiKey: string | undefined = args.apiKey ?? io.env[keyEnv];
  const secondKey: string | undefined = io.env[secondEnv];
  const inactiveKey: string | undefined = io.env[inactiveEnv];
  // Stand-in keys on a replay: nothing is sent, and the recorded texts carry placeholders where the keys were.
  if (cassette) return { baseUrl: cassette.baseUrl, apiKey: "tdssreplayprimarykey", secondKey: "tdssreplaysecondkey" };
  if (baseUrlArg) {
    const baseUrl = deploymentTarget(baseUrlArg, apiKey, keyEnv, io);
    return { baseUrl, apiKey: apiKey!, secondKey, ...(inactiveKey ? { inactiveKey } : {}) };
  }
  return embeddedTarget(io);
}

/** What a run needs beyond its settings: its cases and target, and where its output goes. */
interface RunPlan {
  readonly args: RunArgs;
  readonly io: RunIo;
  readonly config: RunConfig;
  readonly settings: RunSettings;
  readonly allCases: readonly CaseDef[];
  readonly cases: CaseDef[];
  readonly cassette: Cassette | undefined;
  /** The run whose failed cases --last-failed selected. */
  readonly lastFailed: Selection["lastFailed"];
  readonly expectations: Map<string, string>;
  readonly target: Target;
  readonly redact: (text: string) => string;
  readonly out: Print;
}

/** The options of runConformance for the plan; `recorded` receives the recording client when one is made. */
function conformanceOptions(
  plan: RunPlan,
  interrupt: ReturnType<typeof onInterrupt>,
  recorded: (recorder: RecordingHttpClient) => void,
): RunOptions {
  const { args, io, config, settings, cases, cassette, target, redact } = plan;
  const recording = args.record === "all";
  let done = 0;
  return {
    signal: interrupt.signal,
    interruptedBy: () => interrupt.by(),
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    ...(target.secondKey ? { secondKey: target.secondKey } : {}),
    ...(target.inactiveKey ? { inactiveKey: target.inactiveKey } : {}),
    cases,
    maxCredits: settings.maxCredits,
    ...(args.maxCredits === undefined && config.maxCredits !== undefined
      ? { maxCreditsSetting: `max_credits ${config.maxCredits} (${config.file})` }
      : {}),
    concurrency: settings.concurrency,
    timeoutMs: settings.timeoutMs,
    ...(config.fingerprint ? { fingerprint: config.fingerprint } : {}),
    implementation: config.implementation,
    ...(config.mcpTools ? { mcpTools: config.mcpTools } : {}),
    expectations: plan.expectations,
    ...(config.versionCostReserve !== undefined ? { versionCostReserve: config.versionCostReserve } : {}),
    dryRun: args.dryRun ?? false,
    fitBalance: settings.fitBalance,
    // Before the first case, so that a run the key may not afford says so before it spends.
    onWarning: (w) => io.err(`tdss: warning: ${redact(w)}\n`),
    depth: settings.depth,
    generated: settings.generated,
    strict: settings.strict,
    evidenceBytes: settings.evidenceBytes,
    ...(recording || cassette ? { freshBalance: true } : {}),
    ...(args.record === "all" ? { record: "all" as const } : {}),
    ...(recording || cassette
      ? {
          httpClient: (options: HttpClientOptions, credentials: Credentials) => {
            if (cassette) return new ReplayHttpClient(cassette, credentials);
            const recorder = new RecordingHttpClient(options, credentials);
            recorded(recorder);
            return recorder;
          },
        }
      : {}),
    onCaseDone: (r) => {
      if (settings.reporters.includes("console")) plan.out(`${formatProgress(r, ++done, cases.length)}\n`);
    },
  };
}

/** Writes the reports (and the cassette of a recording run) and prints the summary; the exit status. */
function report(plan: RunPlan, outcome: RunOutcome, recorder: RecordingHttpClient | undefined): number {
  const { args, io, settings, redact, out } = plan;
  const { tags, strict, reportRoot, reporters } = settings;
  const selection = {
    ...(args.only ? { only: args.only } : {}),
    ...(tags?.length ? { tags } : {}),
    ...(plan.lastFailed ? { lastFailed: plan.lastFailed } : {}),
    cases: plan.cases.map((c) => c.id),
  };
  const report = buildReport(outcome, plan.allCases, selection, strict);
  let files: string[];
  try {
    files = writeReports(report, join(reportRoot, outcome.runId), reporters, io.env, redact);
    if (recorder) {
      const file = join(reportRoot, outcome.runId, "cassette.json");
      writeFileAtomic(file, `${redact(JSON.stringify(recorder.cassette()))}\n`);
      files.push(file);
    }
  } catch (error) {
    io.err(`tdss: cannot write the reports: ${redact((error as Error).message)}\n`);
    return 2;
  }
  if (reporters.includes("console")) {
    out(formatSummary(report, files));
    if (plan.cassette) out(`Replayed from ${args.replay}: nothing was sent, no Credit was spent.\n`);
    if (report.summary.failed + report.summary.drift > 0) {
      out(`Rerun the failed cases: ${rerunCommand(args, join(reportRoot, outcome.runId), io.cwd)}\n`);
    }
  } else if (report.run.interrupted) io.err(`tdss: interrupted; ${report.summary.creditsSpent} Credits were spent\n`);
  return report.summary.exitCode;
}

/** A run's error as the command line shows it: a usage error where the user can act, and never a key. */
function runError(error: unknown, plan: RunPlan): unknown {
  const { redact } = plan;
  if (error instanceof BudgetError) {
    plan.out(formatPlan(error.plan));
    return new UsageError(error.message);
  }
  if (error instanceof UnreachableError || error instanceof SuiteError || error instanceof KeyRejectedError)
    return new UsageError(redact(error.message));
  // Whatever else escapes carries no key either: its text is printed by the command line.
  if (error instanceof Error) {
    error.message = redact(error.message);
    if (error.stack) error.stack = redact(error.stack);
  }
  return error;
}

async function runPlanned(plan: RunPlan): Promise<number> {
  const { io, out } = plan;
  try {
    mkdirSync(plan.settings.reportRoot, { recursive: true });
  } catch (error) {
    throw new UsageError(`cannot create the report folder ${plan.settings.reportRoot}: ${(error as Error).message}`);
  }
  const interrupt = onInterrupt((t) => io.err(t), io.exitNow);
  let recorder: RecordingHttpClient | undefined;
  try {
    const outcome = await runConformance(conformanceOptions(plan, interrupt, (r) => (recorder = r)));
    if (outcome.dryRun) {
      const pacing = outcome.observed["rate_limit.pacing"]?.value as { requests_per_second?: number } | undefined;
      out(formatPlan(outcome.plan, outcome.credits.balanceBefore, pacing?.requests_per_second));
      out("Dry run: nothing priced was sent (GET /auth/key/status costs nothing).\n");
      return 0;
    }
    return report(plan, outcome, recorder);
  } catch (error) {
    throw runError(error, plan);
  } finally {
    interrupt.dispose();
    await plan.target.embedded?.close();
  }
}

export async function executeRun(
  given: Omit<RunArgs, "only"> & { readonly only?: string | string[] },
  io: RunIo,
): Promise<number> {
  const { only: onlyGiven, ...rest } = given;
  const only = commaList(onlyGiven);
  const args: RunArgs = { ...rest, ...(only !== undefined ? { only } : {}) };
  const config = loadRunConfig(args, io.cwd);
  const settings = runSettings(args, config, io.cwd);
  const allCases = loadRunSuites(args, io.cwd);
  const selected = selectRun(args, io, allCases, settings);
  if (!selected) return 0;
  const { cases, cassette, lastFailed } = selected;
  if (args.list) {
    const reserve = config.versionCostReserve !== undefined ? { versionCostReserve: config.versionCostReserve } : {};
    io.out(formatCaseList(cases, planRun(cases, { maxCredits: 0, ...reserve })));
    return 0;
  }
  const expectations = loadRunExpectations(args, config, io.cwd, allCases);
  const target = await targetOf(args, config, io, cassette);
  // The run's one redaction (src/runner/credentials.ts), on everything printed and every report file.
  const redact = new Credentials(target.apiKey, target.secondKey, target.inactiveKey).redact;
  const out: Print = (t) => io.out(redact(t));
  const plan = { args, io, config, settings, allCases, cases, cassette, lastFailed, expectations, target, redact, out };
  return runPlanned(plan);
}

/**
 * The options of `tdss run`, declared once for yargs and for the fast path that parses them without loading yargs
 * (src/commands/options.ts): yargs and the help text it builds for every command it runs were about a quarter of a
 * second of a run's CPU (docs/benchmarks.md, "The run's own work").
 */
export const RUN_OPTIONS: OptionTable = {
  options: {
    // Which deployment, with which key and config, and which cases of the suites.
    "base-url": {
      type: "string",
      describe: "Base URL of the deployment; without it the embedded reference server is started",
    },
    "api-key": { type: "string", describe: "API key (prefer the TDSS_API_KEY environment variable)" },
    config: {
      type: "string",
      describe: `Configuration file, YAML or JSON (default: ${CONFIG_LOOKUP})`,
    },
    only: {
      type: "string",
      repeatable: true,
      describe: "Run cases whose id or area matches (glob, * wildcard, comma-separated; repeatable)",
    },
    tag: { type: "string", array: true, describe: "Run cases carrying one of these tags" },
    depth: {
      type: "string",
      describe: "How many records the search-semantics oracles sample: quick (default) or thorough (deeper, costlier)",
    },
    // What the run may spend, what it expects, where its reports go, and its pace.
    "max-credits": {
      type: "number",
      describe: `Credit budget; refuse to start when the worst case is above it (default ${DEFAULT_MAX_CREDITS})`,
    },
    "fit-balance": {
      type: "boolean",
      describe:
        "Run only the cases whose worst case fits the key's balance and --max-credits; the others are reported " +
        "not run (default: refuse to start when the balance cannot cover the worst case)",
    },
    "dry-run": {
      type: "boolean",
      describe: "Print the plan and the worst-case Credits; send only free calls",
    },
    expectations: { type: "string", describe: "YAML file of case ids expected to fail, with reasons" },
    "report-dir": { type: "string", describe: "Folder for reports/<run-id>/ (default ./reports)" },
    reporter: {
      type: "string",
      array: true,
      describe: `Reporters: ${REPORTERS.join(", ")} (default all; report.json is always written)`,
    },
    concurrency: {
      type: "number",
      describe: `Cases run at once; requests are paced by the key's rate limit (default ${DEFAULT_CONCURRENCY})`,
    },
    timeout: { type: "number", describe: `Per-request deadline in ms (default ${DEFAULT_TIMEOUT_MS})` },
    // How the cases are made and checked, which of them run again, and what is recorded or replayed.
    generated: {
      type: "number",
      describe: `Generated queries linted then sent (query-spec/generated-*; default ${DEFAULT_GENERATED})`,
    },
    seed: {
      type: "number",
      describe: `Seed of the generated queries; the same seed replays the same bodies (default ${DEFAULT_SEED})`,
    },
    strict: {
      type: "boolean",
      describe:
        "Fail on the project's readings of ambiguous and implementation-defined clauses too (default: warnings)",
    },
    "last-failed": {
      type: "string",
      describe:
        "Run only the cases that failed in this report (folder or report.json; default: the latest run " +
        "under --report-dir)",
    },
    suites: {
      type: "string",
      array: true,
      describe: "A folder of your own cases (as suites/: area folders of YAML files); repeatable",
    },
    list: {
      type: "boolean",
      describe: "Print the selected cases (id, area, tags, worst-case Credits); send nothing",
    },
    record: {
      type: "string",
      choices: ["failures", "all"],
      describe: "Exchanges kept: those of failures (default), or all, with a cassette.json to --replay",
    },
    replay: {
      type: "string",
      describe: "Check the exchanges of a cassette (--record all) again with the current suite; sends nothing",
    },
    "evidence-bytes": {
      type: "number",
      describe: `Bytes of each request and response body kept in the reports (default ${DEFAULT_EVIDENCE_BYTES})`,
    },
  },
};

export const runCommand: TdssCommand<RunArgs> = {
  name: "run",
  options: RUN_OPTIONS,
  builder: (y: Argv) => toYargs(y, RUN_OPTIONS),
  run: (args) =>
    executeRun(args, {
      out: (t) => process.stdout.write(t),
      err: (t) => process.stderr.write(t),
      env: process.env,
      cwd: process.cwd(),
    }),
};
