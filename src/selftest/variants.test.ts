import { describe, expect, it } from "vitest";
import { dayString, todayDay } from "../reference/days.js";
import { VARIANTS } from "../reference/variants/index.js";
import { loadSuites } from "../runner/suites.js";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as fromSources from "./variants.js";

/**
 * The build of this module when `npm test` has made it (pretest): its worker threads run two servers side by side,
 * and the runs that wait on a rate limit or latency on threads of their own (src/selftest/pool.ts); from the sources
 * alone the servers run one after another here.
 */
const BUILT = fileURLToPath(new URL("../../dist/src/selftest/variants.js", import.meta.url));
const { formatVariantLine, formatVariantsMarkdown, runVariants, variantRow } = (
  existsSync(BUILT) ? await import(BUILT) : fromSources
) as typeof fromSources;

const asOf = dayString(todayDay(new Date()));

/**
 * The variants a combination holds at once (src/reference/variants/deployment.ts) are run here through the
 * combination, every other variant alone: a check that gives a false failure on a part fails its combination too,
 * where the parts interact besides. `tdss selftest` (`npm run selftest`) runs every part alone as well
 * (docs/selftest.md), which `npm test` leaves out for its time.
 */
const combined = new Set(VARIANTS.flatMap((v) => v.parts ?? []));
const gate = VARIANTS.filter((v) => !combined.has(v.id));

/**
 * The other half of the project's quality gate: the suites pass every legal alternative of the reference with
 * zero failures (docs/variants.md). That the correct reference gives no warning either is held in
 * src/selftest/selftest.test.ts, which runs it.
 */
describe("tdss selftest over every variant", () => {
  it("leaves out of the gate only variants a combination in it holds", () => {
    expect(combined.size).toBeGreaterThan(20);
    for (const id of combined)
      expect(
        VARIANTS.map((v) => v.id),
        id,
      ).toContain(id);
    const combinations = gate.filter((v) => v.parts);
    expect(combinations.map((v) => v.id).sort()).toEqual([
      "deployment-api-framework",
      "deployment-other-stack",
      "deployment-realistic",
      "deployment-strict-reading",
    ]);
    expect(new Set(combinations.flatMap((v) => v.parts!))).toEqual(combined);
  });

  it("passes every case against every variant; warnings only where a reading is at stake", async () => {
    const cases = loadSuites();
    const report = await runVariants({ cases, asOf, variants: gate, workers: existsSync(BUILT) ? 2 : 0 });
    const failed = report.variants.filter((v) => v.status !== "passed").map(formatVariantLine);
    expect(failed).toEqual([]);
    expect(report.summary).toMatchObject({ variants: gate.length, passed: gate.length, failed: 0, errors: 0 });
    // A combination that makes a reading's choice differently is seen to: its warnings name the reading's clause.
    // Loose tool schemas (mcp-loose-tool-schemas) and operators beyond §2.2's groups (query-operators-beyond-table)
    // are parts of deployment-other-stack.
    const other = report.variants.find((v) => v.id === "deployment-other-stack")!;
    expect(other.warnings.some((w) => w.message.includes("s4-1-tool-schema-direction"))).toBe(true);
    // An operator outside its §2.2 group is refused only under a reading: the refusals the variant does not make
    // warn, on the reading's clause (validation/operator-not-allowed-at-every-position among them).
    expect(
      other.warnings.some((w) => w.case.startsWith("validation/") && w.message.includes("s2-2-operator-not-allowed")),
    ).toBe(true);
    expect(formatVariantsMarkdown(report)).toContain(`${gate.length} variants: ${gate.length} passed, 0 failed`);
  }, 900_000);
});

describe("a variant's row", () => {
  it("counts a case not run, for the key's rate limit or the data alike, as a failure of the suite", () => {
    const variant = VARIANTS.find((v) => v.id === "service-rate-limit-every-surface")!;
    expect(variant.server?.rateLimit).toBeDefined();
    const row = variantRow(variant, {
      key: `variant:${variant.id}`,
      profile: "small",
      durationMs: 1,
      verdicts: [
        { id: "a/one", status: "passed", failedChecks: [] },
        { id: "a/two", status: "skipped", failedChecks: [], message: "not run: the key's rate limit held it" },
        { id: "a/three", status: "skipped", failedChecks: [], message: "not run: data: no set small enough" },
      ],
    });
    expect(row.status).toBe("failed");
    expect(row.failures).toEqual([
      { case: "a/two", message: "not run: the key's rate limit held it" },
      { case: "a/three", message: "not run: data: no set small enough" },
    ]);
  });

  it("takes a case not run for the key's scope as right only on a route the variant keeps from the key", () => {
    const variant = VARIANTS.find((v) => v.id === "auth-key-without-companies-scope")!;
    expect(variant.keyOutOfScope).toEqual(["queryCompanies", "getCompanies"]);
    const scope = (route: string) =>
      `not run: scope: step 1 was refused: the tester's key lacks the scope of ${route} (HTTP 403; a free probe ...`;
    const verdicts = [
      { id: "a/one", status: "skipped", failedChecks: [], message: scope("POST /v1/companies/query") },
      { id: "a/two", status: "skipped", failedChecks: [], message: scope("POST /entity/v1/companies/detail-by-id") },
      { id: "a/three", status: "skipped", failedChecks: [], message: scope("POST /v1/jobs/query") },
    ] as const;
    const run = (v: typeof variant) =>
      variantRow(v, { key: `variant:${v.id}`, profile: "small", durationMs: 1, verdicts: [...verdicts] });
    expect(run(variant).failures.map((f) => f.case)).toEqual(["a/three"]);
    const other = VARIANTS.find((v) => v.id === "auth-other-scope-names")!;
    expect(run(other).failures.map((f) => f.case)).toEqual(["a/one", "a/two", "a/three"]);
  });
});
