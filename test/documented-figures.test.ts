import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../src/contract/root.js";
import { planRun } from "../src/runner/run.js";
import { loadAllSuites } from "../src/runner/suites.js";

/**
 * The figures of the default suite that the README and docs/ state in prose (how many cases `npm start` runs,
 * the plan's worst case in Credits) are the suite's own: a case added to suites/ otherwise leaves each of them
 * stale, and a reader sizing `--max-credits` from the README gets a limit the plan no longer fits. Measured
 * figures (seconds, Credits spent) are left to docs/benchmarks.md, which dates them.
 */
const root = packageRoot();
const read = (file: string) => readFileSync(join(root, file), "utf8");

describe("the default suite's figures in the documentation", () => {
  const cases = loadAllSuites();
  const plan = planRun(cases, { maxCredits: 0 });

  it.each([
    ["README.md", /`npm start` runs (\d+) cases/, cases.length],
    ["README.md", /default suite's worst case is (\d+) Credits/, plan.worstCase],
    ["docs/design.md", /built: (\d+) cases; `npm start` passes/, cases.length],
    ["docs/run.md", /whole default suite \((\d+) cases\)/, cases.length],
    ["docs/run.md", /whole default suite \(\d+ cases\) predicts at most (\d+)/, plan.worstCase],
  ] as const)("%s: %s", (file, pattern, actual) => {
    const text = read(file).replace(/\s+/g, " ");
    const found = pattern.exec(text);
    expect(found, `${file} no longer says ${pattern.source}`).not.toBeNull();
    expect(Number(found![1]), `${file}: ${found![0]}`).toBe(actual);
  });
});
