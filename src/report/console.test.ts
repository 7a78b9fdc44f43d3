import { describe, expect, it } from "vitest";
import type { CaseResult } from "../runner/types.js";
import { fold, formatProgress } from "./console.js";

const failedCase = (messages: string[]): CaseResult => ({
  id: "detail/jobs-records",
  area: "detail",
  title: "t",
  clauses: [],
  tags: [],
  status: "failed",
  durationMs: 3,
  requests: 2,
  credits: 1,
  failures: messages.map((message, i) => ({ step: `step ${i + 1}`, check: "job-record", message })),
  warnings: [],
});

describe("console progress", () => {
  it("folds long text at spaces, never losing a character", () => {
    const text = `${"word ".repeat(60)}${"x".repeat(300)}`;
    const lines = fold(text, 50);
    expect(lines.every((l) => l.length <= 50)).toBe(true);
    expect(lines.join(" ").replace(/ +/g, " ").replaceAll(" ", "")).toBe(text.replaceAll(" ", ""));
  });

  it("shows the count and every failed check, folded, with the rest cut and counted", () => {
    const rest = "/data/results/9: must be string; ".repeat(40);
    const long = `/data/results/2: must have required property 'required_months'; ${rest}`;
    const out = formatProgress(failedCase([long, "second", "third"]), 3, 80);
    const lines = out.split("\n");
    expect(lines[0]).toBe("[ 3/80] FAIL  detail/jobs-records (3 ms, 1 Cr)");
    expect(lines[1]).toBe("        3 failed checks:");
    expect(lines[2]).toContain(
      "1) step 1 · job-record: /data/results/2: must have required property 'required_months';",
    );
    expect(lines.every((l) => l.length <= 8 + 110)).toBe(true);
    expect(out).toMatch(
      /\n {11}… \d+ more lines\n {8}2\) step 2 · job-record: second\n {8}3\) step 3 · job-record: third$/,
    );
  });

  it("says how many failed checks are not shown", () => {
    const out = formatProgress(failedCase(Array.from({ length: 14 }, (_, i) => `problem ${i + 1}`)), 1, 1);
    expect(out).toContain("14 failed checks:");
    expect(out).toContain("10) step 10 · job-record: problem 10");
    expect(out).not.toContain("problem 11");
    expect(out).toMatch(/… 4 more failed checks \(all are in report.json and summary.md\)$/);
  });
});
