import { describe, expect, it } from "vitest";
import { formatConsole, formatMarkdown, formatMutantLine } from "./format.js";
import type { MutantRow, SelftestReport } from "./matrix.js";

const row = (over: Partial<MutantRow>): MutantRow => ({
  id: "envelope-x",
  clause: "s4-envelope-code-200-msg-ok",
  area: "envelope",
  description: "msg | code",
  profile: "small",
  status: "killed",
  casesRun: 3,
  killedBy: [{ case: "envelope/a", checks: ["envelope"] }],
  durationMs: 10,
  ...over,
});

const report = (mutants: MutantRow[]): SelftestReport => ({
  tool: "tdss selftest",
  startedAt: "2026-01-02T03:04:05.000Z",
  durationMs: 12_345,
  workers: 2,
  selection: { allCases: false },
  asOf: "2026-01-02",
  profiles: { small: { people: 300, jobs: 150, companies: 120 } },
  summary: {
    mutants: mutants.length,
    killed: 1,
    survived: 1,
    errors: 1,
    cases: 2,
    killingCases: 1,
    correctFailures: 1,
    exitCode: 1,
  },
  correct: [
    {
      profile: "small",
      casesRun: 2,
      failures: [{ case: "envelope/b", status: "failed", checks: ["envelope"], message: "step 1 · envelope: a | b" }],
      warnings: ["envelope/a: step 1 · envelope (s4-x): a | b"],
      durationMs: 5,
    },
  ],
  mutants,
  cases: [
    { id: "envelope/a", area: "envelope", ranAgainst: 3, kills: ["envelope-x"] },
    { id: "envelope/b", area: "envelope", ranAgainst: 0, kills: [] },
  ],
});

describe("kill matrix formats", () => {
  const rows = [
    row({}),
    row({ id: "envelope-y", status: "survived", killedBy: [] }),
    row({ id: "envelope-z", status: "error", killedBy: [], error: "cannot listen" }),
  ];

  it("gives each mutant one console line saying what killed it, or that nothing did", () => {
    expect(formatMutantLine(rows[0]!)).toMatch(
      /^ {2}killed {4}envelope-x +s4-envelope-code-200-msg-ok +by envelope\/a$/,
    );
    expect(formatMutantLine(rows[1]!)).toMatch(/SURVIVED {2}envelope-y .* by none of 3 cases$/);
    expect(formatMutantLine(rows[2]!)).toMatch(/ERROR {5}envelope-z .* cannot listen$/);
  });

  it("prints the correct server's failures, per mutant, per case (only cases that ran) and the summary", () => {
    const text = formatConsole(report(rows));
    expect(text).toContain("Correct reference server (small: 300 people, 150 jobs, 120 companies): 1 of 2 cases pass");
    expect(text).toContain("  FAILS  envelope/b: step 1 · envelope: a | b");
    expect(text).toContain("  warning envelope/a: step 1 · envelope (s4-x): a | b");
    expect(text).toMatch(/envelope\/a +kills 1 of 3: envelope-x/);
    expect(text).not.toMatch(/envelope\/b +kills/);
    expect(text).toContain(
      "3 mutants: 1 killed, 1 survived, 1 errors; 1 of 2 cases kill at least one; correct server: 1 failing " +
        "case. 12.3 s on 2 worker threads.",
    );
  });

  it("writes Markdown tables whose cells cannot break on a pipe", () => {
    const md = formatMarkdown(report(rows));
    expect(md).toContain("**Not clean**");
    expect(md).toContain("| 3 | 1 | 1 | 1 | 2 | 1 | 1 | 12.3 s |");
    expect(md).toContain(
      "| `envelope-x` | `s4-envelope-code-200-msg-ok` | envelope | small | killed | `envelope/a` (envelope) |",
    );
    expect(md).toContain(
      "| `envelope-y` | `s4-envelope-code-200-msg-ok` | envelope | small | **survived** | none of 3 cases |",
    );
    expect(md).toContain("| `envelope/b` | 0 |  |");
    expect(md).toContain(
      "| small (300 people, 150 jobs, 120 companies) | 2 | `envelope/b` " +
        "| envelope/a: step 1 · envelope (s4-x): a \\| b |",
    );
    for (const line of md.split("\n").filter((l) => l.startsWith("| `envelope-")))
      expect(line.split(/(?<!\\)\|/).length).toBe(8);
  });

  it("says when each mutant's run stopped at its first failing case", () => {
    expect(formatMarkdown(report([row({})]))).not.toContain("bail");
    const bailed = { ...report([row({})]), selection: { allCases: false, bail: true } };
    expect(formatMarkdown(bailed)).toContain(
      "each mutant runs the cases of its area and those citing its clause, up to its first failing case (bail",
    );
  });
});
