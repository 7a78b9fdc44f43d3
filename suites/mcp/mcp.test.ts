import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadContract } from "../../src/contract/index.js";
import { startReferenceServer } from "../../src/reference/index.js";
import { MCP_MUTANTS } from "../../src/reference/mutants/mcp.js";
import { runConformance, type RunOutcome } from "../../src/runner/run.js";
import { loadSuiteFile, suitesRoot } from "../../src/runner/suites.js";
import type { CaseDef } from "../../src/runner/types.js";

const here = join(suitesRoot(), "mcp");
const cases: CaseDef[] = readdirSync(here)
  .filter((f) => f.endsWith(".yaml"))
  .flatMap((f) => loadSuiteFile(join(here, f), "mcp"));

/** The reference server (small dataset), correct or as one of its mutants. */
async function runArea(mutant?: string): Promise<RunOutcome> {
  const target = await startReferenceServer({ people: 300, jobs: 60, companies: 40, ...(mutant ? { mutant } : {}) });
  try {
    return await runConformance({
      baseUrl: target.url,
      apiKey: target.keys.active,
      cases,
      maxCredits: 300,
      concurrency: 4,
      timeoutMs: 5000,
    });
  } finally {
    await target.close();
  }
}

/** Failed case ids, each with the checks that failed it. */
function failures(outcome: RunOutcome): Record<string, string[]> {
  return Object.fromEntries(
    outcome.results
      .filter((r) => r.status === "failed")
      .map((r) => [r.id, [...new Set(r.failures.map((f) => f.check))].sort()]),
  );
}

describe("the mcp area against the reference server", () => {
  let outcome: RunOutcome;
  beforeAll(async () => {
    outcome = await runArea();
  });

  it("passes every case, spending little", () => {
    const notPassed = outcome.results
      .filter((r) => r.status !== "passed")
      .map((r) => ({ id: r.id, status: r.status, reason: r.reason, failures: r.failures }));
    expect(notPassed).toEqual([]);
    expect(outcome.results.length).toBe(cases.length);
    expect(outcome.credits.spent).toBeLessThanOrEqual(40);
  });

  it("cites every must clause of area mcp, and the MCP clauses of §4.1 and §5", () => {
    const cited = new Set(cases.flatMap((c) => c.clauses));
    const musts = [...loadContract().clauses.values()]
      .filter((c) => c.area === "mcp" && c.kind === "must")
      .map((c) => c.id);
    expect(musts.length).toBeGreaterThanOrEqual(6);
    for (const id of [...musts, "s4-1-tools-list-authoritative", "s5-same-key-rest-mcp"])
      expect(cited, id).toContain(id);
    for (const id of cited) expect(loadContract().clauses.has(id), id).toBe(true);
  });

  it("records the deployed tool names and prefix as observed (s4-1-tools-list-authoritative)", () => {
    expect(outcome.observed["mcp.tools"]).toMatchObject({ value: { prefix: "svc_" } });
  });
});

/** The cases (and the checks in them) each MCP mutant must fail, and no other. */
const KILLS: Record<string, Record<string, string[]>> = {
  "mcp-tool-missing": {
    "mcp/tools-one-per-route": ["mcp-tools-per-route"],
    "mcp/tool-schemas-agree-with-routes": ["mcp-tool-schemas"],
    "mcp/detail-parity": ["transport"],
    "mcp/tool-detail-id-limits-people": ["transport"],
  },
  "mcp-tool-schema-drift": { "mcp/tool-schemas-agree-with-routes": ["mcp-tool-schemas"] },
  "mcp-tool-double-charge": { "mcp/search-parity": ["credits"], "mcp/detail-parity": ["credits"] },
  "mcp-streamable-http-wrong-revision": { "mcp/streamable-http-revision": ["mcp-revision"] },
  "mcp-sse-wrong-revision": { "mcp/sse-revision": ["mcp-revision"] },
  "mcp-unauthenticated-accepted": {
    "mcp/no-key-refused": ["mcp-unauthorized"],
    "mcp/unknown-key-refused": ["mcp-unauthorized"],
    "mcp/malformed-header-refused": ["mcp-unauthorized"],
  },
  "mcp-version-tool-other-fingerprint": { "mcp/version-parity": ["equals"] },
  "mcp-nl-tool-drops-size": { "mcp/natural-language-search-tool": ["page-size"] },
  "mcp-key-status-tool-charged": { "mcp/key-status-tool-free": ["credits"] },
  "mcp-sse-tools-other-prefix": { "mcp/tools-same-on-both-transports": ["mcp-same-tools"] },
  "mcp-key-status-tool-missing": {
    "mcp/key-status-tool-free": ["transport"],
    "mcp/tool-schemas-agree-with-routes": ["mcp-tool-schemas"],
    "mcp/tools-one-per-route": ["mcp-tools-per-route"],
  },
  "mcp-query-people-tool-returns-records": { "mcp/search-parity": ["ids-only"] },
  // Every SDK session on /sse fails at the initialized notification; the raw initialize probes still pass.
  "mcp-sse-session-lost-after-initialize": Object.fromEntries(
    [
      "search-parity",
      "detail-parity",
      "jobs-detail-parity",
      "companies-detail-parity",
      "version-parity",
      "search-tools-ids-only",
      "natural-language-search-tool",
      "refused-tool-call-free",
      "key-status-tool-free",
      "tools-one-per-route",
      "tools-same-on-both-transports",
      "tool-schemas-agree-with-routes",
      "sdk-client-sessions",
      "tool-detail-id-limits-people",
      "tool-detail-id-limits-jobs",
      "tool-detail-id-limits-companies",
      "tool-size-bounds-people",
      "tool-size-bounds-jobs",
      "tool-size-bounds-companies",
    ].map((id) => [`mcp/${id}`, ["transport"]]),
  ),
};

describe("each MCP check fails against a deliberately wrong server (the MCP mutants)", () => {
  it("has a kill list for every MCP mutant", () => {
    expect(Object.keys(KILLS).sort()).toEqual(MCP_MUTANTS.map((m) => m.id).sort());
  });

  for (const mutant of MCP_MUTANTS) {
    it(`${mutant.id} (${mutant.clause}) fails exactly the cases meant to catch it`, async () => {
      const failed = failures(await runArea(mutant.id));
      expect(failed).toEqual(KILLS[mutant.id]);
      const citing = Object.keys(failed).filter((id) =>
        cases.find((c) => c.id === id)!.clauses.includes(mutant.clause),
      );
      expect(citing.length, `a failing case cites ${mutant.clause}`).toBeGreaterThan(0);
    });
  }
});

/**
 * A tool answering other records or IDs than its route, every time (a stale cache), matches neither REST answer: the
 * parity cases' second look (docs/verdicts.md, "What a check assumes about the data staying still") must not excuse it.
 */
const STALE: Record<string, string> = {
  "mcp-get-profiles-tool-stale-records-streamable-http": "mcp/detail-parity",
  "mcp-get-jobs-tool-stale-records-sse": "mcp/jobs-detail-parity",
  "mcp-get-companies-tool-stale-records-streamable-http": "mcp/companies-detail-parity",
  "mcp-query-people-tool-other-ids-sse": "mcp/search-parity",
};

describe("the parity cases against a tool that answers otherwise than its route", () => {
  for (const [mutant, parityCase] of Object.entries(STALE)) {
    it(`${mutant} fails ${parityCase} on mcp-parity, after asking REST again`, async () => {
      const target = await startReferenceServer({ people: 300, jobs: 60, companies: 40, mutant });
      try {
        const outcome = await runConformance({
          baseUrl: target.url,
          apiKey: target.keys.active,
          cases: cases.filter((c) => c.id === parityCase),
          maxCredits: 100,
          concurrency: 2,
          timeoutMs: 5000,
        });
        const [result] = outcome.results;
        expect(result?.status).toBe("failed");
        const parity = result!.failures.filter((f) => f.check === "mcp-parity");
        expect(parity).toHaveLength(1);
        expect(parity[0]!.message).toMatch(/asked once more after this one, which answered the same/);
      } finally {
        await target.close();
      }
    });
  }
});
