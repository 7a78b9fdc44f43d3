import type { Report } from "./report.js";
import { byArea } from "./report.js";

function cell(text: unknown): string {
  const s = typeof text === "string" ? text : JSON.stringify(text) ?? "";
  return s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ").slice(0, 200);
}

/** summary.md: the verdict, counts by area, failures with a reproduction, what the deployment chose, clause coverage. */
export function renderMarkdown(report: Report): string {
  const s = report.summary;
  const verdict = report.run.dryRun ? "DRY RUN" : s.exitCode === 0 ? "PASS" : "FAIL";
  const out = [
    `# tdss conformance: ${verdict}`,
    "",
    `Target \`${report.run.baseUrl}\` · run \`${report.run.id}\` · ${(report.run.durationMs / 1000).toFixed(1)} s`,
    "",
    `**${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.expectedFailures} expected failures, ${s.unexpectedPasses} unexpected passes, ${s.drift} drift, ${s.warnings} warnings** of ${s.total} cases${report.run.strict ? " (strict: readings fail)" : ""}.`,
    `Credits: ${s.creditsSpent} spent (worst case predicted ${s.creditsEstimated}, limit ${s.creditsLimit})${s.balanceBefore !== undefined ? `; balance ${s.balanceBefore} → ${s.balanceAfter ?? "?"}` : ""}.`,
    "",
  ];
  if (report.warnings.length) out.push(...report.warnings.map((w) => `> **Warning:** ${w}`), "");
  out.push("| area | passed | failed | skipped | expected failures | unexpected passes | drift |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const g of byArea(report.cases)) out.push(`| ${g.area} | ${g.counts.passed} | ${g.counts.failed} | ${g.counts.skipped} | ${g.counts["expected-failure"]} | ${g.counts["unexpected-pass"]} | ${g.counts.drift} |`);
  out.push("");
  const failing = report.cases.filter((c) => c.status === "failed" || c.status === "drift" || c.status === "unexpected-pass");
  if (failing.length) {
    out.push("## Failures", "");
    for (const c of failing) {
      out.push(`### \`${c.id}\` (${c.status}): ${c.title}`, "", `Clauses: ${c.clauses.map((x) => `\`${x}\``).join(", ")}`, "");
      if (c.status === "unexpected-pass") out.push(`Listed as expected to fail (${c.reason ?? ""}) but passed: update the expectations file.`, "");
      for (const f of c.failures) {
        out.push(`- **${f.step} · ${f.check}**${f.reading ? " (a reading, failed under --strict)" : ""}: ${cell(f.message)}`);
        if (f.clause) out.push(`  - ${f.reading ? "reading of" : "breaks"} \`${f.clause.id}\` (${f.clause.kind}): “${cell(f.clause.quote)}”`);
        if (f.expected !== undefined) out.push(`  - expected: \`${cell(f.expected)}\``);
        if (f.actual !== undefined) out.push(`  - actual: \`${cell(f.actual)}\``);
        if (f.curl) out.push("", "  ```sh", `  ${f.curl.length > 2000 ? `${f.curl.slice(0, 2000)} …` : f.curl}`, "  ```");
      }
      out.push("");
    }
  }
  if (report.readings.length) {
    out.push(
      "## Readings (warnings: where the specification does not compel the verdict)",
      "",
      `Each rests on the project's reading of an \`ambiguous\` or \`implementation-defined\` clause; ${report.run.strict ? "--strict made them failures" : "they do not fail the run (--strict makes them failures)"}.`,
      "",
      "| case | check | clause | reading the project took | what the deployment did |",
      "| --- | --- | --- | --- | --- |",
    );
    for (const r of report.readings) out.push(`| \`${r.case}\` | ${cell(`${r.step} · ${r.check}`)} | \`${r.clause}\` (${r.kind}): “${cell(r.quote)}” | ${cell(r.reading)} | ${cell(r.observed)} |`);
    out.push("");
  }
  const skipped = report.cases.filter((c) => c.status === "skipped");
  if (skipped.length) out.push("## Skipped", "", ...skipped.map((c) => `- \`${c.id}\`: ${cell(c.reason ?? "")}`), "");
  const observed = Object.entries(report.observed);
  if (observed.length) {
    out.push("## Observed (where the specification leaves the choice to the deployment)", "", "| topic | value | clauses |", "| --- | --- | --- |");
    for (const [topic, o] of observed) out.push(`| ${topic} | \`${cell(o.value)}\` | ${o.clauses.join(", ")} |`);
    out.push("");
  }
  const m = report.coverage.must;
  out.push("## Clause coverage", "", `\`must\` clauses: ${m.cited} of ${m.total} cited by a case; ${m.passed} passed, ${m.failed} failed, ${m.notRun} not run.`, "");
  const uncovered = report.coverage.clauses.filter((c) => c.kind === "must" && c.status === "not-covered");
  if (uncovered.length) out.push(`Not covered: ${uncovered.map((c) => `\`${c.id}\``).join(", ")}.`, "");
  return out.join("\n");
}
