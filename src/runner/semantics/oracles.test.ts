import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type ReferenceServer } from "../../reference/index.js";
import { buildReport } from "../../report/report.js";
import { runConformance } from "../run.js";
import { loadSuites } from "../suites.js";
import type { RecordedExchange } from "../evidence.js";

/**
 * What a failure of the search-semantics oracles cites and keeps, against a reference server whose people `total`
 * counts the IDs on the page instead of the matches (mutant people-total-counts-page): the clause the fault breaks,
 * the exchange that shows it, and in the coverage that clause alone failed.
 */
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    people: 300,
    jobs: 150,
    companies: 120,
    mutant: "people-total-counts-page",
  });
});
afterAll(async () => {
  await server?.close();
});

const data = (e: RecordedExchange | undefined) =>
  (
    JSON.parse(e?.response?.body?.text ?? "null") as {
      data?: { profile_ids?: unknown[]; total?: unknown; next?: unknown };
    } | null
  )?.data;
const sizeOf = (e: RecordedExchange | undefined) =>
  (JSON.parse(e?.request.body?.text ?? "{}") as { size?: number }).size;
const whereOf = (e: RecordedExchange | undefined) => JSON.stringify(JSON.parse(e?.request.body?.text ?? "{}").where);

describe("a partition whose totals disagree", () => {
  it("cites the total clause, keeps an exchange whose total is wrong, and fails that clause alone", async () => {
    const cases = loadSuites().filter((c) => c.id === "search-semantics/people");
    const outcome = await runConformance({
      baseUrl: server.url,
      apiKey: server.keys.active,
      cases,
      maxCredits: 400,
      concurrency: 1,
      timeoutMs: 10_000,
    });
    const result = outcome.results[0]!;
    expect(result.status).toBe("failed");
    expect(result.failures.length).toBeGreaterThan(0);
    for (const f of result.failures) {
      expect(f.check).toBe("partition");
      expect(f.clause?.id).toBe("s4-3-total-counts-matches");
      expect(f.clause?.quote).toBe("It counts matches, not returned IDs.");
      expect(f.clauses).toEqual(["s4-3-total-counts-matches"]);
      // The kept exchange answers with a total that is not the count of its matches: it counts its page while a next
      // says more remain, and the same query asked with another page size (the exchange it is read against) gives
      // another total.
      const shown = result.exchanges?.[f.exchange!];
      const against = result.exchanges?.[f.related![0]!];
      expect(f.curl).toBe(shown?.curl);
      expect(whereOf(against)).toBe(whereOf(shown));
      expect(sizeOf(against)).not.toBe(sizeOf(shown));
      const total = data(shown)?.total;
      expect(typeof total).toBe("number");
      expect(total).toBe(data(shown)?.profile_ids?.length);
      expect(data(shown)?.next).toEqual(expect.any(String));
      expect(total).not.toBe(data(against)?.total);
    }
    const failed = buildReport(outcome, cases)
      .coverage.clauses.filter((c) => c.status === "failed")
      .map((c) => c.id);
    expect(failed).toEqual(["s4-3-total-counts-matches"]);
  });
});
