import type { MutantRow, SelftestReport } from "./matrix.js";
import { DATASET_PROFILES, type ProfileName } from "./plan.js";

const LABEL = { killed: "killed  ", survived: "SURVIVED", error: "ERROR   " } as const;

function sizes(profile: ProfileName): string {
  const p = DATASET_PROFILES[profile];
  return `${p.people.toLocaleString("en-US")} people, ${p.jobs} jobs, ${p.companies} companies`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function list(items: readonly string[], max: number): string {
  return items.length <= max ? items.join(", ") : `${items.slice(0, max).join(", ")} (+${items.length - max})`;
}

/** One line per finished mutant, for progress. */
/** The cases that killed a mutant and the checks that failed, or how many cases it survived. */
function killers(m: MutantRow): string {
  return m.killedBy.map((k) => `\`${k.case}\` (${k.checks.join(", ")})`).join("<br>") || `none of ${m.casesRun} cases`;
}

export function formatMutantLine(row: MutantRow): string {
  const why =
    row.status === "killed"
      ? `by ${list(
          row.killedBy.map((k) => k.case),
          3,
        )}`
      : row.status === "error"
        ? row.error
        : `by none of ${row.casesRun} cases`;
  return `  ${LABEL[row.status]}  ${row.id.padEnd(40)} ${row.clause.padEnd(40)} ${why}`;
}

function summaryLine(report: SelftestReport): string {
  const s = report.summary;
  return (
    `${s.mutants} mutants: ${s.killed} killed, ${s.survived} survived${s.errors ? `, ${s.errors} errors` : ""}; ` +
    `${s.killingCases} of ${s.cases} cases kill at least one; correct server: ${s.correctFailures} failing ` +
    `case${s.correctFailures === 1 ? "" : "s"}. ` +
    `${seconds(report.durationMs)} ` +
    `on ${report.workers ? `${report.workers} worker thread${report.workers === 1 ? "" : "s"}` : "one thread"}.`
  );
}

/** The console form of the kill matrix: correct server, per mutant, per case, summary. */
export function formatConsole(report: SelftestReport): string {
  const out: string[] = [];
  for (const run of report.correct) {
    out.push(
      `Correct reference server (${run.profile}: ${sizes(run.profile)}): ` +
        (run.error ? `ERROR ${run.error}` : `${run.casesRun - run.failures.length} of ${run.casesRun} cases pass`),
    );
    for (const f of run.failures) out.push(`  FAILS  ${f.case}: ${f.message ?? f.status}`);
    for (const w of run.warnings) out.push(`  warning ${w}`);
  }
  out.push("", "Per mutant:");
  for (const row of report.mutants) out.push(formatMutantLine(row));
  out.push("", "Per case (the mutants it kills; cases that ran against none are left out):");
  const width = Math.max(...report.cases.map((c) => c.id.length), 10);
  for (const c of report.cases) {
    if (c.ranAgainst === 0) continue;
    out.push(
      `  ${c.id.padEnd(width)}  ` +
        (c.kills.length
          ? `kills ${c.kills.length} of ${c.ranAgainst}: ${list(c.kills, 4)}`
          : `kills none of ${c.ranAgainst}`),
    );
  }
  out.push("", summaryLine(report));
  return `${out.join("\n")}\n`;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The Markdown form (matrix.md): summary, correct server, per mutant, per case. */
export function formatMarkdown(report: SelftestReport): string {
  const s = report.summary;
  const out: string[] = [
    "# tdss selftest: kill matrix",
    "",
    s.exitCode === 0
      ? "Every mutant killed; every case passes against the correct server."
      : "**Not clean**: a mutant survived, errored, or a case fails against the correct server.",
    "",
    "| mutants | killed | survived | errors | cases | cases that kill | failing on the correct server | time |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${s.mutants} | ${s.killed} | ${s.survived} | ${s.errors} | ${s.cases} | ${s.killingCases} ` +
      `| ${s.correctFailures} | ${seconds(report.durationMs)} |`,
    "",
    `Started ${report.startedAt}; datasets as of ${report.asOf}; ` +
      (report.selection.allCases
        ? "every case run against every mutant"
        : "each mutant runs the cases of its area and those citing its clause") +
      (report.selection.bail ? ", up to its first failing case (bail: later kills not named)" : "") +
      `${report.selection.only ? `; mutants matching \`${report.selection.only}\`` : ""}.`,
    "",
    "## Correct reference server",
    "",
    "| dataset | cases | failing | warnings |",
    "| --- | ---: | --- | --- |",
    ...report.correct.map(
      (r) =>
        `| ${r.profile} (${sizes(r.profile)}) | ${r.casesRun} ` +
        `| ${r.error ? `error: ${cell(r.error)}` : r.failures.map((f) => `\`${f.case}\``).join(", ") || "none"} ` +
        `| ${r.warnings.map(cell).join("; ") || "none"} |`,
    ),
    "",
    "## Per mutant",
    "",
    "| mutant | clause | area | dataset | status | killed by |",
    "| --- | --- | --- | --- | --- | --- |",
    ...report.mutants.map(
      (m) =>
        `| \`${m.id}\` | \`${m.clause}\` | ${m.area} | ${m.profile} ` +
        `| ${m.status === "killed" ? "killed" : `**${m.status}**`} ` +
        `| ${m.status === "error" ? cell(m.error ?? "") : killers(m)} |`,
    ),
    "",
    "## Per case",
    "",
    "| case | ran against | kills |",
    "| --- | ---: | --- |",
    ...report.cases.map((c) => `| \`${c.id}\` | ${c.ranAgainst} | ${c.kills.map((k) => `\`${k}\``).join(", ")} |`),
    "",
  ];
  return out.join("\n");
}
