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
import { basename, dirname, join } from "node:path";
import type { Argv } from "yargs";
import { RULES } from "../../rules/all.js";
import { loadContract } from "../contract/index.js";
import { InputError, jsonlRecords, readInput, readScopeTable, type JsonlRecord } from "../lint/cli-input.js";
import { runRules, type EngineOptions } from "../lint/engine.js";
import { fixSource } from "../lint/fix.js";
import { capPerRule } from "../lint/format/cap.js";
import { FORMATS, formatReport, type FileReport, type FormatName } from "../lint/format/index.js";
import { jsonStream, stylishStream } from "../lint/format/stream.js";
import { routeNames } from "../contract/routes.js";
import { suggestionList } from "../lint/suggest.js";
import { packageRoot } from "../contract/root.js";
import type { Diagnostic, RouteName, Severity } from "../lint/types.js";
import { UsageError, type TdssCommand } from "./command.js";

interface LintArgs {
  files: string[];
  route?: string;
  format: FormatName;
  jsonl: boolean;
  fix: boolean;
  "fix-suggestions": boolean;
  write: boolean;
  scopes?: string;
  quiet: boolean;
  rule?: string | string[];
  output?: string;
  explain?: string;
}

export const lintCommand: TdssCommand<LintArgs> = {
  name: "lint",
  usage: "lint [files..]",
  describe:
    "Lint request bodies before sending them: will the service refuse, return nothing, or match something else?",
  builder: (y: Argv) =>
    y
      .positional("files", {
        type: "string",
        array: true,
        default: [],
        describe: "Request bodies (JSON); - or none: standard input",
      })
      .option("route", {
        type: "string",
        choices: routeNames(),
        describe: "Route by operationId (or people, jobs, companies); inferred from the body when omitted",
      })
      .option("format", { alias: "f", type: "string", choices: FORMATS, default: "stylish", describe: "Report format" })
      .option("jsonl", {
        type: "boolean",
        default: false,
        describe: 'One request per line; a line may be {"route": ..., "body": {...}}',
      })
      .option("fix", {
        type: "boolean",
        default: false,
        describe: "Apply fixes that keep the meaning; the fixed document goes to standard output",
      })
      .option("fix-suggestions", {
        type: "boolean",
        default: false,
        describe: "Also apply suggestions that change which records match (implies --fix)",
      })
      .option("write", { type: "boolean", default: false, describe: "With --fix: rewrite the files in place" })
      .option("scopes", {
        type: "string",
        describe: "YAML/JSON file overriding the scope table: people field -> experience | education | language | null",
      })
      .option("quiet", { alias: "q", type: "boolean", default: false, describe: "Report errors only" })
      .option("rule", { type: "string", describe: "Set a rule's severity: ID=error|warning|info|off (repeatable)" })
      .option("output", {
        alias: "o",
        type: "string",
        describe: "Write the report to this file instead of standard output",
      })
      .option("explain", {
        type: "string",
        describe: "Print a rule's page (what it finds, the clauses it rests on, wrong and right examples) and exit",
      })
      .example("$0 lint query.json", "Lint a people query")
      .example("$0 lint --route jobs --format json jobs-query.json", "Lint a jobs query, JSON report")
      .example("$0 lint --jsonl --format sarif -o lint.sarif queries.jsonl", "Lint a query log for code scanning")
      .example("$0 lint --fix-suggestions --write query.json", "Fix a query in place") as unknown as Argv<LintArgs>,
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
  if (!RULES.some((r) => r.meta.id === id)) {
    const near = suggestionList(
      id,
      RULES.map((r) => r.meta.id),
    );
    throw new UsageError(
      `--explain ${id}: no such rule${near.length ? `; did you mean ${near.join(" or ")}?` : ""} (docs/rules/ has a page for every rule)`,
    );
  }
  process.stdout.write(readFileSync(join(packageRoot(), "docs", "rules", `${id}.md`), "utf8"));
  return 0;
}

/** What yargs does not check: a repeated --scopes or --output gives an array. */
function checkArgs(args: LintArgs): void {
  for (const key of ["scopes", "output"] as const) {
    if (args[key] !== undefined && typeof args[key] !== "string") throw new UsageError(`--${key} takes one file name`);
  }
}

async function runLint(args: LintArgs): Promise<number> {
  checkArgs(args);
  const fixing = args.fix || args["fix-suggestions"];
  const files = args.files.length > 0 ? args.files.map(String) : ["-"];
  if (files.filter((f) => f === "-").length > 1) throw new UsageError("standard input (-) can be read only once");
  if (args.write && !fixing) throw new UsageError("--write needs --fix or --fix-suggestions");
  if (args.write && files.includes("-")) throw new UsageError("--write cannot rewrite standard input");
  if (fixing && !args.write && files.length > 1)
    throw new UsageError("--fix without --write takes one input (its fixed document goes to standard output)");
  const options: EngineOptions = {
    ...(args.route ? { route: args.route as RouteName } : {}),
    ...(args.scopes ? { scopes: readScopeTable(args.scopes) } : {}),
    ...(args.rule !== undefined ? { rules: parseRuleSettings(([] as string[]).concat(args.rule)) } : {}),
  };
  const inputs: { file: string; bytes: Buffer }[] = [];
  for (const file of files) inputs.push({ file, bytes: await readInput(file) });
  if (args.jsonl && !fixing && (args.format === "json" || args.format === "stylish"))
    return streamJsonl(args, inputs, options);

  const reports: FileReport[] = [];
  const fixedOutputs: { file: string; text: string; changed: boolean }[] = [];
  for (const { file, bytes } of inputs) {
    if (args.jsonl) {
      const { diagnostics, fixed } = lintJsonl(
        bytes,
        options,
        fixing ? { suggestions: args["fix-suggestions"] } : undefined,
      );
      reports.push({ file, diagnostics });
      if (fixed !== undefined) fixedOutputs.push({ file, text: fixed, changed: fixed !== bytes.toString("utf8") });
    } else if (fixing) {
      // Fixed from the bytes: a byte order mark is kept, and text that is not UTF-8 is not rewritten.
      const result = fixSource(bytes, { ...options, suggestions: args["fix-suggestions"] });
      reports.push({ file, diagnostics: result.diagnostics });
      fixedOutputs.push({
        file,
        text: result.applied.length > 0 ? result.output : bytes.toString("utf8"),
        changed: result.applied.length > 0,
      });
    } else {
      reports.push({ file, diagnostics: runRules(bytes, RULES, options) });
    }
  }

  const max = loadContract().limits.project.maxReportedPerRule;
  const shown = reports.map((r) => ({
    file: r.file,
    diagnostics: capPerRule(args.quiet ? r.diagnostics.filter((d) => d.severity === "error") : r.diagnostics, max),
  }));
  const toStdout = !args.output && !(fixing && !args.write);
  const report = await formatReport(args.format, shown, {
    color: args.format === "stylish" && toStdout && process.stdout.isTTY === true && !process.env.NO_COLOR,
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
  return reports.some((r) => r.diagnostics.some((d: Diagnostic) => d.severity === "error")) ? 1 : 0;
}

/**
 * --jsonl in the json and stylish formats: each line is linted and its diagnostics written out at
 * once, so a query log of any length is reported in constant memory.
 */
function streamJsonl(
  args: LintArgs,
  inputs: readonly { file: string; bytes: Buffer }[],
  options: EngineOptions,
): number {
  const color = args.format === "stylish" && !args.output && process.stdout.isTTY === true && !process.env.NO_COLOR;
  const stream = args.format === "json" ? jsonStream() : stylishStream(color);
  const chunks: string[] = [];
  let pending = "";
  const emit = (text: string) => {
    pending += text;
    if (pending.length < 1 << 16) return;
    if (args.output) chunks.push(pending);
    else process.stdout.write(pending);
    pending = "";
  };
  let failed = false;
  emit(stream.start());
  const max = loadContract().limits.project.maxReportedPerRule;
  for (const { file, bytes } of inputs) {
    emit(stream.file(file));
    for (const record of jsonlRecords(bytes)) {
      const found = lineDiagnostics(record, runRules(record.input, RULES, lineOptions(options, record)));
      if (found.some((d) => d.severity === "error")) failed = true;
      for (const d of capPerRule(args.quiet ? found.filter((x) => x.severity === "error") : found, max)) {
        d.line = record.line;
        emit(stream.diagnostic(d));
      }
    }
    emit(stream.endFile());
  }
  pending += stream.end();
  if (args.output) writeAtomically(args.output, chunks.join("") + pending);
  else process.stdout.write(pending);
  return failed ? 1 : 0;
}

/** The options a --jsonl line is linted with: the route its wrapper names, the body at /body. */
function lineOptions(options: EngineOptions, record: JsonlRecord): EngineOptions {
  return {
    ...options,
    ...(record.route ? { route: record.route } : {}),
    ...(record.wrapped ? { bodyPath: ["body"] } : {}),
  };
}

/** A line's diagnostics, led by one for a wrapper's unknown route (the body is linted with the route inferred). */
function lineDiagnostics(record: JsonlRecord, found: readonly Diagnostic[]): readonly Diagnostic[] {
  if (record.routeError === undefined) return found;
  const route: Diagnostic = {
    ruleId: "jsonl-route",
    messageId: "unknownRoute",
    severity: "error",
    consequence: "refused",
    path: "/route",
    line: record.line,
    column: 1,
    message: `The line's route is not a route with a body: ${record.routeError}.`,
    clauses: ["s4-1-nine-routes"],
    suggestions: [],
  };
  return [route, ...found];
}

function lintJsonl(
  bytes: Buffer,
  options: EngineOptions,
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
    for (const d of lineDiagnostics(record, found)) {
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
    if (!RULES.some((r) => r.meta.id === m[1])) throw new UsageError(`--rule ${s}: no rule ${m[1]}`);
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
    throw new InputError(
      `cannot write ${file}: ${code === "ENOENT" ? "no such directory" : code === "EACCES" ? "permission denied" : (error as Error).message}`,
    );
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
