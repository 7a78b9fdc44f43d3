import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type ReferenceServer } from "../reference/index.js";
import { runConformance } from "./run.js";
import { loadSuites } from "./suites.js";

/**
 * Billing that settles late: key status shows a charge 400 ms after its answer (the variant
 * credits-balance-settles-late; §4.5 and §8 say key status reports the remaining quota, not how soon). The measured
 * Credits wait for the balance to settle (src/runner/settle.ts): every cost is judged, none failed or left unmeasured.
 */
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    people: 300,
    jobs: 150,
    companies: 120,
    variant: "credits-balance-settles-late",
  });
});
afterAll(async () => {
  await server?.close();
});

describe("a balance that settles late", () => {
  it("passes every measured cost: none failed, none not run", async () => {
    const cases = loadSuites().filter((c) => /^(credits|routes\/search-cost|routes\/detail-cost)/.test(c.id));
    const outcome = await runConformance({
      baseUrl: server.url,
      apiKey: server.keys.active,
      cases,
      maxCredits: 200,
      concurrency: 4,
      timeoutMs: 10_000,
    });
    expect(outcome.results.length).toBe(cases.length);
    expect(outcome.results.filter((r) => r.status !== "passed").map((r) => [r.id, r.reason, r.failures])).toEqual([]);
  }, 60_000);
});
