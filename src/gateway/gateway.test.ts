import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer, type ReferenceServer } from "../reference/server.js";
import { startGateway, type Gateway } from "./server.js";

let upstream: ReferenceServer;
let gateway: Gateway;
let logFile: string;
let key: string;

beforeAll(async () => {
  upstream = await startReferenceServer({ people: 400, jobs: 80, companies: 40 });
  key = upstream.keys.active;
  logFile = join(mkdtempSync(join(tmpdir(), "tdss-gateway-")), "decisions.jsonl");
  gateway = await startGateway({ upstream: upstream.url, port: 0, log: logFile, timeoutMs: 5_000 });
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

async function send(
  base: string,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Raw> {
  const r = await request(`${base}${path}`, {
    method: method as "POST",
    headers: {
      authorization: `Bearer ${key}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body } : {}),
  });
  return { status: r.statusCode, headers: r.headers, text: await r.body.text() };
}

async function remaining(): Promise<number> {
  const r = await send(upstream.url, "GET", "/auth/key/status");
  return JSON.parse(r.text).data.remaining_credits as number;
}

/** The headers a relay must keep: everything but the per-connection ones and the date of sending. */
function relayed(headers: Raw["headers"]): Record<string, unknown> {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, "tdss-lint": _lintNote, ...rest } = headers;
  return rest;
}

const misspeltLevel = JSON.stringify({ where: { field: "management_level", eq: "director" }, size: 1 });
const cleanQuery = JSON.stringify({ where: { field: "skills", exists: true }, size: 3 });
// is_current outside has_experience: accepted by the service, but broadened (§2.2).
const broadened = JSON.stringify({ where: { field: "is_current", eq: true }, size: 2 });

describe("REST through the gateway", () => {
  it(
    "answers a certain mistake itself: 422, the envelope, " + "the diagnostics with replacements, Tdss-Blocked",
    async () => {
      const before = await remaining();
      const r = await send(gateway.url, "POST", "/v1/people/query", misspeltLevel);
      expect(r.status).toBe(422);
      expect(r.headers["tdss-blocked"]).toBe("fixed-set-value");
      const envelope = JSON.parse(r.text);
      expect(envelope.code).toBe(422);
      expect(envelope.msg).toMatch(/director/);
      expect(envelope.msg).toMatch(/Director/);
      const diagnostic = envelope.data.diagnostics.find((d: { rule: string }) => d.rule === "fixed-set-value");
      expect(diagnostic).toMatchObject({ consequence: "empty", pointer: "/where/eq" });
      expect(diagnostic.suggestions).toContainEqual(expect.objectContaining({ replacement: "Director" }));
      const [edit] = diagnostic.suggestions[0].edits;
      expect(misspeltLevel.slice(0, edit.range[0]) + edit.text + misspeltLevel.slice(edit.range[1])).toBe(
        misspeltLevel.replace('"director"', '"Director"'),
      );
      expect(await remaining()).toBe(before);
    },
  );

  it("forwards a clean query and relays the upstream's response byte for byte, with no Tdss-Lint", async () => {
    const direct = await send(upstream.url, "POST", "/v1/people/query", cleanQuery);
    const through = await send(gateway.url, "POST", "/v1/people/query", cleanQuery);
    expect(direct.status).toBe(200);
    expect(through.status).toBe(direct.status);
    expect(through.text).toBe(direct.text);
    expect(relayed(through.headers)).toEqual(relayed(direct.headers));
    expect(through.headers["tdss-lint"]).toBeUndefined();
  });

  it("forwards what it does not block, adding Tdss-Lint with the rules it found", async () => {
    const direct = await send(upstream.url, "POST", "/v1/people/query", broadened);
    const through = await send(gateway.url, "POST", "/v1/people/query", broadened);
    expect(through.status).toBe(200);
    expect(through.text).toBe(direct.text);
    expect(through.headers["tdss-lint"]).toMatch(/^\d+ warnings?; rules=.*field-outside-scope/);
  });

  it("blocks a dead value of an in list only when narrowed is blocked", async () => {
    const body = JSON.stringify({ where: { field: "management_level", in: ["Director", "Cxo"] }, size: 1 });
    const forwarded = await send(gateway.url, "POST", "/v1/people/query", body);
    expect(forwarded.status).toBe(200);
    expect(forwarded.headers["tdss-lint"]).toMatch(/fixed-set-value/);
    const narrowing = await startGateway({ upstream: upstream.url, port: 0, block: ["narrowed"] });
    try {
      const r = await send(narrowing.url, "POST", "/v1/people/query", body);
      expect(r.status).toBe(422);
      expect(r.headers["tdss-blocked"]).toBe("fixed-set-value");
    } finally {
      await narrowing.close();
    }
  });

  it("passes GET routes and unreadable bodies through untouched: the upstream decides", async () => {
    const version = await send(gateway.url, "GET", "/version");
    expect(version.text).toBe((await send(upstream.url, "GET", "/version")).text);
    const broken = '{"where": {"field": "city", "eq": "Berlin"'; // not JSON: the upstream refuses it, not the gateway
    const through = await send(gateway.url, "POST", "/v1/people/query", broken);
    const direct = await send(upstream.url, "POST", "/v1/people/query", broken);
    expect(through.status).toBe(direct.status);
    expect(through.text).toBe(direct.text);
    expect(through.headers["tdss-blocked"]).toBeUndefined();
  });

  it("refuses a body over 1 MiB and unknown paths without contacting the upstream", async () => {
    const huge = JSON.stringify({ where: { field: "city", eq: "x".repeat(1024 * 1024) } });
    const r = await send(gateway.url, "POST", "/v1/people/query", huge);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).msg).toMatch(/1048576 bytes/);
    const unknown = await send(gateway.url, "POST", "/v1/contacts/unlock", "{}");
    expect(unknown.status).toBe(404);
  });

  it("counts what it caught in /metrics and logs one line per linted request, never the key", async () => {
    const before = await remaining();
    const blockedGateway = await startGateway({
      upstream: upstream.url,
      port: 0,
      block: ["refused", "empty", "broadened"],
    });
    try {
      const r = await send(blockedGateway.url, "POST", "/v1/people/query", broadened);
      expect(r.status).toBe(422);
      expect(await remaining()).toBe(before); // never reached the upstream, which would have charged it
      const metrics = await send(blockedGateway.url, "GET", "/metrics");
      expect(metrics.text).toMatch(
        /tdss_gateway_requests_total\{transport="rest",route="queryPeople",outcome="blocked"\} 1/,
      );
      // size 2: ceil(2/25) = 1 Credit the service would have billed (§8).
      expect(metrics.text).toMatch(/tdss_gateway_credits_averted_total\{route="queryPeople"\} 1/);
      expect(metrics.text).toMatch(
        new RegExp(
          /tdss_gateway_diagnostics_total\{route="queryPeople",rule="field-outside-scope",/.source +
            /consequence="broadened",blocked="true"\} 1/.source,
        ),
      );
    } finally {
      await blockedGateway.close();
    }
    const metrics = await send(gateway.url, "GET", "/metrics");
    expect(metrics.text).toMatch(/tdss_gateway_mistakes_caught_total\{route="queryPeople",consequence="empty"\} [1-9]/);
    expect(metrics.text).toMatch(/tdss_gateway_upstream_seconds_count\{transport="rest",route="queryPeople"\} [1-9]/);
    const lines = readFileSync(logFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toContainEqual(
      expect.objectContaining({
        transport: "rest",
        route: "queryPeople",
        rules: ["fixed-set-value"],
        consequence: "empty",
        blocked: true,
      }),
    );
    expect(readFileSync(logFile, "utf8")).not.toContain(key);
  });
});

describe("an upstream that fails", () => {
  let silent: Server;
  beforeAll(async () => {
    silent = createServer(() => undefined); // accepts and never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => {
    silent.closeAllConnections();
    silent.close();
  });

  it("answers 504 with the envelope once the timeout passes, and 502 when nothing listens", async () => {
    const port = (silent.address() as AddressInfo).port;
    const slow = await startGateway({ upstream: `http://127.0.0.1:${port}`, port: 0, timeoutMs: 300 });
    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const dead = await startGateway({ upstream: `http://127.0.0.1:${closedPort}`, port: 0, timeoutMs: 300 });
    try {
      const late = await send(slow.url, "POST", "/v1/people/query", cleanQuery);
      expect(late.status).toBe(504);
      expect(JSON.parse(late.text)).toMatchObject({ code: 504, data: null });
      const unreachable = await send(dead.url, "GET", "/version");
      expect(unreachable.status).toBe(502);
      expect(JSON.parse(unreachable.text).msg).not.toContain(key);
    } finally {
      await slow.close();
      await dead.close();
    }
  });
});

describe("hostile bodies", () => {
  it(
    "survives deep nesting, bad bytes, a BOM, __proto__ keys and 50 MB without crashing or reaching the " +
      "upstream wrongly",
    async () => {
      const deep = `{"where":${'{"not":'.repeat(5000)}{"field":"city","eq":"Berlin"}${"}".repeat(5000)}}`;
      const tooDeep = await send(gateway.url, "POST", "/v1/people/query", deep);
      expect(tooDeep.status).toBe(422);
      expect(tooDeep.headers["tdss-blocked"]).toMatch(/max-depth/);
      const badBytes = Buffer.from([0x7b, 0x22, 0x77, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
      const direct = await send(upstream.url, "POST", "/v1/people/query", badBytes);
      const through = await send(gateway.url, "POST", "/v1/people/query", badBytes);
      expect(through.status).toBe(direct.status); // unreadable: forwarded untouched, the upstream decides
      const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(cleanQuery)]);
      expect((await send(gateway.url, "POST", "/v1/people/query", bom)).status).toBe(
        (await send(upstream.url, "POST", "/v1/people/query", bom)).status,
      );
      const proto = await send(
        gateway.url,
        "POST",
        "/v1/people/query",
        '{"__proto__":{"x":1},"where":{"field":"city","eq":"Berlin"}}',
      );
      expect(proto.status).toBeLessThan(500);
      const fifty = Buffer.alloc(50 * 1024 * 1024, 0x20);
      const huge = await send(gateway.url, "POST", "/v1/jobs/query", fifty);
      expect(huge.status).toBe(413);
      expect((await send(gateway.url, "GET", "/version")).status).toBe(200); // still serving
    },
  );
});
