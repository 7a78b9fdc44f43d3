import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATION_IDS, loadContract } from "../contract/index.js";
import { auditExchanges, formatProblem } from "../contract/testing/response-audit.js";
import { runConformance } from "../runner/run.js";
import { loadSuites } from "../runner/suites.js";
import { DEMO_KEYS, startReferenceServer, type ReferenceServer, type TappedExchange } from "./index.js";

/**
 * spec/openapi.yaml is true of every response the reference sends during a full conformance run (every area,
 * MCP included): each REST response under its operation's status, each envelope an MCP tool result carries,
 * and every answer to a path that is not a route (docs/openapi.md). The dataset is small so the run stays
 * quick; every case still passes on it.
 */
const exchanges: TappedExchange[] = [];
let server: ReferenceServer;
/** A key allowed one request an hour, for the 429 the run never provokes. */
const THROTTLED = "svc_openapi_throttled_key";
beforeAll(async () => {
  const keys = [...Object.values(DEMO_KEYS), { key: THROTTLED, rateLimit: { requests: 1, perSeconds: 3600 } }];
  server = await startReferenceServer({
    port: 0,
    people: 3000,
    jobs: 800,
    companies: 300,
    keys,
    tap: (e) => exchanges.push(e),
  });
});

async function send(
  path: string,
  options: { method?: string; key?: string; type?: string; body?: string } = {},
): Promise<number> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${options.key ?? server.keys.active}`,
    Accept: "application/json, text/event-stream",
  };
  if (options.type) headers["Content-Type"] = options.type;
  const response = await fetch(`${server.url}${path}`, {
    method: options.method ?? "POST",
    headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Refusals a conformant run does not provoke: inactive key, rate limit, wrong method, body size, media type. */
async function provokeRefusals(): Promise<void> {
  const json = "application/json";
  const query = JSON.stringify({ where: { field: "city", exists: true }, size: 1 });
  const call = (name: string, args: unknown) =>
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });
  expect(await send("/v1/people/query", { key: server.keys.inactive, type: json, body: query })).toBe(403);
  expect(await send("/v1/people/query", { method: "GET" })).toBe(405);
  expect(await send("/v1/people/query", { type: json, body: `{"where":${" ".repeat(1024 * 1024)}{}}` })).toBe(413);
  expect(await send("/v1/people/query", { type: "text/plain", body: query })).toBe(415);
  expect(await send("/v1/jobs/query", { key: THROTTLED, type: json, body: "{}" })).toBe(200);
  expect(await send("/v1/jobs/query", { key: THROTTLED, type: json, body: "{}" })).toBe(429);
  expect(await send("/mcp", { key: server.keys.inactive, type: json, body: call("svc_query_jobs", { size: 1 }) })).toBe(
    200,
  );
  // Every MCP request takes from the key's bucket, as REST ones do: an empty bucket is HTTP 429 on /mcp too.
  expect(await send("/mcp", { key: THROTTLED, type: json, body: call("svc_get_version", {}) })).toBe(429);
}
afterAll(async () => {
  await server?.close();
});

describe("every response of the default run against spec/openapi.yaml", () => {
  it("validates each one, success and refusal, REST and MCP", async () => {
    await provokeRefusals();
    const outcome = await runConformance({
      baseUrl: server.url,
      apiKey: server.keys.active,
      secondKey: server.keys.exhausted,
      inactiveKey: server.keys.inactive,
      cases: loadSuites(),
      maxCredits: 400,
      concurrency: 4,
      timeoutMs: 20_000,
    });
    expect(outcome.results.filter((r) => r.status !== "passed").map((r) => r.id)).toEqual([]);
    await server.close(); // ends the SSE streams, so their exchanges are tapped too

    const { problems, covered } = auditExchanges(exchanges);
    expect(problems.map(formatProblem)).toEqual([]);

    // The run reached every route on both surfaces, with successes and refusals.
    for (const op of OPERATION_IDS) {
      const { method, path, tool } = loadContract().operations.get(op)!;
      expect([...(covered.get(`${method} ${path}`) ?? [])], `${method} ${path}`).toContain(200);
      for (const transport of ["/mcp", "/sse"])
        expect([...(covered.get(`MCP ${transport} tools/call ${tool}`) ?? [])], `${transport} ${tool}`).toContain(200);
    }
    const statuses = new Set([...covered.values()].flatMap((s) => [...s]));
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401, 402, 403, 404, 405, 413, 415, 429]));
    expect([...(covered.get("MCP /mcp tools/call svc_query_jobs") ?? [])]).toContain(403);
  }, 180_000);
});
