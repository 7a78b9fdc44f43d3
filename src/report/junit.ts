import type { Report } from "./report.js";
import { byArea } from "./report.js";
import { consequenceLines, verdictLine } from "./readings.js";

function xml(text: string): string {
  // Characters XML 1.0 cannot hold are dropped; the rest is escaped.
  return (
    text
      // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 allows are the point here
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
      .replaceAll("&", "&amp;")
      .replaceAll("<", "&lt;")
      .replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;")
  );
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** One case as a testcase: its clauses and Credits, its failure or skip, and its warnings as output. */
function testcaseLines(tc: Report["cases"][number]): string[] {
  const lines: string[] = [];
  lines.push(
    `    <testcase classname="tdss.${xml(tc.area)}" name="${xml(`${tc.id}: ${tc.title}`)}" ` +
      `time="${seconds(tc.durationMs)}">`,
  );
  lines.push(
    `      <properties><property name="clauses" value="${xml(tc.clauses.join(" "))}"/><property ` +
      `name="credits" value="${tc.credits}"/></properties>`,
  );
  if (tc.status === "failed" || tc.status === "drift") {
    const first = tc.failures[0];
    const body = tc.failures
      .map((f) =>
        [
          `${f.step} · ${f.check}: ${f.message}`,
          verdictLine(f, false),
          f.expected !== undefined ? `expected: ${JSON.stringify(f.expected)}` : "",
          f.actual !== undefined ? `actual: ${JSON.stringify(f.actual)}` : "",
          f.curl ? `reproduce: ${f.curl}` : "",
          ...consequenceLines(f),
        ]
          .filter(Boolean)
          .join("\n"),
      )
      .join("\n\n");
    const why = first ? verdictLine(first, false) : "";
    const message = first ? `${first.check}: ${first.message}${why ? ` (${why})` : ""}` : tc.status;
    lines.push(
      `      <failure type="${tc.status === "drift" ? "drift" : xml(first?.check ?? "failure")}" ` +
        `message="${xml(message)}">${xml(body)}</failure>`,
    );
  } else if (tc.status === "skipped") lines.push(`      <skipped message="${xml(tc.reason ?? "skipped")}"/>`);
  else if (tc.status === "expected-failure")
    lines.push(`      <skipped message="${xml(`expected failure: ${tc.reason ?? ""}`)}"/>`);
  // A warning leaves the test case passing (CI stays green) and is written where CI shows a test's output.
  const out = [
    ...(tc.status === "unexpected-pass"
      ? [`unexpected pass: listed as expected to fail (${tc.reason ?? ""}); update the expectations file`]
      : []),
    ...(tc.status === "failed" || tc.status === "drift"
      ? []
      : (tc.warnings ?? []).map((w) =>
          [
            `warning: ${w.step} · ${w.check}: ${w.message}`,
            verdictLine(w, true),
            w.clause?.reading ? `reading: ${w.clause.reading}` : "",
          ]
            .filter(Boolean)
            .join("\n"),
        )),
  ];
  if (out.length) lines.push(`      <system-out>${xml(out.join("\n\n"))}</system-out>`);
  lines.push("    </testcase>");
  return lines;
}

/**
 * JUnit XML: one testsuite per area, one testcase per case; drift is a failure of type "drift", expected failures are
 * skipped with their reason.
 */
export function renderJunit(report: Report): string {
  const s = report.summary;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tdss" tests="${s.total}" failures="${s.failed + s.drift}" errors="0" ` +
      `skipped="${s.skipped + s.expectedFailures}" time="${seconds(report.run.durationMs)}">`,
  ];
  for (const group of byArea(report.cases)) {
    const c = group.counts;
    const time = group.cases.reduce((t, x) => t + x.durationMs, 0);
    lines.push(
      `  <testsuite name="${xml(group.area)}" tests="${group.cases.length}" failures="${c.failed + c.drift}" ` +
        `errors="0" skipped="${c.skipped + c["expected-failure"]}" time="${seconds(time)}">`,
    );
    for (const tc of group.cases) lines.push(...testcaseLines(tc));
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>", "");
  return lines.join("\n");
}
