/**
 * The reviewed list of Stryker's surviving mutants of the reference (spec/mutation-survivors.yaml) and how it is
 * held to the source and to Stryker's last JSON report (docs/selftest.md, "Stryker on the reference"). An entry
 * names a mutant by file, line, mutator and replacement, and quotes the source it mutates, so that an entry whose
 * code changed, whose mutant is no longer made, or which a case now kills, fails test/mutation/survivors.test.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export const SURVIVORS_FILE = "spec/mutation-survivors.yaml";
export const REPORT_FILE = "reports/mutation/mutation.json";

/** Why a mutant no case kills may stay alive (the header of spec/mutation-survivors.yaml says more). */
export const REASONS = {
  equivalent: "the mutated program answers every request exactly as the original",
  conformant: "the mutated reference is still a conformant deployment: a choice the spec leaves open",
  "not-observable": "a real difference no case can see with the keys and data a tester holds",
  unsettled: "a difference only an ambiguous clause's reading sees: a case may warn, not fail",
} as const;
export type Reason = keyof typeof REASONS;

/**
 * Reasons that take a mutant out of the score's denominator: it is no fault of the contract, so a case that killed
 * it would fail a conformant deployment ("a false failure is as bad as a missed fault").
 */
const NOT_FAULTS: ReadonlySet<Reason> = new Set(["equivalent", "conformant"]);

export interface Survivor {
  readonly file: string;
  readonly line: number;
  readonly mutator: string;
  /** Text of the source line the mutant changes (part of it), so that an entry whose line changed is stale. */
  readonly original: string;
  readonly replacement: string;
  readonly reason: Reason;
  readonly why: string;
}

/** One mutant of Stryker's JSON report (mutation-testing-report-schema), as far as the list needs it. */
interface ReportMutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly location: { readonly start: { readonly line: number; readonly column: number } };
  readonly status: string;
}
export interface MutationReport {
  readonly files: Readonly<Record<string, { readonly source: string; readonly mutants: readonly ReportMutant[] }>>;
}

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

/** The list, each entry's members checked: a malformed entry is named by its position. */
export function loadSurvivors(root: string): Survivor[] {
  const parsed = parse(readFileSync(join(root, SURVIVORS_FILE), "utf8")) as { survivors?: unknown } | null;
  const entries = parsed?.survivors ?? [];
  if (!Array.isArray(entries)) throw new Error(`${SURVIVORS_FILE}: survivors must be a list`);
  return entries.map((entry: Record<string, unknown>, i) => {
    const where = `${SURVIVORS_FILE}: survivors[${i}]`;
    for (const member of ["file", "mutator", "original", "replacement", "why"])
      if (typeof entry[member] !== "string" || (member !== "replacement" && !entry[member]))
        throw new Error(`${where}: ${member} must be a non-empty string`);
    if (!Number.isInteger(entry.line) || (entry.line as number) < 1)
      throw new Error(`${where}: line must be a positive integer`);
    if (!Object.hasOwn(REASONS, entry.reason as string))
      throw new Error(`${where}: reason must be one of ${Object.keys(REASONS).join(", ")}`);
    return entry as unknown as Survivor;
  });
}

const label = (s: Pick<Survivor, "file" | "line" | "mutator" | "replacement">) =>
  `${s.file}:${s.line} ${s.mutator} -> ${JSON.stringify(s.replacement)}`;

/** Entries whose file is gone or whose line no longer holds the quoted source. */
export function staleInSource(entries: readonly Survivor[], root: string): string[] {
  const problems: string[] = [];
  for (const s of entries) {
    const path = join(root, s.file);
    if (!existsSync(path)) {
      problems.push(`${label(s)}: the file no longer exists`);
      continue;
    }
    const line = readFileSync(path, "utf8").split("\n")[s.line - 1];
    if (line === undefined || !line.includes(s.original))
      problems.push(`${label(s)}: line ${s.line} no longer holds ${JSON.stringify(s.original)}`);
  }
  return problems;
}

/**
 * Entries that leave the score or count as unsettled must say which text of the contract decides them: a `conformant`
 * or `unsettled` entry's why names a clause of spec/clauses.yaml or quotes, in double quotes, a passage found word
 * for word in spec/interface-spec.md or spec/clauses.yaml. An entry that does neither is named.
 */
export function unsupported(entries: readonly Survivor[], root: string): string[] {
  const spec = readFileSync(join(root, "spec/interface-spec.md"), "utf8");
  const clauses = readFileSync(join(root, "spec/clauses.yaml"), "utf8");
  const ids = new Set([...clauses.matchAll(/^\s*- id: (\S+)$/gm)].map((m) => m[1]!));
  const problems: string[] = [];
  for (const s of entries) {
    if (s.reason !== "conformant" && s.reason !== "unsettled") continue;
    const why = s.why.replace(/\s+/g, " ");
    const cites = [...why.matchAll(/\bs\d[\w-]*/g)].some((m) => ids.has(m[0]));
    const quotes = [...why.matchAll(/"([^"]{12,})"/g)].some((m) => spec.includes(m[1]!) || clauses.includes(m[1]!));
    if (!cites && !quotes)
      problems.push(`${label(s)}: a ${s.reason} entry names no clause and quotes no passage of the specification`);
  }
  return problems;
}

export function readReport(root: string): MutationReport | undefined {
  const path = join(root, REPORT_FILE);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as MutationReport) : undefined;
}

/**
 * The files of the report that are the current source byte for byte: only there do its lines and verdicts
 * still describe the code.
 */
function currentFiles(report: MutationReport, root: string): string[] {
  return Object.keys(report.files).filter((file) => {
    const path = join(root, file);
    return existsSync(path) && readFileSync(path, "utf8") === report.files[file]!.source;
  });
}

const matches = (s: Survivor, file: string, m: ReportMutant) =>
  s.file === file &&
  s.line === m.location.start.line &&
  s.mutator === m.mutatorName &&
  s.replacement === (m.replacement ?? "");

/**
 * Against a report of the current source: entries whose mutant is no longer made or is now killed, and surviving
 * mutants no entry lists.
 */
export function disagreementsWithReport(entries: readonly Survivor[], report: MutationReport, root: string): string[] {
  const problems: string[] = [];
  for (const file of currentFiles(report, root)) {
    const mutants = report.files[file]!.mutants;
    for (const s of entries.filter((e) => e.file === file)) {
      const same = mutants.filter((m) => matches(s, file, m));
      if (!same.length) problems.push(`${label(s)}: Stryker no longer makes this mutant`);
      else if (!same.some((m) => UNDETECTED.has(m.status)))
        problems.push(`${label(s)}: now ${same[0]!.status.toLowerCase()}; remove the entry`);
    }
    for (const m of mutants.filter((m) => UNDETECTED.has(m.status)))
      if (!entries.some((s) => matches(s, file, m)))
        problems.push(
          `${file}:${m.location.start.line} ${m.mutatorName} -> ${JSON.stringify(m.replacement ?? "")}: ` +
            `${m.status.toLowerCase()} and not listed in ${SURVIVORS_FILE}`,
        );
  }
  return problems;
}

export interface Score {
  /** Mutants with a verdict (killed, timed out, survived or not covered); compile and runtime errors left out. */
  readonly mutants: number;
  readonly killed: number;
  /** Of the undetected, those the list calls equivalent: left out of the score. */
  readonly equivalent: number;
  /** Of the undetected, those the list calls conformant (a legal alternative): left out of the score. */
  readonly conformant: number;
  /** Left out where they stand by a `// Stryker disable` comment with its reason: code that carries no clause. */
  readonly ignored: number;
  /** Killed (or timed out) over the mutants that are faults: made − equivalent − conformant. */
  readonly score: number;
  /** Stryker's own score: killed (or timed out) over every mutant made, none left out. */
  readonly raw: number;
}

export function scoreOf(report: MutationReport, entries: readonly Survivor[]): Score {
  let mutants = 0;
  let killed = 0;
  const left = { equivalent: 0, conformant: 0 };
  let ignored = 0;
  for (const [file, { mutants: list }] of Object.entries(report.files))
    for (const m of list) {
      if (m.status === "Ignored") ignored++;
      if (DETECTED.has(m.status)) killed++;
      else if (!UNDETECTED.has(m.status)) continue;
      else {
        const reason = entries.find((s) => NOT_FAULTS.has(s.reason) && matches(s, file, m))?.reason;
        if (reason === "equivalent" || reason === "conformant") left[reason]++;
      }
      mutants++;
    }
  const faults = mutants - left.equivalent - left.conformant;
  return {
    mutants,
    killed,
    ...left,
    ignored,
    score: faults ? killed / faults : 0,
    raw: mutants ? killed / mutants : 0,
  };
}
