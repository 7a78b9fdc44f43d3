import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract } from "../../src/contract/index.js";
import { createMcpHandler, type McpFaults } from "../../src/reference/mcp/index.js";
import { createRequestListener } from "../../src/reference/http.js";
import { DEMO_KEYS } from "../../src/reference/keys.js";
import { ReferenceService } from "../../src/reference/reference-service.js";
import { runConformance, type RunOutcome } from "../../src/runner/run.js";
import { loadSuiteFile, suitesRoot } from "../../src/runner/suites.js";
import type { CaseDef } from "../../src/runner/types.js";

const here = join(suitesRoot(), "mcp");
const cases: CaseDef[] = readdirSync(here)
  .filter((f) => f.endsWith(".yaml"))
  .flatMap((f) => loadSuiteFile(join(here, f), "mcp"));

/** The reference's REST layer and Service, with the MCP surface given these faults (none: the correct server). */
async function serve(faults?: McpFaults): Promise<{ url: string; close(): Promise<void> }> {
  const service = new ReferenceService({ people: 300, jobs: 60, companies: 40 });
  const mcp = createMcpHandler(service, faults ? { faults } : {});
  const server = createServer(createRequestListener(service, () => mcp));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await mcp.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function runArea(faults?: McpFaults): Promise<RunOutcome> {
  const target = await serve(faults);
  try {
    return await runConformance({ baseUrl: target.url, apiKey: DEMO_KEYS.active.key, cases, maxCredits: 300, concurrency: 4, timeoutMs: 5000 });
  } finally {
    await target.close();
  }
}

/** Failed case ids, each with the checks that failed it. */
function failures(outcome: RunOutcome): Record<string, string[]> {
  return Object.fromEntries(outcome.results.filter((r) => r.status === "failed").map((r) => [r.id, [...new Set(r.failures.map((f) => f.check))].sort()]));
}

describe("the mcp area against the reference server", () => {
  let outcome: RunOutcome;
  beforeAll(async () => {
    outcome = await runArea();
  });

  it("passes every case, spending little", () => {
    const notPassed = outcome.results.filter((r) => r.status !== "passed").map((r) => ({ id: r.id, status: r.status, reason: r.reason, failures: r.failures }));
    expect(notPassed).toEqual([]);
    expect(outcome.results.length).toBe(cases.length);
    expect(outcome.credits.spent).toBeLessThanOrEqual(40);
  });

  it("cites every must clause of area mcp, and the MCP clauses of §4.1 and §5", () => {
    const cited = new Set(cases.flatMap((c) => c.clauses));
    const musts = [...loadContract().clauses.values()].filter((c) => c.area === "mcp" && c.kind === "must").map((c) => c.id);
    expect(musts.length).toBeGreaterThanOrEqual(6);
    for (const id of [...musts, "s4-1-tools-list-authoritative", "s5-same-key-rest-mcp"]) expect(cited, id).toContain(id);
    for (const id of cited) expect(loadContract().clauses.has(id), id).toBe(true);
  });

  it("records the deployed tool names and prefix as observed (s4-1-tools-list-authoritative)", () => {
    expect(outcome.observed["mcp.tools"]).toMatchObject({ value: { prefix: "svc_" } });
  });
});

describe("each MCP check fails against a deliberately wrong server", () => {
  it("a tool missing", async () => {
    const failed = failures(await runArea({ missingTools: ["getProfiles"] }));
    expect(failed["mcp/tools-one-per-route"]).toEqual(["mcp-tools-per-route"]);
    expect(failed["mcp/tools-same-on-both-transports"]).toBeUndefined();
    expect(failed["mcp/tool-schemas-agree-with-routes"]).toEqual(["mcp-tool-schemas"]);
    expect(failed["mcp/detail-parity"]).toEqual(["transport"]);
  });

  it("a tool schema drifted from its route", async () => {
    const failed = failures(await runArea({ driftedSchemas: ["searchPeople"] }));
    expect(Object.keys(failed)).toEqual(["mcp/tool-schemas-agree-with-routes"]);
    expect(failed["mcp/tool-schemas-agree-with-routes"]).toEqual(["mcp-tool-schemas"]);
  });

  it("a tool charging differently from REST", async () => {
    const failed = failures(await runArea({ doubleCharge: ["queryPeople", "getProfiles"] }));
    expect(failed["mcp/search-parity"]).toEqual(["credits"]);
    expect(failed["mcp/detail-parity"]).toEqual(["credits"]);
  });

  it("the wrong protocol revision", async () => {
    const failed = failures(await runArea({ revision: { streamableHttp: "2025-06-18", sse: "2025-03-26" } }));
    expect(failed).toEqual({ "mcp/streamable-http-revision": ["mcp-revision"], "mcp/sse-revision": ["mcp-revision"] });
  });

  it("an unauthenticated MCP call accepted", async () => {
    const failed = failures(await runArea({ acceptUnauthenticated: true }));
    expect(failed).toEqual({
      "mcp/no-key-refused": ["mcp-unauthorized"],
      "mcp/unknown-key-refused": ["mcp-unauthorized"],
      "mcp/malformed-header-refused": ["mcp-unauthorized"],
    });
  });
});
