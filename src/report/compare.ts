import type { CaseStatus } from "../runner/types.js";
import { UNJUDGED } from "../runner/not-run.js";
import { choiceTable, type ChoiceRow } from "./choices.js";
import { choiceName, plain } from "./markdown.js";
import type { Report } from "./report.js";

const FAILING: ReadonlySet<CaseStatus> = new Set(["failed", "drift"]);

interface CaseChange {
  readonly id: string;
  readonly area: string;
  /** Status in the first report; absent when the case is only in the second. */
  readonly before?: CaseStatus;
  readonly after?: CaseStatus;
  /** The first failure of the second run, for new failures. */
  readonly message?: string;
}

interface ObservedChange {
  readonly topic: string;
  /** The choice as the reports name it (spec/catalog/choices.yaml). */
  readonly label: string;
  readonly before: unknown;
  readonly after: unknown;
  /** What the deployment did in each run, in words (src/report/choices.ts). */
  readonly words: { readonly before: string; readonly after: string };
}

/** A run that selected part of its suites: how, and the cases of the other run it did not select. */
interface PartialRun {
  readonly run: "A" | "B";
  /** How it selected, in words: "a --last-failed rerun of run `…`", "--only detail/*", "--tag smoke". */
  readonly how: string;
  readonly selected: number;
  /** How many cases its suites held (absent in reports written before it was recorded). */
  readonly of?: number;
  /** The other run's cases it did not select: left out of the comparison, not listed as only in the other run. */
  readonly notSelected: number;
}

interface AreaFigures {
  readonly area: string;
  readonly credits: { readonly before: number; readonly after: number };
  readonly durationMs: { readonly before: number; readonly after: number };
}

/** What changed from run A to run B (`tdss compare A B`). */
export interface Comparison {
  readonly a: { readonly file: string; readonly runId: string; readonly baseUrl: string; readonly startedAt: string };
  readonly b: { readonly file: string; readonly runId: string; readonly baseUrl: string; readonly startedAt: string };
  /** Failed or drifted in B, and not so in A (or not run there, or not known to A's suites). */
  readonly newFailures: readonly CaseChange[];
  /** Failed or drifted in A, passed in B. */
  readonly fixed: readonly CaseChange[];
  readonly stillFailing: readonly CaseChange[];
  /** Any other change of status (e.g. passed in A, skipped in B). */
  readonly otherChanges: readonly CaseChange[];
  /** Cases of A that B does not have, and B selected its whole suites (so its suites no longer hold them). */
  readonly onlyInA: readonly CaseChange[];
  readonly onlyInB: readonly CaseChange[];
  /**
   * The cases compared: those both runs selected. A run that selected part of its suites (`--last-failed`, `--only`,
   * `--tag`) is named in `partial`, and the other run's cases it did not select are counted there, not compared.
   */
  readonly compared: { readonly cases: number; readonly partial: readonly PartialRun[] };
  /**
   * The deployment's choices (`observed`, not what a run records about itself) both runs saw, whose value differs:
   * a vendor changed a default.
   */
  readonly observed: readonly ObservedChange[];
  /** The choices one run saw and the other did not (its selection met none of them: a --last-failed rerun). */
  readonly notCompared: readonly string[];
  readonly areas: readonly AreaFigures[];
  readonly totals: AreaFigures;
  /**
   * Why run B could not be completed (it stopped early, or cases were not run for the tester's key): its cases not
   * run have no verdict, so "no new failure" cannot be said of them.
   */
  readonly incomplete?: { readonly reason: string; readonly notRun: readonly string[] };
  /** 1 when something newly fails; else 2 when run B is incomplete; 0 otherwise. */
  readonly exitCode: 0 | 1 | 2;
}

/** Why a run could not be completed, from its report (reports written before these fields give undefined). */
function incompleteness(report: Report): Comparison["incomplete"] {
  const notRun = report.cases.filter((c) => c.notRun !== undefined && UNJUDGED.has(c.notRun)).map((c) => c.id);
  const interrupted = report.run.interrupted;
  if (interrupted)
    return {
      reason: `it was interrupted (${interrupted.by})`,
      notRun: [...new Set([...interrupted.notRun, ...notRun])],
    };
  const stopped = report.summary.stopped;
  if (stopped) return { reason: stopped.reason, notRun: [...new Set([...stopped.notRun, ...notRun])] };
  if (report.summary.exitCode === 2 && notRun.length)
    return {
      reason: "cases were not run for the tester's limits (no answer in time, the key's balance or rate)",
      notRun,
    };
  return undefined;
}

/** A value with list items in a fixed order: observed lists are filled in the order responses arrive. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

/** The deployment's choices a run saw, by topic, in words (what a run records about itself left out). */
function choiceRows(report: Report): Map<string, ChoiceRow> {
  return new Map(choiceTable(report.observed).choices.map((r) => [r.topic, r]));
}

/** How a run selected part of its suites, in words; undefined when it selected every case (or does not say). */
function partialSelection(report: Report): string | undefined {
  const s = report.run.selection ?? {};
  const how = [
    s.lastFailed ? `a --last-failed rerun of run \`${s.lastFailed.runId}\`` : "",
    s.only ? `--only ${s.only}` : "",
    s.tags?.length ? `--tag ${s.tags.join(",")}` : "",
  ].filter(Boolean);
  if (how.length) return how.join(", ");
  return s.cases ? "part of its suites" : undefined;
}

function figures(report: Report, compared: ReadonlySet<string>): Map<string, { credits: number; durationMs: number }> {
  const out = new Map<string, { credits: number; durationMs: number }>();
  for (const c of report.cases.filter((x) => compared.has(x.id))) {
    const f = out.get(c.area) ?? { credits: 0, durationMs: 0 };
    f.credits += c.credits;
    f.durationMs += c.durationMs;
    out.set(c.area, f);
  }
  return out;
}

/** The deployment's choices both runs saw whose value differs, and those one run saw and the other did not. */
function choiceChanges(a: Report, b: Report): Pick<Comparison, "observed" | "notCompared"> {
  const observed: ObservedChange[] = [];
  const notCompared: string[] = [];
  const rowsA = choiceRows(a);
  const rowsB = choiceRows(b);
  for (const topic of [...new Set([...rowsA.keys(), ...rowsB.keys()])].sort()) {
    const x = a.observed?.[topic];
    const y = b.observed?.[topic];
    if (x && y && canonical(x.value) === canonical(y.value)) continue;
    // A run sees a choice only where a case of its selection meets it (a --last-failed rerun meets few): a choice one
    // run did not see is not known to have changed.
    if (!x || !y) {
      notCompared.push(topic);
      continue;
    }
    observed.push({
      topic,
      label: rowsA.get(topic)!.label,
      before: x.value,
      after: y.value,
      words: { before: rowsA.get(topic)!.does, after: rowsB.get(topic)!.does },
    });
  }
  return { observed, notCompared };
}

type Run = { readonly file: string; readonly report: Report };

/**
 * The runs that selected part of their suites and left out cases the other run has: how, and how many. A run that
 * selected part of its suites says nothing of the other run's cases it did not select: they are left out and counted,
 * never listed as only in the other run.
 */
function partialRuns(a: Report, b: Report): PartialRun[] {
  const partial: PartialRun[] = [];
  const side = (run: "A" | "B", self: Report, other: Report) => {
    const how = partialSelection(self);
    const selected = new Set(self.cases.map((c) => c.id));
    const notSelected = other.cases.filter((c) => !selected.has(c.id)).length;
    // Two runs of one selection leave nothing out: no note.
    if (how === undefined || !notSelected) return;
    const of = self.run.selection?.of;
    partial.push({ run, how, selected: self.cases.length, ...(of !== undefined ? { of } : {}), notSelected });
  };
  side("A", a, b);
  side("B", b, a);
  return partial;
}

/** Each case both runs selected by how its status changed, and those one run's suites no longer hold. */
function caseChanges(
  a: Report,
  b: Report,
): Pick<Comparison, "newFailures" | "fixed" | "stillFailing" | "otherChanges" | "onlyInA" | "onlyInB"> {
  const before = new Map(a.cases.map((c) => [c.id, c]));
  const after = new Set(b.cases.map((c) => c.id));
  const [partialA, partialB] = [partialSelection(a) !== undefined, partialSelection(b) !== undefined];
  const changes = { newFailures: [], fixed: [], stillFailing: [], otherChanges: [], onlyInB: [] } as Record<
    "newFailures" | "fixed" | "stillFailing" | "otherChanges" | "onlyInB",
    CaseChange[]
  >;
  for (const c of b.cases) {
    const old = before.get(c.id);
    // A case A did not select (A a partial run) is not compared, even if it fails in B: it is counted in `partial`.
    if (!old && partialA) continue;
    const change: CaseChange = { id: c.id, area: c.area, ...(old ? { before: old.status } : {}), after: c.status };
    if (!old) changes.onlyInB.push(change);
    if (FAILING.has(c.status)) {
      const first = c.failures[0];
      const withMessage = {
        ...change,
        ...(first ? { message: `${first.step} · ${first.check}: ${first.message}` } : {}),
      };
      if (old && FAILING.has(old.status)) changes.stillFailing.push(withMessage);
      else changes.newFailures.push(withMessage);
    } else if (old && FAILING.has(old.status) && (c.status === "passed" || c.status === "unexpected-pass"))
      changes.fixed.push(change);
    else if (old && old.status !== c.status) changes.otherChanges.push(change);
  }
  const onlyInA = partialB
    ? []
    : a.cases.filter((c) => !after.has(c.id)).map((c): CaseChange => ({ id: c.id, area: c.area, before: c.status }));
  return { ...changes, onlyInA };
}

/**
 * Credits and durations per area and in total: of every case and the whole runs, or, when a run is partial, of the
 * cases both runs selected only (a rerun of 2 cases did not save what the other 101 cost).
 */
function areaFigures(a: Report, b: Report, compared: ReadonlySet<string> | undefined) {
  const all = new Set([...a.cases, ...b.cases].map((c) => c.id));
  const fa = figures(a, compared ?? all);
  const fb = figures(b, compared ?? all);
  const areas = [...new Set([...fa.keys(), ...fb.keys()])].map((area): AreaFigures => ({
    area,
    credits: { before: fa.get(area)?.credits ?? 0, after: fb.get(area)?.credits ?? 0 },
    durationMs: { before: fa.get(area)?.durationMs ?? 0, after: fb.get(area)?.durationMs ?? 0 },
  }));
  const sum = (f: Map<string, { credits: number; durationMs: number }>, k: "credits" | "durationMs") =>
    [...f.values()].reduce((t, x) => t + x[k], 0);
  const totals: AreaFigures = compared
    ? {
        area: "total",
        credits: { before: sum(fa, "credits"), after: sum(fb, "credits") },
        durationMs: { before: sum(fa, "durationMs"), after: sum(fb, "durationMs") },
      }
    : {
        area: "total",
        credits: { before: a.summary.creditsSpent, after: b.summary.creditsSpent },
        durationMs: { before: a.run.durationMs, after: b.run.durationMs },
      };
  return { areas, totals };
}

export function compareReports(a: Run, b: Run): Comparison {
  const changes = caseChanges(a.report, b.report);
  const partial = partialRuns(a.report, b.report);
  const inB = new Set(b.report.cases.map((c) => c.id));
  const both = new Set(a.report.cases.filter((c) => inB.has(c.id)).map((c) => c.id));
  const { observed, notCompared } = choiceChanges(a.report, b.report);
  const incomplete = incompleteness(b.report);
  const run = (x: Run) => ({
    file: x.file,
    runId: x.report.run.id,
    baseUrl: x.report.run.baseUrl,
    startedAt: x.report.run.startedAt,
  });
  return {
    a: run(a),
    b: run(b),
    ...changes,
    compared: { cases: both.size, partial },
    observed,
    notCompared,
    ...areaFigures(a.report, b.report, partial.length ? both : undefined),
    ...(incomplete ? { incomplete } : {}),
    exitCode: changes.newFailures.length ? 1 : incomplete ? 2 : 0,
  };
}

const delta = (x: number, y: number) => (y === x ? "±0" : y > x ? `+${y - x}` : `${y - x}`);
/** Text cut to `max` characters, with a mark saying how long it was. */
const cutText = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… [cut: ${max} of ${text.length} characters shown]` : text;
const code = (text: string) => `\`${text.replaceAll("`", "'").replace(/\r?\n/g, " ").replaceAll("|", "\\|")}\``;

/** The comparison as Markdown (the default output of `tdss compare`). */
const seconds = (ms: number) => `${ms >= 0 ? "+" : ""}${(ms / 1000).toFixed(1)}`;

/** The section of the choices that changed, as summary.md names and describes them. */
function choiceLines(c: Comparison): string[] {
  const out: string[] = [];
  if (c.observed.length) {
    out.push(
      "## Observed choices that changed",
      "",
      "| choice | A | B |",
      "| --- | --- | --- |",
      ...c.observed.map((o) => `| ${choiceName(o)} | ${plain(o.words.before)} | ${plain(o.words.after)} |`),
      "",
    );
  }
  if (c.notCompared.length)
    out.push(
      `${c.notCompared.length} choices seen by one run only were not compared: the other run's cases did not ` +
        `meet them (${c.notCompared.map((t) => `\`${t}\``).join(", ")}).`,
      "",
    );
  return out;
}

/** A note per run that selected part of its suites: how, and which cases the comparison leaves out for it. */
function partialLines(c: Comparison): string[] {
  return c.compared.partial.flatMap((p) => {
    const other = p.run === "A" ? "B" : "A";
    const of = p.of !== undefined ? ` of the ${p.of} its suites held` : "";
    const left = p.notSelected
      ? ` The ${p.notSelected} case${p.notSelected === 1 ? "" : "s"} of ${other} that ${p.run} did not select ` +
        `${p.notSelected === 1 ? "is" : "are"} left out, not listed as only in ${other}.`
      : "";
    return [
      `> **Run ${p.run} is a partial run:** ${p.how}; it selected ${p.selected} case${p.selected === 1 ? "" : "s"}` +
        `${of}.${left}`,
      "",
    ];
  });
}

export function renderComparison(c: Comparison): string {
  const n = c.newFailures.length;
  const headline = n
    ? `${n} new failure${n === 1 ? "" : "s"}`
    : c.incomplete
      ? "run B is incomplete"
      : "no new failure";
  const k = c.compared.cases;
  const scope = c.compared.partial.length
    ? ` (${k} case${k === 1 ? "" : "s"} compared: the ${k === 1 ? "one" : "ones"} both runs selected)`
    : "";
  const out = [
    `# tdss compare: ${headline}${scope}`,
    "",
    ...partialLines(c),
    ...(c.incomplete
      ? [
          `> **Run B is incomplete:** ${c.incomplete.reason}; ${c.incomplete.notRun.length} cases were not run ` +
            `and have no verdict${c.incomplete.notRun.length ? ` (${c.incomplete.notRun.map(code).join(", ")})` : ""}.`,
          "",
        ]
      : []),
    `- A: run \`${c.a.runId}\` against \`${c.a.baseUrl}\` (${c.a.file})`,
    `- B: run \`${c.b.runId}\` against \`${c.b.baseUrl}\` (${c.b.file})`,
    "",
    `**${n} new failures, ${c.fixed.length} fixed, ${c.stillFailing.length} still failing, ` +
      `${c.otherChanges.length} other changes, ${c.onlyInA.length} only in A, ${c.onlyInB.length} only in B, ` +
      `${c.observed.length} observed choices changed.**`,
    "",
  ];
  const list = (title: string, items: readonly CaseChange[], withMessage = false) => {
    if (!items.length) return;
    out.push(`## ${title}`, "");
    for (const i of items)
      out.push(
        `- \`${i.id}\`: ${i.before ?? "not run"} → ${i.after ?? "not run"}` +
          (withMessage && i.message ? `: ${code(cutText(i.message, 300))}` : ""),
      );
    out.push("");
  };
  list("New failures", c.newFailures, true);
  list("Fixed", c.fixed);
  list("Still failing", c.stillFailing, true);
  list("Other changes", c.otherChanges);
  list("Only in A", c.onlyInA);
  list("Only in B", c.onlyInB);
  out.push(...choiceLines(c));
  out.push(
    "## Credits and duration per area",
    "",
    "| area | Credits A | Credits B | Δ | seconds A | seconds B | Δ s |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  const s = (ms: number) => (ms / 1000).toFixed(1);
  for (const f of [...c.areas, c.totals]) {
    const name = f.area === "total" ? "**total**" : f.area;
    out.push(
      `| ${name} | ${f.credits.before} | ${f.credits.after} | ${delta(f.credits.before, f.credits.after)} | ` +
        `${s(f.durationMs.before)} | ${s(f.durationMs.after)} | ${seconds(f.durationMs.after - f.durationMs.before)} |`,
    );
  }
  out.push(
    "",
    c.compared.partial.length
      ? "Credits and seconds are those of the cases both runs selected; seconds add up the cases' own durations."
      : "Per-area seconds add up the cases' own durations (cases run concurrently); " +
          "the total is the run's wall-clock time.",
    "",
  );
  return out.join("\n");
}
