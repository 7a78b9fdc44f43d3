import { loadContract } from "../contract/index.js";
import type { RecordedBody, RecordedExchange } from "../runner/evidence.js";
import type { CaseFailure, CaseResult, CaseStatus } from "../runner/types.js";
import { choiceTable, type ChoiceRow } from "./choices.js";
import { headlineVerdict, notRunLine, verdictWord } from "./headline.js";
import { consequenceLines } from "./readings.js";
import type { Report } from "./report.js";
import { byArea } from "./report.js";

/**
 * report.html: the whole report in one self-contained file (inline style and script, no network), opened
 * from disk. Everything is rendered here, so the page reads without script; the script only filters.
 * Element ids and classes used by the filters are documented in docs/reports.md.
 */
export function renderHtml(report: Report): string {
  const s = report.summary;
  const verdict = headlineVerdict(report);
  const word = verdictWord(report);
  const worstCase = new Map(report.plan.cases.map((c) => [c.id, c.worstCase]));
  const areas = [...new Set(report.cases.map((c) => c.area))];
  const tags = [...new Set(report.cases.flatMap((c) => c.tags))].sort();
  const clauseIds = [...new Set(report.cases.flatMap((c) => c.clauses))].sort();
  // A pass on part of the selection is not shown green: the reader would take it for the whole.
  const verdictClass = verdict === "PASS" ? "pass" : word === "FAIL" ? "fail" : "other";
  const body = [
    `<header class="verdict ${verdictClass}"><h1>tdss conformance: <span id="verdict">${esc(verdict)}</span></h1>`,
    `<p>${s.passed} passed · ${s.failed} failed · ${s.skipped} skipped · ` +
      `${s.expectedFailures} expected failures · `,
    `${s.unexpectedPasses} unexpected passes · ${s.drift} drift · ${s.total} cases</p></header>`,
    runFacts(report),
    interrupted(report),
    report.warnings.length
      ? `<ul class="warnings">${report.warnings.map((w) => `<li>${esc(w)}</li>`).join("")}</ul>`
      : "",
    "<h2>Areas</h2>",
    areaTable(report),
    '<h2>Cases</h2><form id="filters" onsubmit="return false">',
    '<label><input type="checkbox" id="f-failed"> failed only</label>',
    '<label><input type="checkbox" id="f-warnings"> warnings only</label>',
    `<label>area ${choice("f-area", areas)}</label>`,
    `<label>tag ${choice("f-tag", tags)}</label>`,
    '<label>clause <input id="f-clause" list="clause-ids" placeholder="e.g. s8-cost"></label>',
    `<datalist id="clause-ids">${clauseIds.map((c) => `<option value="${esc(c)}">`).join("")}</datalist>`,
    `<span id="shown">${report.cases.length} of ${report.cases.length} cases shown</span></form>`,
    // Failed and drifted cases first, open: the reader comes for them (the filters still show any order's subset).
    `<div id="cases">${[
      ...report.cases.filter((c) => c.status === "failed" || c.status === "drift"),
      ...report.cases.filter((c) => c.status !== "failed" && c.status !== "drift"),
    ]
      .map((c) => caseBlock(c, worstCase.get(c.id)))
      .join("\n")}</div>`,
    choicesTable(report),
    coverageTable(report),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy"
  content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>tdss ${esc(verdict)}: ${esc(report.run.baseUrl)}</title>
<style>${STYLE}</style></head>
<body>
${body.filter(Boolean).join("\n")}
<script>${SCRIPT}</script>
</body></html>
`;
}

const STATUS_LABEL: Record<CaseStatus, string> = {
  passed: "pass",
  failed: "FAIL",
  skipped: "skip",
  "expected-failure": "xfail",
  "unexpected-pass": "XPASS",
  drift: "DRIFT",
};

function esc(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? "");
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A filter's select element: "all", then each value. */
function choice(id: string, values: readonly string[]): string {
  const options = values.map((v) => `<option>${esc(v)}</option>`).join("");
  return `<select id="${id}"><option value="">all</option>${options}</select>`;
}

function runFacts(report: Report): string {
  const s = report.summary;
  const facts: [string, string][] = [
    ["target", report.run.baseUrl],
    [
      "target version",
      typeof report.target?.version === "string"
        ? report.target.version
        : JSON.stringify(report.target?.version ?? null),
    ],
    ["run", `${report.run.id} · started ${report.run.startedAt} · ${(report.run.durationMs / 1000).toFixed(1)} s`],
    [
      "tool",
      `tdss ${report.tool.version ?? "?"} · suite ${report.tool.suiteHash ?? "?"} · ` +
        `contract ${report.tool.contractFingerprint}`,
    ],
    [
      "Credits",
      `${s.creditsSpent} spent of a ${s.creditsLimit}-Credit budget (worst case predicted ${s.creditsEstimated})` +
        (s.balanceBefore !== undefined ? `; balance ${s.balanceBefore} → ${s.balanceAfter ?? "?"}` : ""),
    ],
  ];
  const meter = `<meter id="budget" min="0" max="${s.creditsLimit}" value="${s.creditsSpent}"></meter>`;
  return `<dl class="facts">${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>${meter}`;
}

function interrupted(report: Report): string {
  const i = report.run.interrupted;
  const stopped = report.summary.stopped;
  const notRun = notRunLine(report);
  return [
    i
      ? `<p class="interrupted">Interrupted by ${esc(i.by)}: ${i.notRun.length} selected cases were not run` +
        `${i.notRun.length ? ` (${i.notRun.map(esc).join(", ")})` : ""}.</p>`
      : "",
    stopped
      ? `<p class="interrupted" id="stopped">Incomplete: ${esc(stopped.reason)}; ${stopped.notRun.length} cases were ` +
        `not run for it, and no verdict was given on them.</p>`
      : "",
    notRun ? `<p class="not-run">Cases ${esc(notRun)}: see each case's reason.</p>` : "",
  ].join("");
}

function areaTable(report: Report): string {
  const rows = byArea(report.cases).map((g) => {
    const credits = g.cases.reduce((t, c) => t + c.credits, 0);
    const c = g.counts;
    const cls = c.failed || c.drift ? "fail" : "pass";
    return (
      `<tr class="${cls}"><td>${esc(g.area)}</td><td>${c.passed}</td><td>${c.failed}</td><td>${c.skipped}</td>` +
      `<td>${c["expected-failure"]}</td><td>${c["unexpected-pass"]}</td><td>${c.drift}</td><td>${credits}</td></tr>`
    );
  });
  return (
    '<table class="areas"><thead><tr><th>area</th><th>passed</th><th>failed</th><th>skipped</th>' +
    "<th>expected failures</th><th>unexpected passes</th><th>drift</th><th>Credits</th></tr></thead>" +
    `<tbody>${rows.join("")}</tbody></table>`
  );
}

/** Warnings a case carries: a `warnings` list where the report has one, drift and unexpected passes. */
function caseWarnings(c: CaseResult): string[] {
  const listed = (c as { warnings?: readonly unknown[] }).warnings ?? [];
  const own = listed.map((w) =>
    typeof w === "string" ? w : ((w as { message?: string }).message ?? JSON.stringify(w)),
  );
  if (c.status === "unexpected-pass") own.push(`listed as expected to fail (${c.reason ?? ""}) but passed`);
  return own;
}

function caseBlock(c: CaseResult, worstCase: number | undefined): string {
  const failing = c.status === "failed" || c.status === "drift";
  const warnings = caseWarnings(c);
  const attrs = [
    `data-id="${esc(c.id)}"`,
    `data-status="${c.status}"`,
    `data-failed="${failing ? 1 : 0}"`,
    `data-warnings="${warnings.length || c.status === "drift" ? 1 : 0}"`,
    `data-area="${esc(c.area)}"`,
    `data-tags="${esc(c.tags.join(" "))}"`,
    `data-clauses="${esc(c.clauses.join(" "))}"`,
  ].join(" ");
  const budget = worstCase !== undefined ? ` of ${worstCase} at worst` : "";
  const summary =
    `<summary><span class="badge ${c.status}">${STATUS_LABEL[c.status]}</span> <b>${esc(c.id)}</b> ` +
    `${esc(c.title)} <span class="credits">${c.credits} Cr${budget} · ${c.durationMs} ms</span></summary>`;
  const parts = [
    `<p class="clauses">Clauses: ${c.clauses.map((id) => `<code>${esc(id)}</code>`).join(" ")}</p>`,
    c.reason && c.status !== "passed" ? `<p class="reason">${esc(c.reason)}</p>` : "",
    warnings.length ? `<ul class="case-warnings">${warnings.map((w) => `<li>${esc(w)}</li>`).join("")}</ul>` : "",
    failureSteps(c),
  ];
  const open = failing ? " open" : "";
  return `<details class="case" ${attrs}${open}>${summary}${parts.filter(Boolean).join("")}</details>`;
}

function failureSteps(c: CaseResult): string {
  const steps = new Map<string, CaseFailure[]>();
  for (const f of c.failures) steps.set(f.step, [...(steps.get(f.step) ?? []), f]);
  const clauses = loadContract().clauses;
  return [...steps]
    .map(([step, failures]) => {
      const items = failures.map((f) => {
        const broken = f.clauses ?? c.clauses;
        const ids = broken.map((id) => `<code>${esc(id)}</code>`).join(" ");
        const values = [
          ...consequenceLines(f).map((line) => `<div class="consequence">${esc(line)}</div>`),
          f.expected !== undefined ? `<div>expected: <code>${esc(f.expected)}</code></div>` : "",
          f.actual !== undefined ? `<div>actual: <code>${esc(f.actual)}</code></div>` : "",
          broken.length > 3
            ? `<details class="broken"><summary>breaks ${broken.length} clauses</summary>${ids}</details>`
            : ids
              ? `<div class="broken">breaks ${ids}</div>`
              : "",
        ];
        return `<li class="failure"><b>${esc(f.check)}</b>: ${esc(f.message)}${values.join("")}</li>`;
      });
      // Each clause the step's failures break, quoted once from spec/clauses.yaml.
      const quoted = [...new Set(failures.flatMap((f) => f.clauses ?? c.clauses))].map((id) => {
        const clause = clauses.get(id);
        const text = clause?.quote ?? "";
        const where = `(§${esc(clause?.section ?? "?")})`;
        return `<blockquote class="clause"><code>${esc(id)}</code> ${where}: ${esc(text)}</blockquote>`;
      });
      const shows = [...new Set(failures.map((f) => f.exchange).filter((i): i is number => i !== undefined))];
      // The exchanges a failure is read against come after every exchange that shows a failure.
      const against = [...new Set(failures.flatMap((f) => f.related ?? []))].filter((i) => !shows.includes(i));
      const block = (role?: string) => (i: number) => {
        const e = c.exchanges?.[i];
        return e ? exchangeBlock(e, role) : "";
      };
      const curlOnly = !shows.some((i) => c.exchanges?.[i]) && failures[0]?.curl ? curlBlock(failures[0].curl) : "";
      const evidence = shows.map(block()).join("") + against.map(block("read against")).join("") + curlOnly;
      const list = `<ul>${items.join("")}</ul>`;
      return `<section class="step"><h4>${esc(step)}</h4>${list}${quoted.join("")}${evidence}</section>`;
    })
    .join("");
}

function curlBlock(curl: string): string {
  return `<div class="curl"><button type="button" class="copy">Copy curl</button><pre>${esc(curl)}</pre></div>`;
}

function bodyBlock(label: string, body: RecordedBody | undefined): string {
  if (!body) return "";
  const mark = body.truncated
    ? `<p class="truncated">… truncated: ${body.truncated.shownBytes} of ${body.bytes} bytes kept</p>`
    : "";
  const head = `<div class="label">${esc(label)} (${body.bytes} bytes)</div>`;
  return `<div class="body">${head}<pre>${esc(body.text)}</pre>${mark}</div>`;
}

function headerLines(headers: Readonly<Record<string, string>> | undefined): string {
  return headers
    ? `<pre class="headers">${esc(
        Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n"),
      )}</pre>`
    : "";
}

/** One exchange: its curl, what was sent and what came back; `role` says why one beside the failing one is shown. */
function exchangeBlock(e: RecordedExchange, role?: string): string {
  const request =
    `<div class="request"><div class="label">${esc(e.request.method)} ${esc(e.request.url)}</div>` +
    `${headerLines(e.request.headers)}${bodyBlock("request body", e.request.body)}</div>`;
  const r = e.response;
  const response = r
    ? `<div class="response"><div class="label">HTTP ${r.status ?? "?"} · ${e.durationMs} ms</div>` +
      headerLines(r.headers) +
      `${bodyBlock("response body", r.body)}</div>`
    : `<div class="response"><div class="label">no response: ${esc(e.error ?? "none")}</div></div>`;
  const label = role ? `<div class="label">${esc(role)}</div>` : "";
  return `<div class="exchange">${label}${curlBlock(e.curl)}${request}${response}</div>`;
}

/**
 * The deployment's choices (src/report/choices.ts), one row each: the choice, what the specification says and
 * what the deployment did in words; a shortened value opens on the whole value as report.json keeps it.
 */
function choicesTable(report: Report): string {
  const table = choiceTable(report.observed);
  const row = (r: ChoiceRow) => {
    const where = [r.section ? `§${esc(r.section)}` : "", r.clause ? `<code>${esc(r.clause)}</code>` : ""]
      .filter(Boolean)
      .join(" ");
    const whole = r.shortened
      ? `<details><summary>the whole value</summary><pre>${esc(report.observed[r.topic]?.value)}</pre></details>`
      : "";
    return (
      `<tr class="choice" data-topic="${esc(r.topic)}"><td>${esc(r.label)}<br><code>${esc(r.topic)}</code></td>` +
      `<td>${where ? `${where}: ` : ""}${esc(r.spec)}</td><td>${esc(r.does)}${whole}</td></tr>`
    );
  };
  if (!table.choices.length && !table.aboutRun.length) return "";
  const aboutRun = table.aboutRun.length
    ? `<p>Recorded about the run itself, not a choice: ${table.aboutRun
        .map((r) => `${esc(r.label)}: ${esc(r.does)}`)
        .join("; ")}.</p>`
    : "";
  return (
    `<h2 id="choices">The deployment's choices</h2>` +
    "<p>What the deployment did where the specification leaves it open: never a failure.</p>" +
    '<table class="choices"><thead><tr><th>choice</th><th>what the specification says</th>' +
    `<th>what the deployment does</th></tr></thead><tbody>${table.choices.map(row).join("")}</tbody></table>` +
    aboutRun
  );
}

function coverageTable(report: Report): string {
  const m = report.coverage.must;
  const rows = report.coverage.clauses.map(
    (c) =>
      `<tr class="clause-row ${c.status}" data-clause="${esc(c.id)}" data-area="${esc(c.area)}">` +
      `<td><code>${esc(c.id)}</code></td><td>§${esc(c.section)}</td><td>${esc(c.kind)}</td><td>${esc(c.status)}</td>` +
      `<td>${c.cases.map(esc).join(" ")}</td></tr>`,
  );
  return (
    `<h2>Clause coverage</h2><p><code>must</code> clauses: ${m.cited} of ${m.total} cited by a case; ` +
    `${m.passed} passed, ${m.failed} failed, ${m.notRun} not run.</p>` +
    '<table class="coverage"><thead><tr><th>clause</th><th>section</th><th>kind</th>' +
    `<th>status</th><th>cases</th></tr></thead><tbody>${rows.join("")}</tbody></table>`
  );
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:0 16px 48px;color:#1d2327}
h1{margin:0;font-size:22px}h2{margin-top:28px;border-bottom:1px solid #ddd}h4{margin:8px 0 4px}
.verdict{padding:14px 16px;border-radius:6px;margin:16px 0}.verdict.pass{background:#e6f4ea}
.verdict.fail{background:#fce8e6}.verdict.other{background:#fef7e0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px}dt{font-weight:600}
dd{margin:0;word-break:break-all}meter{width:320px}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}
tr.fail td:first-child,tr.failed td{background:#fce8e6}
#filters{display:flex;flex-wrap:wrap;gap:12px;align-items:center;position:sticky;top:0;background:#fff;
padding:8px 0;z-index:1}
.case{border:1px solid #ddd;border-radius:4px;margin:4px 0;padding:4px 8px}.case summary{cursor:pointer}
.badge{display:inline-block;min-width:44px;text-align:center;border-radius:3px;font:12px monospace;padding:1px 4px}
.badge.passed{background:#e6f4ea}.badge.failed,.badge.drift{background:#d93025;color:#fff}
.badge.skipped{background:#eee}
.badge.expected-failure,.badge.unexpected-pass{background:#fbbc04}
.credits{color:#5f6368;white-space:nowrap;margin-left:8px}
pre{white-space:pre-wrap;word-break:break-all;background:#f6f8fa;padding:6px;margin:4px 0;max-height:360px;
overflow:auto}
blockquote.clause{margin:4px 0 4px 12px;border-left:3px solid #d93025;padding-left:8px;color:#3c4043}
.label{font-weight:600;margin-top:6px}.truncated,.interrupted{color:#b06000;font-weight:600}.copy{float:right}
.exchange{border-top:1px dashed #ccc;margin-top:6px}
`;

const SCRIPT = `
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var cases = Array.prototype.slice.call(document.querySelectorAll(".case"));
  var rows = Array.prototype.slice.call(document.querySelectorAll(".clause-row"));
  function apply() {
    var failed = $("f-failed").checked, warnings = $("f-warnings").checked;
    var area = $("f-area").value, tag = $("f-tag").value, clause = $("f-clause").value.trim();
    var shown = 0;
    cases.forEach(function (el) {
      var d = el.dataset;
      var ok = (!failed || d.failed === "1") && (!warnings || d.warnings === "1") && (!area || d.area === area) &&
        (!tag || d.tags.split(" ").indexOf(tag) >= 0) &&
        (!clause || d.clauses.split(" ").some(function (c) { return c.indexOf(clause) >= 0; }));
      el.hidden = !ok;
      if (ok) shown++;
    });
    rows.forEach(function (row) {
      row.hidden = (clause && row.dataset.clause.indexOf(clause) < 0) || (failed && !row.classList.contains("failed"));
    });
    $("shown").textContent = shown + " of " + cases.length + " cases shown";
  }
  ["f-failed", "f-warnings", "f-area", "f-tag", "f-clause"].forEach(function (id) {
    $(id).addEventListener("input", apply);
    $(id).addEventListener("change", apply);
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest(".copy") : null;
    if (!button) return;
    var text = button.parentNode.querySelector("pre").textContent;
    var done = function () { button.textContent = "Copied"; };
    var fallback = function () {
      var area = document.createElement("textarea");
      area.value = text; document.body.appendChild(area); area.select();
      try { document.execCommand("copy"); done(); } finally { area.remove(); }
    };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, fallback); else fallback();
  });
  apply();
})();
`;
