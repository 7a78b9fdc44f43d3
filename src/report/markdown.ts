import { recordBody, type RecordedExchange } from "../runner/evidence.js";
import type { CaseFailure, CaseResult } from "../runner/types.js";
import type { Report } from "./report.js";
import { byArea } from "./report.js";
import { choiceTable, type ChoiceRow } from "./choices.js";
import { headlineVerdict, notRunLine } from "./headline.js";
import { consequenceLines } from "./readings.js";

/** Bytes of a response body shown in summary.md (report.json and report.html keep the recorded body). */
const MARKDOWN_BODY_BYTES = 4096;

/** Text cut to `max` characters, with a mark saying how long it was. */
function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [cut: ${max} of ${text.length} characters shown]` : text;
}

function cell(text: unknown, max = 200): string {
  const s = typeof text === "string" ? text : (JSON.stringify(text) ?? "");
  return cut(s.replace(/\r?\n/g, " "), max).replace(/\|/g, "\\|");
}

/** A fenced code block whose fence no run of backticks in the text can close. */
function fence(text: string, lang = ""): string[] {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const bar = "`".repeat(longest + 1);
  return [`${bar}${lang}`, text, bar];
}

/**
 * What was sent and what came back, once per exchange: the curl command, the status, headers and body; `role` says
 * what an exchange beside the one that shows the failure is there for.
 */
function exchangeBlock(e: RecordedExchange, role?: string): string[] {
  const out = [
    ...(role ? ["", `${role}:`] : []),
    "",
    ...fence(e.curl.length > 4000 ? cut(e.curl, 4000) : e.curl, "sh"),
  ];
  const r = e.response;
  if (!r) return [...out, "", `No response: ${e.error ?? "none"}.`];
  const body = r.body ? recordBody(r.body.text, MARKDOWN_BODY_BYTES) : undefined;
  const size = r.body ? `, ${r.body.bytes} bytes` : "";
  const error = e.error ? ` (${cell(e.error)})` : "";
  out.push("", `<details><summary>Response: HTTP ${r.status ?? "?"}${size}${error}</summary>`, "");
  if (r.headers)
    out.push(
      ...fence(
        Object.entries(r.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n"),
        "http",
      ),
    );
  if (body) {
    out.push(...fence(body.text, "json"));
    const kept = r.body!.truncated ? r.body!.truncated.shownBytes : r.body!.bytes;
    if (body.truncated) {
      out.push(
        `… [truncated: ${body.truncated.shownBytes} of ${r.body!.bytes} bytes shown here; report.json keeps ${kept}]`,
      );
    } else if (r.body!.truncated) out.push(`… [truncated: ${kept} of ${r.body!.bytes} bytes recorded]`);
  }
  return [...out, "", "</details>"];
}

/** A failing case's failures grouped by step, each step's exchanges shown once. */
function failureBlocks(c: CaseResult): string[] {
  const out: string[] = [];
  const steps = new Map<string, CaseFailure[]>();
  for (const f of c.failures) steps.set(f.step, [...(steps.get(f.step) ?? []), f]);
  for (const [step, failures] of steps) {
    out.push(`#### ${step}`, "");
    for (const f of failures) {
      const clauses = f.clauses?.length ? ` (${f.clauses.map((x) => `\`${x}\``).join(", ")})` : "";
      out.push(
        `- **${f.check}**${clauses}${f.reading ? " (a reading, failed under --strict)" : ""}: ${cell(f.message, 1000)}`,
      );
      if (f.clause)
        out.push(
          `  - ${f.reading ? "reading of" : "breaks"} \`${f.clause.id}\` ` +
            `(${f.clause.kind}): “${cell(f.clause.quote)}”`,
        );
      if (f.expected !== undefined) out.push(`  - expected: \`${cell(f.expected, 1000)}\``);
      if (f.actual !== undefined) out.push(`  - actual: \`${cell(f.actual, 1000)}\``);
      for (const line of consequenceLines(f)) out.push(`  - ${cell(line, 1000)}`);
    }
    const shown = new Set<number>();
    for (const f of failures) {
      const e = f.exchange !== undefined ? c.exchanges?.[f.exchange] : undefined;
      if (e && !shown.has(f.exchange!)) {
        shown.add(f.exchange!);
        out.push(...exchangeBlock(e));
      } else if (!e && f.curl && !shown.size) {
        shown.add(-1);
        out.push("", ...fence(f.curl, "sh"));
      }
    }
    // The exchanges a failure is read against come after every exchange that shows a failure.
    for (const i of failures.flatMap((f) => f.related ?? [])) {
      const e = c.exchanges?.[i];
      if (e && !shown.has(i)) {
        shown.add(i);
        out.push(...exchangeBlock(e, "Read against"));
      }
    }
    out.push("");
  }
  return out;
}

/** The verdict, the target and tool, the counts and the Credits. */
function headline(report: Report): string[] {
  const s = report.summary;
  return [
    `# tdss conformance: ${headlineVerdict(report)}`,
    "",
    `Target \`${report.run.baseUrl}\` · run \`${report.run.id}\` · ${(report.run.durationMs / 1000).toFixed(1)} s`,
    "",
    `tdss ${report.tool.version ?? "?"} · suite \`${report.tool.suiteHash ?? "?"}\` · ` +
      `contract \`${report.tool.contractFingerprint}\``,
    "",
    `**${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.expectedFailures} expected ` +
      `failures, ${s.unexpectedPasses} unexpected passes, ${s.drift} drift, ${s.warnings} warnings` +
      `${notRunLine(report) ? `; ${notRunLine(report)}` : ""}** ` +
      `of ${s.total} cases${report.run.strict ? " (strict: readings fail)" : ""}.`,
    `Credits: ${s.creditsSpent} spent (worst case predicted ${s.creditsEstimated}, limit ${s.creditsLimit})` +
      `${s.balanceBefore !== undefined ? `; balance ${s.balanceBefore} → ${s.balanceAfter ?? "?"}` : ""}.`,
    "",
  ];
}

/** An interruption, a run stopped short, and the run's warnings, as quoted notices. */
function notices(report: Report): string[] {
  const out: string[] = [];
  const interrupted = report.run.interrupted;
  if (interrupted) {
    const notRun = interrupted.notRun.length ? `: ${interrupted.notRun.map((id) => `\`${id}\``).join(", ")}` : "";
    const count = interrupted.notRun.length;
    out.push(`> **Interrupted** by ${interrupted.by}; ${count} selected cases were not run${notRun}.`, "");
  }
  const stopped = report.summary.stopped;
  if (stopped)
    out.push(
      `> **Incomplete:** ${cell(stopped.reason, 1000)}; ${stopped.notRun.length} cases were not run for it ` +
        `(no verdict was given on them; exit status 2).`,
      "",
    );
  if (report.warnings.length) out.push(...report.warnings.map((w) => `> **Warning:** ${w}`), "");
  return out;
}

function areaTable(report: Report): string[] {
  const out = [
    "| area | passed | failed | skipped | expected failures | unexpected passes | drift |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const g of byArea(report.cases))
    out.push(
      `| ${g.area} | ${g.counts.passed} | ${g.counts.failed} | ${g.counts.skipped} ` +
        `| ${g.counts["expected-failure"]} | ${g.counts["unexpected-pass"]} | ${g.counts.drift} |`,
    );
  out.push("");
  return out;
}

function failures(report: Report): string[] {
  const failing = report.cases.filter(
    (c) => c.status === "failed" || c.status === "drift" || c.status === "unexpected-pass",
  );
  if (!failing.length) return [];
  const out = ["## Failures", ""];
  for (const c of failing) {
    out.push(
      `### \`${c.id}\` (${c.status}): ${c.title}`,
      "",
      `Clauses: ${c.clauses.map((x) => `\`${x}\``).join(", ")}`,
      "",
    );
    if (c.status === "unexpected-pass")
      out.push(`Listed as expected to fail (${c.reason ?? ""}) but passed: update the expectations file.`, "");
    out.push(...failureBlocks(c));
  }
  return out;
}

function readings(report: Report): string[] {
  if (!report.readings.length) return [];
  const out = [
    "## Readings (warnings: where the specification does not compel the verdict)",
    "",
    `Each rests on the project's reading of an \`ambiguous\` or \`implementation-defined\` clause; ` +
      (report.run.strict ? "--strict made them failures" : "they do not fail the run (--strict makes them failures)") +
      ".",
    "",
    "| case | check | clause | reading the project took | what the deployment did |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const r of report.readings)
    out.push(
      `| \`${r.case}\` | ${cell(`${r.step} · ${r.check}`)} | \`${r.clause}\` (${r.kind}): ` +
        `“${cell(r.quote)}” | ${cell(r.reading)} | ${cell(r.observed)} |`,
    );
  out.push("");
  return out;
}

function skippedCases(report: Report): string[] {
  const skipped = report.cases.filter((c) => c.status === "skipped");
  if (!skipped.length) return [];
  return ["## Not run (skipped)", "", ...skipped.map((c) => `- \`${c.id}\`: ${cell(c.reason ?? "")}`), ""];
}

/** Text for a Markdown table cell, whole: what Markdown would read as markup is escaped (not `_` inside a word). */
export function plain(text: string): string {
  return text
    .replace(/\r?\n/g, " ")
    .replace(/[\\`*[\]|]/g, "\\$&")
    .replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, "\\_")
    .replace(/</g, "&lt;");
}

/** A row of the deployment's choices named as summary.md and `tdss compare` name it: its label, then its topic. */
export const choiceName = (r: Pick<ChoiceRow, "label" | "topic">): string => `${plain(r.label)} (\`${r.topic}\`)`;

/** The deployment's choices (src/report/choices.ts): never cut; long lists are shortened in words. */
function choices(report: Report): string[] {
  const table = choiceTable(report.observed);
  if (!table.choices.length && !table.aboutRun.length) return [];
  const out = [
    "## The deployment's choices (where the specification leaves it open)",
    "",
    "Never a failure. A long list is shortened (“… and N more”); report.json holds every value under " +
      "`observed`, by topic.",
    "",
  ];
  if (table.choices.length) {
    out.push("| choice | what the specification says | what the deployment does |", "| --- | --- | --- |");
    for (const r of table.choices) {
      const where = [r.section ? `§${r.section}` : "", r.clause ? `\`${r.clause}\`` : ""].filter(Boolean).join(" ");
      out.push(`| ${choiceName(r)} | ${where ? `${where}: ` : ""}${plain(r.spec)} | ${plain(r.does)} |`);
    }
    out.push("");
  }
  if (table.aboutRun.length)
    out.push(
      `Recorded about the run itself, not a choice: ${table.aboutRun
        .map((r) => `${plain(r.label)}: ${plain(r.does)}`)
        .join("; ")}.`,
      "",
    );
  return out;
}

function clauseCoverage(report: Report): string[] {
  const m = report.coverage.must;
  const out = [
    "## Clause coverage",
    "",
    `\`must\` clauses: ${m.cited} of ${m.total} cited by a case; ${m.passed} passed, ${m.failed} ` +
      `failed, ${m.notRun} not run.`,
    "",
  ];
  const uncovered = report.coverage.clauses.filter((c) => c.kind === "must" && c.status === "not-covered");
  if (uncovered.length) out.push(`Not covered: ${uncovered.map((c) => `\`${c.id}\``).join(", ")}.`, "");
  return out;
}

/**
 * summary.md: the verdict, counts by area, failures with a reproduction, what the deployment chose, clause coverage.
 */
export function renderMarkdown(report: Report): string {
  return [
    ...headline(report),
    ...notices(report),
    ...areaTable(report),
    ...failures(report),
    ...readings(report),
    ...skippedCases(report),
    ...choices(report),
    ...clauseCoverage(report),
  ].join("\n");
}
