import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATION_IDS, loadContract } from "../contract/index.js";
import { auditExchanges, formatProblem } from "../contract/response-audit.js";
import { runConformance } from "../runner/run.js";
import { loadSuites } from "../runner/suites.js";
import { startReferenceServer, type ReferenceServer, type TappedExchange } from "./index.js";

/**
 * spec/openapi.yaml is true of every response the reference sends during a full conformance run (every area,
 * MCP included): each REST response under its operation's status, each envelope an MCP tool result carries,
 * and every answer to a path that is not a route (docs/openapi.md). The dataset is small so the run stays
 * quick; every case still passes on it.
 */
const exchanges: TappedExchange[] = [];
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ port: 0, people: 3000, jobs: 800, companies: 300, tap: (e) => exchanges.push(e) });
});
afterAll(async () => {
  await server?.close();
});

describe("every response of the default run against spec/openapi.yaml", () => {
  it("validates each one, success and refusal, REST and MCP", async () => {
    const outcome = await runConformance({ baseUrl: server.url, apiKey: server.keys.active, secondKey: server.keys.exhausted, cases: loadSuites(), maxCredits: 300, concurrency: 4, timeoutMs: 20_000 });
    expect(outcome.results.filter((r) => r.status !== "passed").map((r) => r.id)).toEqual([]);
    await server.close(); // ends the SSE streams, so their exchanges are tapped too

    const { problems, covered } = auditExchanges(exchanges);
    expect(problems.map(formatProblem)).toEqual([]);

    // The run reached every route on both surfaces, with successes and refusals.
    for (const op of OPERATION_IDS) {
      const { method, path, tool } = loadContract().operations.get(op)!;
      expect([...(covered.get(`${method} ${path}`) ?? [])], `${method} ${path}`).toContain(200);
      for (const transport of ["/mcp", "/sse"]) expect([...(covered.get(`MCP ${transport} tools/call ${tool}`) ?? [])], `${transport} ${tool}`).toContain(200);
    }
    const statuses = new Set([...covered.values()].flatMap((s) => [...s]));
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 402, 404]));
  });
});
