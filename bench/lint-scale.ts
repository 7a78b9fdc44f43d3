/**
 * npm run bench:lint (second part) — how lint time grows with the input: the median time of
 * lint() and of lint() plus the JSON report (--format json), at nesting depths 1k, 2k, 4k, 8k (a
 * chain of `not`) and at input sizes 1, 10, 50 MB (an `all` of leaves on one field, every other
 * one repeated: the duplicate-sibling rule, its fixes and the report all scale with it), side by
 * side with the ratio to the smallest input. Linear growth shows as a time ratio close to the input
 * ratio (docs/lint.md, "Robustness").
 */
import { formatReport } from "../src/linter/format/index.js";
import { lint } from "../src/linter/lint.js";

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function measure(
  text: string,
  rounds: number,
): Promise<{ lintMs: number; reportMs: number; reportBytes: number; diagnostics: number }> {
  const lintTimes: number[] = [];
  const reportTimes: number[] = [];
  let reportBytes = 0;
  let diagnostics = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const found = lint(text);
    const t1 = performance.now();
    const report = await formatReport("json", [{ file: "bench.json", diagnostics: found }]);
    const t2 = performance.now();
    lintTimes.push(t1 - t0);
    reportTimes.push(t2 - t0);
    reportBytes = report.length;
    diagnostics = found.length;
  }
  return { lintMs: median(lintTimes), reportMs: median(reportTimes), reportBytes, diagnostics };
}

function deep(depth: number): string {
  return `{"where": ${'{"not": '.repeat(depth)}{"field": "city", "eq": "Berlin"}${"}".repeat(depth)}}`;
}

/** An `all` of leaves on one field of about `bytes` bytes, every other leaf a repeat of the one before. */
function wide(bytes: number): string {
  const parts: string[] = [];
  let size = 20;
  for (let i = 0; size < bytes; i++) {
    const leaf = `{"field": "city", "eq": "c${i >> 1}"}`;
    parts.push(leaf);
    size += leaf.length + 2;
  }
  return `{"where": {"all": [${parts.join(", ")}]}}`;
}

function row(cells: readonly (string | number)[], widths: readonly number[]): string {
  return cells.map((c, i) => String(c).padStart(widths[i]!)).join("  ");
}

async function table(
  title: string,
  unit: string,
  cases: readonly { label: string; size: number; text: string }[],
  rounds: number,
): Promise<void> {
  console.log(`\n${title}`);
  const widths = [8, 10, 10, 10, 12, 12, 12, 10];
  console.log(row([unit, "input", "ratio", "lint ms", "lint ratio", "+json ms", "+json ratio", "report"], widths));
  let base: { size: number; lintMs: number; reportMs: number } | undefined;
  for (const c of cases) {
    const m = await measure(c.text, rounds);
    base ??= { size: c.size, lintMs: m.lintMs, reportMs: m.reportMs };
    console.log(
      row(
        [
          c.label,
          `${(c.text.length / 1e6).toFixed(2)} MB`,
          `${(c.size / base.size).toFixed(1)}x`,
          m.lintMs.toFixed(1),
          `${(m.lintMs / base.lintMs).toFixed(1)}x`,
          m.reportMs.toFixed(1),
          `${(m.reportMs / base.reportMs).toFixed(1)}x`,
          `${(m.reportBytes / 1e6).toFixed(2)} MB`,
        ],
        widths,
      ),
    );
  }
}

async function main(): Promise<void> {
  lint(deep(10));
  lint(wide(10_000));
  console.log("lint scale: median of rounds; ratios against the first row (linear growth: lint ratio ~ input ratio)");
  await table(
    "nesting depth (a chain of not; refused at depth 65, the rest is read, not visited)",
    "depth",
    [1000, 2000, 4000, 8000].map((d) => ({ label: `${d / 1000}k`, size: d, text: deep(d) })),
    9,
  );
  await table(
    "input size (an all of leaves on one field, half of them repeats: duplicate-sibling reports and fixes each)",
    "size",
    [1, 10, 50].map((mb) => ({ label: `${mb} MB`, size: mb, text: wide(mb * 1e6) })),
    3,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
