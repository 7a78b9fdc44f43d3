import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Report } from "./report.js";

/** A report that cannot be read: one line naming the path and what is wrong. */
export class ReportLoadError extends Error {
  override readonly name = "ReportLoadError";
}

/**
 * The report.json a path names: the file itself, a run folder holding it, or a folder of run folders
 * (`reports/`), of which the latest run (run ids begin with their start time) is taken.
 */
function reportFile(path: string): string {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new ReportLoadError(`${path}: no such file or folder`);
  }
  if (stat.isFile()) return path;
  if (existsSync(join(path, "report.json"))) return join(path, "report.json");
  const runs = readdirSync(path)
    .filter((name) => existsSync(join(path, name, "report.json")))
    .sort();
  if (!runs.length) throw new ReportLoadError(`${path}: holds no report.json, nor run folders with one`);
  return join(path, runs.at(-1)!, "report.json");
}

/** Reads and checks a report.json (see docs/reports.md). */
export function loadReport(path: string): { file: string; report: Report } {
  const file = reportFile(path);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ReportLoadError(`${file}: not a readable JSON file (${(error as Error).message.split("\n")[0]})`);
  }
  const r = data as Partial<Report> | null;
  if (
    !r ||
    typeof r !== "object" ||
    r.tool?.name !== "tdss" ||
    !Array.isArray(r.cases) ||
    typeof r.summary !== "object"
  ) {
    throw new ReportLoadError(`${file}: not a tdss report.json (expected members tool, summary and cases)`);
  }
  return { file, report: r as Report };
}
