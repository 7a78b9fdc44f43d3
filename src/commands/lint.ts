import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Argv } from "yargs";
import { RULES } from "../../rules/all.js";
import { loadContract, subRecords } from "../contract/index.js";
import { packageRoot } from "../contract/root.js";
import { expandInputs } from "../lint/cli-files.js";
import { InputError, jsonlRecords, readInput, readScopeTable, scopeOverrides } from "../lint/cli-input.js";
import { loadConfig, settingsFor } from "../linter/config.js";
import { CONFIG_LOOKUP } from "../linter/config-file.js";
import { DEFAULT_EXTENSIONS, DEFAULT_FAIL_ON } from "../linter/config-schema.js";
import { FINDING_CLASSES, type FindingClass } from "../lint/consequence.js";
import { runRules, type EngineOptions } from "../lint/engine.js";
import { fixSource } from "../linter/fix.js";
import { isRuleId, unknownRule } from "../linter/rule-settings.js";
import { lineDiagnostics, lineOptions } from "../linter/jsonl-lines.js";
import { severities } from "../linter/severities.js";
import { capPerRule } from "../linter/format/cap.js";
import { FORMATS, formatReport, type FileReport, type FormatName } from "../linter/format/index.js";
import { jsonStream, stylishStream } from "../linter/format/stream.js";
import { routeNames } from "../contract/routes.js";
import type { Diagnostic, RouteName, Severity } from "../lint/types.js";
import { UsageError, type TdssCommand } from "./command.js";
import { toYargs, type OptionTable } from "./options.js";

interface LintArgs {
  files: string[];
  route?: string;
  format?: FormatName;
  jsonl: boolean;
  fix: boolean;
  "fix-suggestions": boolean;
  write: boolean;
  scopes?: string;
  quiet: boolean;
  rule?: string | string[];
  output?: string;
  explain?: string;
  "fail-on"?: string | string[];
  "max-warnings"?: number;
  cost: boolean;
  ext?: string;
  config?: string;
  "stdin-filename"?: string;
}

/** The options of `tdss lint`, declared once for yargs and for the fast path (src/commands/options.ts). */
export const LINT_OPTIONS: OptionTable = {
  positional: {
    name: "files",
    describe: "Request bodies (JSON; .jsonl files as JSON Lines), folders or globs; - or none: standard input",
  },
  options: {
    route: {
      type: "string",
      choices: routeNames(),
      describe: "Route by operationId (or people, jobs, companies); inferred from the body when omitted",
    },
    format: {
      alias: "f",
      type: "string",
      choices: FORMATS,
      defaultDescription: '"stylish"',
      describe: "Report format",
    },
    jsonl: {
      type: "boolean",
      default: false,
      describe: 'One request per line; a line may be {"route": ..., "body": {...}}',
    },
    fix: {
      type: "boolean",
      default: false,
      describe: "Apply fixes that keep the meaning; the fixed document goes to standard output",
    },
    "fix-suggestions": {
      type: "boolean",
      default: false,
      describe: "Also apply suggestions that change which records match (implies --fix)",
    },
    write: { type: "boolean", default: false, describe: "With --fix: rewrite the files in place" },
    scopes: {
      type: "string",
      describe: `YAML/JSON file overriding the scope table: people field -> ${subRecords().join(" | ")} | null`,
    },
    quiet: { alias: "q", type: "boolean", default: false, describe: "Report errors only" },
    rule: {
      type: "string",
      repeatable: true,
      describe: "Set a rule's severity: ID=error|warning|info|off (repeatable)",
    },
    output: {
      alias: "o",
      type: "string",
      describe: "Write the report to this file instead of standard output",
    },
    explain: {
      type: "string",
      describe: "Print a rule's page (what it finds, the clauses it rests on, wrong and right examples) and exit",
    },
    "fail-on": {
      type: "string",
      repeatable: true,
      defaultDescription: '"refused,empty"',
      describe:
        `Consequence classes that fail the run: ${FINDING_CLASSES.join(",")} or none ` +
        "(their diagnostics are errors)",
    },
    "max-warnings": { type: "number", describe: "Fail the run when there are more warnings than this" },
    cost: {
      type: "boolean",
      default: false,
      describe: "Show each request's cost line in the stylish, github, junit and sarif formats",
    },
    ext: {
      type: "string",
      defaultDescription: '".json,.jsonl"',
      describe: "File extensions linted in a folder, comma-separated",
    },
    config: {
      type: "string",
      describe: `Configuration file, YAML or JSON, whose lint section is read (default: ${CONFIG_LOOKUP})`,
    },
    "stdin-filename": {
      type: "string",
      describe: "The name standard input is reported as (configuration overrides and .tdssignore apply to it)",
    },
  },
  examples: [
    ["$0 lint query.json", "Lint a people query"],
    ["$0 lint queries/ --max-warnings 0", "Lint a folder; fail on any error or warning"],
    ["$0 lint --route jobs --format json jobs-query.json", "Lint a jobs query, JSON report"],
    ["$0 lint --jsonl --format sarif -o lint.sarif queries.jsonl", "Lint a query log for code scanning"],
    ["$0 lint --fix-suggestions --write query.json", "Fix a query in place"],
  ],
};

export const lintCommand: TdssCommand<LintArgs> = {
  name: "lint",
  options: LINT_OPTIONS,
  builder: (y: Argv) => toYargs(y, LINT_OPTIONS) as unknown as Argv<LintArgs>,
  async run(args) {
    if (args.explain !== undefined) return explain(args.explain);
    try {
      return await runLint(args);
    } catch (error) {
      if (error instanceof InputError) throw new UsageError(error.message);
      throw error;
    }
  },
};

/** `--explain RULE`: the rule's page, docs/rules/<id>.md (written from its meta and tests, npm run docs:rules). */
function explain(id: string): number {
  if (!isRuleId(id)) throw new UsageError(`--explain ${id}: ${unknownRule(id)}`);
  process.stdout.write(readFileSync(join(packageRoot(), "docs", "rules", `${id}.md`), "utf8"));
  return 0;
}

/** What yargs does not check: a repeated option that takes one value gives an array. */
function checkArgs(args: LintArgs): void {
  for (const key of ["scopes", "output", "config", "ext", "stdin-filename"] as const) {
    if (args[key] !== undefined && typeof args[key] !== "string") throw new UsageError(`--${key} takes one value`);
  }
  const max = args["max-warnings"];
  if (max !== undefined && (typeof max !== "number" || !Number.isSafeInteger(max) || max < 0))
    // A value that is not a number reaches here as NaN (the parsers coerce it), which says nothing to a user.
    throw new UsageError(
      `--max-warnings${Number.isNaN(max) ? "" : ` ${String(max)}`}: expected a whole number of warnings, 0 or more`,
    );
}

function parseFailOn(given: string | string[]): FindingClass[] {
  const words = ([] as string[])
    .concat(given)
    .flatMap((g) => g.split(","))
    .map((w) => w.trim());
  if (words.length === 1 && words[0] === "none") return [];
  for (const w of words)
    if (!(FINDING_CLASSES as readonly string[]).includes(w))
      throw new UsageError(`--fail-on ${w}: expected a comma-separated list of ${FINDING_CLASSES.join(", ")}, or none`);
  return words as FindingClass[];
}

function parseExt(given: string): string[] {
  const list = given.split(",").map((e) => e.trim());
  for (const e of list)
    if (!/^\.[^/\\]+$/.test(e)) throw new UsageError(`--ext ${given}: expected extensions such as .json,.jsonl`);
  return list;
}

/** One input as read, with what it is linted with. */
interface Input {
  readonly file: string;
  /** The name it is reported as (standard input's --stdin-filename). */
  readonly name: string;
  readonly bytes: Buffer;
  readonly jsonl: boolean;
  readonly options: EngineOptions;
}

/** Everything a run decides before linting: configuration file, then flags. */
interface Plan {
  readonly format: FormatName;
  readonly failOn: readonly FindingClass[];
  readonly maxWarnings?: number;
  /** Is this diagnostic listed in the report (--quiet, and the cost line outside json without --cost)? */
  readonly shown: (d: Diagnostic) => boolean;
}

async function runLint(args: LintArgs): Promise<number> {
  checkArgs(args);
  const cwd = process.cwd();
  const loaded = loadConfig(args.config, cwd);
  const config = loaded?.config ?? {};
  const format = args.format ?? config.format ?? "stylish";
  const failOn = args["fail-on"] !== undefined ? parseFailOn(args["fail-on"]) : (config.failOn ?? DEFAULT_FAIL_ON);
  const maxWarnings = args["max-warnings"] ?? config.maxWarnings;
  const showCost = args.cost || config.cost === true || format === "json";
  const plan: Plan = {
    format,
    failOn,
    ...(maxWarnings !== undefined ? { maxWarnings } : {}),
    shown: (d) => (!args.quiet || d.severity === "error") && (showCost || d.consequence !== "cost"),
  };
  const fixing = args.fix || args["fix-suggestions"];
  const given = args.files.length > 0 ? args.files.map(String) : ["-"];
  if (given.filter((f) => f === "-").length > 1) throw new UsageError("standard input (-) can be read only once");
  if (args.write && !fixing) throw new UsageError("--write needs --fix or --fix-suggestions");
  if (args.write && given.includes("-")) throw new UsageError("--write cannot rewrite standard input");
  const cliRules = args.rule !== undefined ? parseRuleSettings(([] as string[]).concat(args.rule)) : {};
  const scopes = args.scopes
    ? await readScopeTable(args.scopes)
    : loaded && config.scopes !== undefined
      ? typeof config.scopes === "string"
        ? await readScopeTable(resolve(loaded.dir, config.scopes))
        : scopeOverrides(`${loaded.file} (scopes)`, config.scopes)
      : undefined;
  const stdinName = args["stdin-filename"];
  const files = await expandInputs(given, {
    cwd,
    ext: args.ext !== undefined ? parseExt(args.ext) : (config.ext ?? DEFAULT_EXTENSIONS),
    ...(stdinName !== undefined ? { stdinName } : {}),
    ...(loaded && config.ignores ? { ignores: { dir: loaded.dir, patterns: config.ignores } } : {}),
  });
  if (fixing && !args.write && files.length > 1)
    throw new UsageError("--fix without --write takes one input (its fixed document goes to standard output)");

  const inputs: Input[] = [];
  for (const file of files) {
    const name = file === "-" ? (stdinName ?? "-") : file;
    const own = await settingsFor(loaded, file === "-" ? stdinName : file, cwd);
    const route = args.route ?? own.route;
    const jsonl = args.jsonl || name.endsWith(".jsonl");
    const options: EngineOptions = {
      ...(route ? { route: route as RouteName } : {}),
      ...(scopes ? { scopes } : {}),
      ...severities({ ...own.rules, ...cliRules }, failOn),
      document: !jsonl,
    };
    inputs.push({ file, name, bytes: await readInput(file), jsonl, options });
  }
  const gate = new Gate(plan);
  if (!fixing && (format === "json" || format === "stylish")) streamReport(args, plan, gate, inputs);
  else await collectReport(args, plan, gate, inputs, fixing);
  return gate.status();
}

/** Counts errors and warnings (all of them, whatever the report lists) and decides the exit status. */
class Gate {
  errors = 0;
  warnings = 0;
  constructor(private readonly plan: Plan) {}

  count(diagnostics: readonly Diagnostic[]): void {
    for (const d of diagnostics) {
      if (d.severity === "error") this.errors++;
      else if (d.severity === "warning") this.warnings++;
    }
  }

  /** 1 when there is an error or more warnings than --max-warnings allows (then said on standard error). */
  status(): number {
    const max = this.plan.maxWarnings;
    const tooMany = max !== undefined && this.warnings > max;
    if (tooMany)
      process.stderr.write(
        `tdss: ${this.warnings} warning${this.warnings === 1 ? "" : "s"}, more than --max-warnings ${max} allows\n`,
      );
    return this.errors > 0 || tooMany ? 1 : 0;
  }
}

/** The diagnostics of an input, counted by the gate, then those the report lists (capped per rule). */
function listed(plan: Plan, gate: Gate, found: readonly Diagnostic[]): readonly Diagnostic[] {
  gate.count(found);
  return capPerRule(found.filter(plan.shown), loadContract().limits.project.maxReportedPerRule);
}

async function collectReport(
  args: LintArgs,
  plan: Plan,
  gate: Gate,
  inputs: readonly Input[],
  fixing: boolean,
): Promise<void> {
  const reports: FileReport[] = [];
  const fixedOutputs: { file: string; text: string; changed: boolean }[] = [];
  for (const { file, name, bytes, jsonl, options } of inputs) {
    let diagnostics: readonly Diagnostic[];
    if (jsonl) {
      const fix = fixing ? { suggestions: args["fix-suggestions"] } : undefined;
      const result = lintJsonl(bytes, options, plan.failOn, fix);
      diagnostics = result.diagnostics;
      if (result.fixed !== undefined)
        fixedOutputs.push({ file, text: result.fixed, changed: result.fixed !== bytes.toString("utf8") });
    } else if (fixing) {
      // Fixed from the bytes: a byte order mark is kept, and text that is not UTF-8 is not rewritten.
      const result = fixSource(bytes, { ...options, suggestions: args["fix-suggestions"] });
      diagnostics = result.diagnostics;
      fixedOutputs.push({
        file,
        text: result.applied.length > 0 ? result.output : bytes.toString("utf8"),
        changed: result.applied.length > 0,
      });
    } else {
      diagnostics = runRules(bytes, RULES, options);
    }
    // The formats that carry an end position span each token from the text; the others need no second copy of it.
    const spans = plan.format === "github" || plan.format === "sarif";
    const text = spans ? { text: bytes.toString("utf8").replace(/^\uFEFF/, "") } : {};
    reports.push({ file: name, jsonl, diagnostics: listed(plan, gate, diagnostics), ...text });
  }
  const toStdout = !args.output && !(fixing && !args.write);
  const report = await formatReport(plan.format, reports, {
    color: plan.format === "stylish" && toStdout && process.stdout.isTTY === true && !process.env.NO_COLOR,
  });
  if (fixing) {
    if (args.write) {
      for (const f of fixedOutputs) if (f.changed) writeAtomically(f.file, f.text);
    } else {
      process.stdout.write(fixedOutputs[0]?.text ?? "");
    }
  }
  if (args.output) writeAtomically(args.output, report);
  else if (fixing && !args.write) process.stderr.write(report);
  else process.stdout.write(report);
}

/**
 * The json and stylish formats, written while linting: a `--jsonl` query log of any length is reported line
 * by line in constant memory, and a folder of files file by file.
 */
function streamReport(args: LintArgs, plan: Plan, gate: Gate, inputs: readonly Input[]): void {
  const color = plan.format === "stylish" && !args.output && process.stdout.isTTY === true && !process.env.NO_COLOR;
  const stream = plan.format === "json" ? jsonStream() : stylishStream(color);
  const chunks: string[] = [];
  let pending = "";
  const emit = (text: string) => {
    pending += text;
    if (pending.length < 1 << 16) return;
    if (args.output) chunks.push(pending);
    else process.stdout.write(pending);
    pending = "";
  };
  emit(stream.start());
  for (const { name, bytes, jsonl, options } of inputs) {
    emit(stream.file(name));
    if (jsonl) {
      for (const record of jsonlRecords(bytes)) {
        const found = lineDiagnostics(record, runRules(record.input, RULES, lineOptions(options, record)), plan.failOn);
        for (const d of listed(plan, gate, found)) {
          d.line = record.line;
          emit(stream.diagnostic(d));
        }
      }
    } else {
      for (const d of listed(plan, gate, runRules(bytes, RULES, options))) emit(stream.diagnostic(d));
    }
    emit(stream.endFile());
  }
  pending += stream.end();
  if (args.output) writeAtomically(args.output, chunks.join("") + pending);
  else process.stdout.write(pending);
}

function lintJsonl(
  bytes: Buffer,
  options: EngineOptions,
  failOn: readonly FindingClass[],
  fix: { suggestions: boolean } | undefined,
): { diagnostics: Diagnostic[]; fixed?: string } {
  const diagnostics: Diagnostic[] = [];
  const fixedLines = fix ? bytes.toString("utf8").split("\n") : [];
  for (const record of jsonlRecords(bytes)) {
    const lineOpts = lineOptions(options, record);
    let found: readonly Diagnostic[];
    if (fix && typeof record.input === "string" && record.routeError === undefined) {
      const result = fixSource(record.input, { ...lineOpts, suggestions: fix.suggestions });
      found = result.diagnostics;
      // The line's text with the edits (its line ending, kept in the split, stays as it was).
      if (result.applied.length > 0)
        fixedLines[record.line - 1] = fixedLines[record.line - 1]!.replace(record.input, () => result.output);
    } else found = runRules(record.input, RULES, lineOpts);
    for (const d of lineDiagnostics(record, found, failOn)) {
      d.line = record.line;
      diagnostics.push(d);
    }
  }
  return fix ? { diagnostics, fixed: fixedLines.join("\n") } : { diagnostics };
}

function parseRuleSettings(settings: readonly string[]): Record<string, Severity | "off"> {
  const out: Record<string, Severity | "off"> = {};
  for (const s of settings) {
    const m = /^([a-z0-9-]+)=(error|warning|info|off)$/.exec(s);
    if (!m) throw new UsageError(`--rule ${s}: expected ID=error|warning|info|off`);
    if (!isRuleId(m[1]!)) throw new UsageError(`--rule ${s}: ${unknownRule(m[1]!)}`);
    out[m[1]!] = m[2] as Severity | "off";
  }
  return out;
}

/**
 * Writes through a temporary file and a rename, so a failure leaves no partial file behind. A
 * symbolic link is written through: the file it points to is replaced (the temporary file sits in
 * that file's folder, so the rename stays on one file system) and keeps its permissions.
 */
function writeAtomically(file: string, text: string): void {
  let dir: string | undefined;
  try {
    let target = file;
    let mode: number | undefined;
    try {
      target = realpathSync(file);
      mode = statSync(target).mode & 0o7777;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    dir = mkdtempSync(join(dirname(target), `.${basename(target)}.tdss-`));
    const temp = join(dir, basename(target));
    writeFileSync(temp, text);
    if (mode !== undefined) chmodSync(temp, mode);
    renameSync(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" ? "no such directory" : code === "EACCES" ? "permission denied" : (error as Error).message;
    throw new InputError(`cannot write ${file}: ${why}`);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
