import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "undici";
import { startReferenceServer, type ReferenceServer } from "../reference/index.js";
import { runConformance } from "./run.js";
import { loadSuites } from "./suites.js";

/**
 * A key another client spends on while the run measures Credits by its balance (a second run, an application
 * sharing the key): the tester's condition, never the deployment's fault (docs/verdicts.md, "Not run").
 */
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ port: 0, people: 300, jobs: 150, companies: 120 });
});
afterAll(async () => {
  await server?.close();
});

/** Spends one Credit on the key every few milliseconds (a page of 25 IDs, §8) until stopped. */
function otherClient(key: string): { stop: () => Promise<number> } {
  let going = true;
  let spent = 0;
  const loop = (async () => {
    while (going) {
      const answer = await request(`${server.url}/v1/people/query`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ where: { field: "full_name", exists: true }, size: 25 }),
      });
      await answer.body.text();
      spent++;
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  })();
  return {
    stop: async () => {
      going = false;
      await loop;
      return spent;
    },
  };
}

describe("a key another client spends on during the run", () => {
  it("fails no Credit check: what cannot be measured is not run (balance), the budget its own", async () => {
    const cases = loadSuites().filter((c) =>
      /^(credits|routes\/search-cost|routes\/detail-cost|mcp\/refused)/.test(c.id),
    );
    const other = otherClient(server.keys.active);
    const outcome = await runConformance({
      baseUrl: server.url,
      apiKey: server.keys.active,
      cases,
      maxCredits: 200,
      concurrency: 4,
      timeoutMs: 10_000,
    }).finally(() => other.stop());
    expect(outcome.results.length).toBe(cases.length);
    expect(outcome.results.filter((r) => r.status === "failed").map((r) => [r.id, r.failures])).toEqual([]);
    const notRun = outcome.results.filter((r) => r.status === "skipped");
    for (const r of notRun) {
      expect(r.notRun).toBe("balance");
      expect(r.reason).toMatch(/another client spends on this key/);
    }
    // What the other client spent is not the run's: the run books its own steps once it has seen the other.
    if (notRun.length > 0) expect(outcome.credits.spent).toBeLessThanOrEqual(200);
  });
});
