import fc from "fast-check";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract, OPERATION_IDS, type OperationId } from "../contract/index.js";
import { auditExchanges, formatProblem } from "../contract/testing/response-audit.js";
import type { ReferenceService } from "./reference-service.js";
import { startReferenceServer, type ReferenceServer, type TappedExchange } from "./index.js";
import { hostileArguments, hostileBody, type HostileBody } from "./testing/hostile-bodies.js";

/**
 * The reference under hostile input, on all nine routes and both MCP transports (fast-check, fixed seeds): never
 * a 5xx; a refusal is a 4xx envelope (or an MCP tool error, or a JSON-RPC error) that leaves the key's balance
 * where it was, read from the reference's own ledger (s7-translated-before-charge); and every response, 2xx
 * and refusal alike, is one spec/openapi.yaml describes (docs/openapi.md).
 */
const SEED = Number(process.env.TDSS_FUZZ_SEED ?? 1_120_611);
const exchanges: TappedExchange[] = [];
let server: ReferenceServer;
const valid = new Map<OperationId, unknown[]>();

const ledger = () => (server.service as ReferenceService).keyRing.get(server.keys.active)!.remaining;
const AUTH = [
  "active",
  "active",
  "active",
  "active",
  "active",
  "active",
  "none",
  "unknown",
  "exhausted",
  "inactive",
  "malformed",
] as const;
type Auth = (typeof AUTH)[number];

function authorization(auth: Auth): Record<string, string> {
  switch (auth) {
    case "none":
      return {};
    case "unknown":
      return { authorization: "Bearer svc_no_such_key_0000" };
    case "malformed":
      return { authorization: server.keys.active };
    default:
      return { authorization: `Bearer ${server.keys[auth]}` };
  }
}

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly json?: unknown;
}

async function send(
  method: string,
  path: string,
  body: HostileBody | undefined,
  auth: Auth,
  extra: Record<string, string> = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...authorization(auth), ...extra };
  if (body?.type !== undefined) headers["content-type"] = body.type;
  const response = await request(`${server.url}${path}`, {
    method: method as "POST",
    headers,
    ...(body ? { body: body.bytes } : {}),
  });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, text, ...(json === undefined ? {} : { json }) };
}

/** Names what was sent, shortly: a counterexample of a million ids should still read in one line. */
function label(what: string, body: HostileBody | undefined): string {
  const head = body ? body.bytes.subarray(0, 160).toString("utf8") : "";
  const more = body && body.bytes.length > 160 ? `… (${body.bytes.length} bytes)` : "";
  return `${what} [${body?.kind ?? "no body"}] ${head}${more}`;
}

function within(what: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
  }
}

/** A refusal: a 4xx (the key is not rate-limited, so no 429) carrying the envelope with a code other than 200. */
function expectRefusal(answer: Answer): void {
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  const envelope = answer.json as { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  expect(envelope && Object.keys(envelope).sort()).toEqual(["code", "data", "msg"]);
  expect(envelope!.code).not.toBe(200);
  expect(typeof envelope!.msg).toBe("string");
}

/** An MCP answer: a tool or JSON-RPC error costs nothing; a tool result carries the envelope; nothing else costs. */
function expectMcpAnswer(message: unknown, before: number, call = true): void {
  const m = message as { result?: { isError?: boolean; structuredContent?: { code?: unknown } }; error?: unknown };
  if (!call) expect(ledger(), "a message that is not a tool call moved the balance").toBe(before);
  else if (m.error !== undefined || m.result?.isError) {
    if (m.result?.isError) expect(m.result.structuredContent?.code).toBeGreaterThanOrEqual(400);
    expect(ledger(), "a refused tool call moved the balance").toBe(before);
  } else expect(m.result?.structuredContent?.code).toBe(200);
}

beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    people: 300,
    jobs: 60,
    companies: 40,
    seed: 7,
    tap: (e) => exchanges.push(e),
  });
  const ids = async (path: string, member: string) => {
    const answer = await send(
      "POST",
      path,
      { bytes: Buffer.from('{"size":5}'), type: "application/json", kind: "setup" },
      "active",
    );
    return ((answer.json as { data: Record<string, string[]> }).data[member] ?? []).slice(0, 3);
  };
  const jobs = await ids("/v1/jobs/query", "job_ids");
  const companies = await ids("/v1/companies/query", "company_ids");
  const people = (
    (
      await send(
        "POST",
        "/v1/people/query",
        {
          bytes: Buffer.from('{"where":{"field":"city","exists":true},"size":3}'),
          type: "application/json",
          kind: "setup",
        },
        "active",
      )
    ).json as { data: { profile_ids: string[] } }
  ).data.profile_ids;
  const where = { all: [{ field: "city", exists: true }, { not: { field: "title", match: "engineer" } }] };
  valid.set("queryPeople", [
    { where, size: 3 },
    {
      where: {
        has_experience: {
          all: [
            { field: "title", match: "manager" },
            { field: "is_current", eq: true },
          ],
        },
      },
      size: 2,
    },
  ]);
  valid.set("searchPeople", [{ text: "senior engineer in Berlin", size: 3 }]);
  valid.set("getProfiles", [
    { profile_ids: people },
    { profile_ids: people, _source: ["full_name", "skills"] },
    { profile_ids: people, source: true },
  ]);
  valid.set("queryJobs", [{ where: { field: "salary_min", gte: 1000 }, size: 3 }, { size: 2 }]);
  valid.set("getJobs", [{ job_ids: jobs }, { job_ids: jobs, _source: ["title", "company.name", "salary.currency"] }]);
  valid.set("queryCompanies", [{ where: { field: "employees_count", gte: 10 }, size: 3 }]);
  valid.set("getCompanies", [
    { company_ids: companies },
    { company_ids: companies, _source: { excludes: ["description"] } },
  ]);
  valid.set("getVersion", [{}]);
  valid.set("getKeyStatus", [{}]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"];

describe("the reference server under hostile input", () => {
  it("REST: never a 5xx, refusals are free envelopes, on all nine routes", async () => {
    const shots = fc
      .constantFrom(...OPERATION_IDS)
      .chain((op) =>
        fc.tuple(
          fc.constant(op),
          hostileBody(valid.get(op)!),
          fc.oneof(
            { arbitrary: fc.constant(undefined), weight: 9 },
            { arbitrary: fc.constantFrom(...METHODS), weight: 1 },
          ),
          fc.constantFrom(...AUTH),
        ),
      );
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(shots, async ([op, body, otherMethod, auth]) => {
        const { method, path } = loadContract().operations.get(op)!;
        const sent = otherMethod ?? method;
        const before = ledger();
        const answer = await send(sent, path, body, auth);
        within(label(`${sent} ${path} (${auth} key) → ${answer.status}`, body), () => {
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 300) {
            refusals++;
            expectRefusal(answer);
            expect(ledger(), "a refusal moved the balance").toBe(before);
          } else expect((answer.json as { code?: unknown }).code).toBe(200);
        });
      }),
      { seed: SEED, numRuns: 1500, endOnFailure: true },
    );
    expect(refusals).toBeGreaterThan(500);
  }, 240_000);

  it("MCP over /mcp: tools/call with any arguments, and JSON-RPC that is not a call", async () => {
    const tools = [...loadContract().operations.values()].map((o) => ({ op: o.operationId, name: o.tool }));
    const call = fc.constantFrom(...tools, { op: "getVersion", name: "svc_no_such_tool" }).chain(({ op, name }) =>
      hostileArguments(valid.get(op)!).map((args) => ({
        bytes: Buffer.from(
          JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
        ),
        type: "application/json",
        kind: `tools/call ${name}`,
      })),
    );
    const messages = fc.oneof(
      { arbitrary: call, weight: 4 },
      { arbitrary: hostileBody([{ jsonrpc: "2.0", id: 2, method: "tools/list" }]), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(messages, fc.constantFrom(...AUTH), async (body, auth) => {
        const before = ledger();
        const answer = await send("POST", "/mcp", body, auth, { accept: "application/json, text/event-stream" });
        within(label(`POST /mcp (${auth} key) → ${answer.status}`, body), () => {
          expect(answer.status).toBeLessThan(500);
          if (answer.status !== 200 || answer.json === undefined) expect(ledger()).toBe(before);
          else for (const m of [answer.json].flat()) expectMcpAnswer(m, before, body.kind.startsWith("tools/call"));
        });
      }),
      { seed: SEED + 1, numRuns: 400, endOnFailure: true },
    );
  }, 240_000);

  it("MCP over /sse and /messages: tools/call with any arguments in one session", async () => {
    const stream = await request(`${server.url}/sse`, {
      method: "GET",
      headers: { ...authorization("active"), accept: "text/event-stream" },
    });
    expect(stream.statusCode).toBe(200);
    const answers = new Map<number, (m: unknown) => void>();
    let buffered = "";
    let endpoint: (path: string) => void = () => {};
    const announced = new Promise<string>((resolve) => (endpoint = resolve));
    stream.body.setEncoding("utf8");
    stream.body.on("data", (chunk: string) => {
      buffered += chunk;
      let cut: number;
      while ((cut = buffered.indexOf("\n\n")) >= 0) {
        const block = buffered.slice(0, cut);
        buffered = buffered.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = block
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("\n");
        if (event === "endpoint") endpoint(data);
        else if (data) {
          const m = JSON.parse(data) as { id?: number };
          if (typeof m.id === "number") answers.get(m.id)?.(m);
        }
      }
    });
    stream.body.on("error", () => {});
    const messages = await announced;
    let nextId = 100;
    const post = async (message: object): Promise<unknown> => {
      const id = nextId++;
      const answered = new Promise<unknown>((resolve) => answers.set(id, resolve));
      const body = {
        bytes: Buffer.from(JSON.stringify({ jsonrpc: "2.0", id, ...message })),
        type: "application/json",
        kind: "sse message",
      };
      const posted = await send("POST", messages, body, "active");
      expect(posted.status).toBe(202);
      return answered;
    };
    await post({
      method: "initialize",
      params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "fuzz", version: "1" } },
    });
    const tools = [...loadContract().operations.values()].map((o) => ({ op: o.operationId, name: o.tool }));
    const calls = fc
      .constantFrom(...tools)
      .chain(({ op, name }) => hostileArguments(valid.get(op)!).map((args) => ({ name, args })));
    await fc.assert(
      fc.asyncProperty(calls, async ({ name, args }) => {
        const before = ledger();
        const answer = await post({ method: "tools/call", params: { name, arguments: args } });
        within(`SSE tools/call ${name} ${JSON.stringify(args)?.slice(0, 160)}`, () => expectMcpAnswer(answer, before));
      }),
      { seed: SEED + 2, numRuns: 200, endOnFailure: true },
    );
    stream.body.destroy();
  }, 240_000);

  it("answered nothing spec/openapi.yaml does not describe", async () => {
    await server.close(); // ends the SSE stream, so its exchange is tapped too
    const { problems, covered } = auditExchanges(exchanges);
    expect(problems.slice(0, 20).map(formatProblem)).toEqual([]);
    const statuses = new Set([...covered.values()].flatMap((s) => [...s]));
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 402, 403, 405, 413, 415]));
    for (const op of OPERATION_IDS) {
      const { method, path, tool } = loadContract().operations.get(op)!;
      expect([...(covered.get(`${method} ${path}`) ?? [])], `${method} ${path}`).toContain(200);
      expect([...(covered.get(`MCP /mcp tools/call ${tool}`) ?? [])], `/mcp ${tool}`).toContain(200);
    }
    expect([...(covered.get("MCP /sse tools/call svc_get_jobs") ?? [])]).toContain(200);
  }, 60_000);
});
