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
  // An interrupted run's cases that never started are in no result; CI lists them skipped, with the reason.
  const interrupted = report.run.interrupted;
  const ran = new Set(report.cases.map((c) => c.id));
  const unstarted = (interrupted?.notRun ?? []).filter((id) => !ran.has(id));
  const areaOf = (id: string) => id.slice(0, id.indexOf("/") >= 0 ? id.indexOf("/") : id.length);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tdss" tests="${s.total + unstarted.length}" failures="${s.failed + s.drift}" errors="0" ` +
      `skipped="${s.skipped + s.expectedFailures + unstarted.length}" time="${seconds(report.run.durationMs)}">`,
  ];
  const groups = byArea(report.cases);
  const areas = [...new Set([...groups.map((g) => g.area), ...unstarted.map(areaOf)])];
  for (const area of areas) {
    const group = groups.find((g) => g.area === area) ?? { area, cases: [], counts: undefined };
    const pending = unstarted.filter((id) => areaOf(id) === area);
    const c = group.counts;
    const time = group.cases.reduce((t, x) => t + x.durationMs, 0);
    lines.push(
      `  <testsuite name="${xml(area)}" tests="${group.cases.length + pending.length}" ` +
        `failures="${c ? c.failed + c.drift : 0}" errors="0" ` +
        `skipped="${(c ? c.skipped + c["expected-failure"] : 0) + pending.length}" time="${seconds(time)}">`,
    );
    for (const id of pending)
      lines.push(
        `    <testcase classname="tdss.${xml(area)}" name="${xml(id)}" time="0.000">`,
        `      <skipped message="${xml(`not run: the run was interrupted (${interrupted!.by})`)}"/>`,
        "    </testcase>",
      );
    for (const tc of group.cases) lines.push(...testcaseLines(tc));
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>", "");
  return lines.join("\n");
}
