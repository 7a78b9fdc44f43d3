import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeRun } from "../commands/run.js";
import { loadContract } from "../contract/index.js";
import { packageRoot } from "../contract/root.js";
import { startReferenceServer } from "../reference/index.js";
import { choiceTable } from "./choices.js";
import type { Report } from "./index.js";

/** What the page's filters set on an element (the DOM types are not in this project's lib). */
interface Shown {
  hidden: boolean;
  dataset: Record<string, string>;
}

/** Chromium from TDSS_CHROMIUM or Debian's package; the test fails (never skips) without one. */
const CHROMIUM = [
  process.env.TDSS_CHROMIUM,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
].find((p): p is string => !!p && existsSync(p));
const NO_BROWSER =
  "no Chromium found for the HTML report test: install it with `apt-get install -y chromium` (or set TDSS_CHROMIUM)";

let runDir: string;
let report: Report;
let context: BrowserContext | undefined;
const requested: string[] = [];

beforeAll(async () => {
  // A run against a mutant (src/reference/mutants/detail.ts), so that the page has failures to show.
  const server = await startReferenceServer({
    port: 0,
    people: 300,
    jobs: 60,
    companies: 40,
    mutant: "detail-job-null-omitted",
  });
  // Kept in the package's reports/ (git-ignored): the page and its screenshot stay for a person to look at.
  const root = join(packageRoot(), "reports", "html-test");
  try {
    const env = { TDSS_API_KEY: server.keys.active, TDSS_SECOND_API_KEY: server.keys.exhausted };
    const io = { out: () => undefined, err: () => undefined, env, cwd: packageRoot() };
    await executeRun({ baseUrl: server.url, only: "detail,version,credits", reportDir: root }, io);
  } finally {
    await server.close();
  }
  const latest = readdirSync(root)
    .filter((d) => statSync(join(root, d)).isDirectory())
    .sort()
    .at(-1)!;
  runDir = join(root, latest);
  report = JSON.parse(readFileSync(join(runDir, "report.json"), "utf8")) as Report;
}, 120_000);

afterAll(async () => {
  await context?.close();
});

describe("report.html in a real Chromium", () => {
  it("shows the verdict, filters cases, quotes clauses and shows the exchange, with no network", async () => {
    if (!CHROMIUM) throw new Error(NO_BROWSER);
    context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "tdss-chromium-")), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    page.on("request", (r) => requested.push(r.url()));
    const file = pathToFileURL(join(runDir, "report.html")).href;
    await page.goto(file);
    expect(await page.textContent("#verdict")).toBe("FAIL");

    const visibleIds = () =>
      page.$$eval(".case", (els) =>
        els.filter((e) => !(e as unknown as Shown).hidden).map((e) => (e as unknown as Shown).dataset.id),
      );
    expect(await visibleIds()).toHaveLength(report.cases.length);
    const failed = report.cases.filter((c) => c.status === "failed").map((c) => c.id);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(report.cases.length);
    // Failed cases come first, open, without ticking "failed only".
    expect((await visibleIds()).slice(0, failed.length)).toEqual(failed);
    expect(
      await page.$$eval(".case[data-failed='1']", (els) => els.every((e) => (e as unknown as { open: boolean }).open)),
    ).toBe(true);
    // In a narrow window titles wrap; each case's line (its Credits and time) stays inside the case's own box.
    type Box = { getBoundingClientRect(): { bottom: number } };
    await page.setViewportSize({ width: 420, height: 900 });
    const outside = await page.$$eval(
      ".case",
      (els) =>
        els
          .map((e) => e as unknown as Box & { querySelector(s: string): Box })
          .filter((e) => e.querySelector(".credits").getBoundingClientRect().bottom > e.getBoundingClientRect().bottom)
          .length,
    );
    expect(outside).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.click("#f-failed");
    expect(await visibleIds()).toEqual(failed);
    expect(await page.textContent("#shown")).toBe(`${failed.length} of ${report.cases.length} cases shown`);
    const first = page.locator(".case:not([hidden])").first();
    const firstFailure = report.cases.find((c) => c.id === failed[0])!.failures[0]!;
    const clause = loadContract().clauses.get(firstFailure.clauses![0]!)!;
    expect(await first.locator("blockquote.clause").first().textContent()).toBe(
      `${clause.id} (§${clause.section}): ${clause.text.join(" ")}`,
    );
    expect(await first.locator(".exchange .response .label").first().textContent()).toMatch(/^HTTP 200/);
    expect(await first.locator(".curl pre").first().textContent()).toContain('"authorization: Bearer $TDSS_API_KEY"');
    await page.screenshot({ path: join(runDir, "report.png"), fullPage: false });

    await page.click("#f-failed");
    await page.selectOption("#f-area", "version");
    const versionCases = report.cases.filter((c) => c.area === "version").map((c) => c.id);
    expect(await visibleIds()).toEqual(versionCases);
    await page.selectOption("#f-area", "");
    await page.fill("#f-clause", "s8-cost-detail");
    const citing = report.cases.filter((c) => c.clauses.some((x) => x.includes("s8-cost-detail"))).map((c) => c.id);
    expect(await visibleIds()).toEqual(citing);
    expect(await page.$$eval(".clause-row", (rows) => rows.filter((r) => !(r as unknown as Shown).hidden).length)).toBe(
      1,
    );

    // The deployment's choices: one row a choice, what it did in words (src/report/choices.ts).
    expect(await page.locator("#choices").isVisible()).toBe(true);
    expect(await page.locator("tr.choice").count()).toBe(choiceTable(report.observed).choices.length);
    expect(await page.locator('tr.choice[data-topic="credits.getVersion"] td').last().textContent()).toMatch(
      /^\d+ Credits$/,
    );

    expect(requested.filter((u) => !u.startsWith("file:"))).toEqual([]);
    expect(statSync(join(runDir, "report.png")).size).toBeGreaterThan(10_000);
  }, 120_000);
});
