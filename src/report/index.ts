import { appendFileSync } from "node:fs";
import { join } from "node:path";
import type { ReporterName } from "../runner/config.js";
import { renderHtml } from "./html.js";
import { renderJson } from "./json.js";
import { renderJunit } from "./junit.js";
import { renderMarkdown } from "./markdown.js";
import type { Report } from "./report.js";
import { writeFileAtomic } from "./write.js";

export { buildReport, type Report } from "./report.js";
export { formatProgress, formatPlan, formatSummary } from "./console.js";
export { renderJunit, renderMarkdown, writeFileAtomic };

const FILES: Partial<Record<ReporterName, { file: string; render: (r: Report) => string }>> = {
  json: { file: "report.json", render: renderJson },
  junit: { file: "junit.xml", render: renderJunit },
  markdown: { file: "summary.md", render: renderMarkdown },
  html: { file: "report.html", render: renderHtml },
};

/**
 * Writes report.json and the other file reporters' output into `dir` (each file atomically) and appends
 * the Markdown summary to $GITHUB_STEP_SUMMARY when it is set. Every text is rendered before the first
 * file is written, so a rendering error leaves no file at all. Returns the paths written.
 */
export function writeReports(
  report: Report,
  dir: string,
  reporters: readonly ReporterName[],
  env: NodeJS.ProcessEnv = process.env,
  /** The run's key redaction, applied to each rendered text too (a format's own escaping must not bring a key back). */
  redact: (text: string) => string = (text) => text,
): string[] {
  // report.json is the run's record: `--last-failed`, `tdss compare` and the next baseline read it, so it is
  // written whatever the reporters; they choose the formats for people beside it.
  const written: readonly ReporterName[] = reporters.includes("json") ? reporters : [...reporters, "json"];
  const outputs = written.flatMap((name) => {
    const spec = FILES[name];
    return spec ? [{ path: join(dir, spec.file), text: redact(spec.render(report)) }] : [];
  });
  for (const o of outputs) writeFileAtomic(o.path, o.text);
  if (env.GITHUB_STEP_SUMMARY && reporters.includes("markdown")) {
    appendFileSync(env.GITHUB_STEP_SUMMARY, `${redact(renderMarkdown(report))}\n`);
  }
  return outputs.map((o) => o.path);
}
