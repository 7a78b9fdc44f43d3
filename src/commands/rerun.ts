import { relative } from "node:path";
import { loadReport, ReportLoadError } from "../report/load.js";
import type { RunPlan } from "../runner/run.js";
import type { CaseDef } from "../runner/types.js";
import { UsageError } from "./command.js";

/** The ids of the cases that failed (or drifted) in a report, those no suite has any more, and the report's run. */
export function lastFailedCases(
  path: string,
  allCases: readonly CaseDef[],
): { file: string; runId: string; ids: Set<string>; unknown: string[] } {
  let loaded;
  try {
    loaded = loadReport(path);
  } catch (error) {
    if (error instanceof ReportLoadError) throw new UsageError(`--last-failed: ${error.message}`);
    throw error;
  }
  const known = new Set(allCases.map((c) => c.id));
  const failed = loaded.report.cases.filter((c) => c.status === "failed" || c.status === "drift").map((c) => c.id);
  return {
    file: loaded.file,
    runId: loaded.report.run.id,
    ids: new Set(failed.filter((id) => known.has(id))),
    unknown: failed.filter((id) => !known.has(id)),
  };
}

/** `tdss run --list`: the selected cases with their tags and worst-case Credits, and the total. */
export function formatCaseList(cases: readonly CaseDef[], plan: RunPlan): string {
  const worst = new Map(plan.cases.map((c) => [c.id, c.worstCase]));
  const rows = cases.map((c) => [c.id, c.area, c.tags.join(",") || "-", String(worst.get(c.id) ?? 0)]);
  const head = ["id", "area", "tags", "worst-case Credits"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((x, i) => (i === 3 ? x.padStart(widths[i]!) : x.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const count = `${cases.length} case${cases.length === 1 ? "" : "s"}`;
  const total = `${count}; ${plan.worstCase} Credits at worst; nothing was sent`;
  return `${[line(head), ...rows.map(line)].join("\n")}\n${total}\n`;
}

/** A word as the shell reads it back unchanged. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The options of `tdss run` (src/commands/run.ts) that a rerun repeats. */
interface RepeatedOptions {
  readonly baseUrl?: string;
  readonly config?: string;
  readonly maxCredits?: number;
  readonly fitBalance?: boolean;
  readonly expectations?: string;
  readonly reportDir?: string;
  readonly reporter?: readonly string[];
  readonly concurrency?: number;
  readonly timeout?: number;
  readonly evidenceBytes?: number;
}

/**
 * The command that reruns a run's failed cases with the same options (`--only` and `--tag` are left out:
 * `--last-failed` selects). The key is never on it: it comes from the environment, as for the first run.
 */
export function rerunCommand(args: RepeatedOptions, runDir: string, cwd: string): string {
  const rel = relative(cwd, runDir);
  const words = ["tdss", "run", "--last-failed", rel && !rel.startsWith("..") ? rel : runDir];
  const flag = (name: string, value: string | number | boolean | undefined) => {
    if (value !== undefined && value !== false) words.push(`--${name}`, ...(value === true ? [] : [String(value)]));
  };
  flag("base-url", args.baseUrl);
  flag("config", args.config);
  flag("max-credits", args.maxCredits);
  flag("fit-balance", args.fitBalance);
  flag("expectations", args.expectations);
  flag("report-dir", args.reportDir);
  flag("reporter", args.reporter?.join(","));
  flag("concurrency", args.concurrency);
  flag("timeout", args.timeout);
  flag("evidence-bytes", args.evidenceBytes);
  return words.map(shellWord).join(" ");
}
