import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type ReferenceServer } from "../reference/index.js";
import { runConformance } from "./run.js";
import { loadSuites } from "./suites.js";

/**
 * The suites against the project's own reference server (a small generated dataset, so the test stays
 * fast): what `npm start` does with the default dataset. The reference is the oracle of a conformant
 * deployment, so every case must pass.
 */
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ port: 0, people: 3000, jobs: 800, companies: 300 });
});
afterAll(async () => {
  await server?.close();
});

describe("the suites against the reference server", () => {
  it("pass every case, spending no more than predicted", async () => {
    const cases = loadSuites().filter((c) => c.area !== "mcp");
    const outcome = await runConformance({
      baseUrl: server.url,
      apiKey: server.keys.active,
      secondKey: server.keys.exhausted,
      inactiveKey: server.keys.inactive,
      cases,
      maxCredits: 400,
      concurrency: 4,
      timeoutMs: 10_000,
    });
    const notPassed = outcome.results
      .filter((r) => r.status !== "passed")
      .map(
        (r) =>
          `${r.id} ${r.status}: ` +
          (r.reason ?? r.failures.map((f) => `${f.step} · ${f.check}: ${f.message}`).join(" | ")),
      );
    expect(notPassed).toEqual([]);
    expect(outcome.credits.spent).toBeLessThanOrEqual(outcome.credits.estimated);
  });

  it("check the inactive key's status when one is configured, and leave the case not run without one", async () => {
    const cases = loadSuites().filter((c) => c.requires.includes("inactive_key"));
    expect(cases.map((c) => c.id)).toEqual(["auth/inactive-key-status"]);
    const run = (inactiveKey?: string) =>
      runConformance({
        baseUrl: server.url,
        apiKey: server.keys.active,
        ...(inactiveKey ? { inactiveKey } : {}),
        cases,
        maxCredits: 10,
        concurrency: 1,
        timeoutMs: 10_000,
      });
    expect((await run(server.keys.inactive)).results.map((r) => r.status)).toEqual(["passed"]);
    // The active key passed where the inactive one is expected: key status reports it active, which fails.
    expect((await run(server.keys.active)).results.map((r) => r.status)).toEqual(["failed"]);
    const without = (await run()).results[0]!;
    expect([without.status, without.notRun, without.reason]).toEqual([
      "skipped",
      "configuration",
      expect.stringMatching(/needs an inactive key/),
    ]);
  });
});
