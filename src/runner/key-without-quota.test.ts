import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type ReferenceServer } from "../reference/index.js";
import { runConformance } from "./run.js";
import { loadSuites } from "./suites.js";

/**
 * A key without a quota: key status shows remaining_credits null and counts used_credits (the variant
 * auth-key-without-quota). The measured Credits are read from the count of Credits used (src/runner/balance.ts), so
 * every cost is judged; the run cannot check the key covers its worst case, and says so.
 */
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    people: 300,
    jobs: 150,
    companies: 120,
    variant: "auth-key-without-quota",
  });
});
afterAll(async () => {
  await server?.close();
});

describe("a key whose status shows no remaining balance but counts the Credits used", () => {
  it("measures every cost by the count, and reports no balance it does not know", async () => {
    const cases = loadSuites().filter((c) => /^(credits|routes\/search-cost|routes\/detail-cost)/.test(c.id));
    const outcome = await runConformance({
      baseUrl: server.url,
      apiKey: server.keys.active,
      cases,
      maxCredits: 200,
      concurrency: 4,
      timeoutMs: 10_000,
    });
    expect(outcome.results.filter((r) => r.status !== "passed").map((r) => [r.id, r.reason, r.failures])).toEqual([]);
    expect(outcome.credits.spent).toBeGreaterThan(0);
    expect(outcome.credits).not.toHaveProperty("balanceBefore");
    expect(outcome.warnings).toContainEqual(expect.stringMatching(/shows no remaining balance for the key but counts/));
  }, 60_000);
});
