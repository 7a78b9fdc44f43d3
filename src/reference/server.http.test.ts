import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestClient } from "./testing/fixtures.js";
import { MAX_BODY_BYTES } from "./http.js";
import { startReferenceServer, type ReferenceServer } from "./server.js";

let server: ReferenceServer;
let api: RestClient;

beforeAll(async () => {
  server = await startReferenceServer({ people: 300, jobs: 50, companies: 20 });
  api = new RestClient(server.url, server.keys.active);
});
afterAll(() => server.close());

const query = { where: { field: "city", eq: "London" }, size: 1 };

/** A failure: the documented status and the envelope with a message and null data. */
function refused(status: number, msg: RegExp) {
  return { status, body: { code: status, msg: expect.stringMatching(msg), data: null } };
}

describe("authentication (§5, s5-request-without-valid-key)", () => {
  it("refuses a missing, malformed or unknown key with 401 on every route, without repeating the key", async () => {
    const secretish = "svc_this_key_must_never_be_echoed";
    for (const [client, msg] of [
      [api.withKey(undefined), /missing Authorization header/],
      [api.withKey(secretish), /unknown API key/],
    ] as const) {
      const answers = [
        await client.post("/v1/people/query", query),
        await client.get("/version"),
        await client.get("/auth/key/status"),
      ];
      for (const a of answers) {
        expect(a).toMatchObject(refused(401, msg));
        expect(a.headers["www-authenticate"]).toMatch(/^Bearer/);
        expect(JSON.stringify(a.body)).not.toContain(secretish);
      }
    }
    const basic = await api.send("GET", "/version", undefined, { authorization: "Basic dXNlcjpwYXNz" });
    expect(basic).toMatchObject(refused(401, /must be Bearer/));
  });

  it("refuses an inactive key with 403, except on key status, which reports it inactive", async () => {
    const inactive = api.withKey(server.keys.inactive);
    expect(await inactive.post("/v1/people/query", query)).toMatchObject(refused(403, /inactive/));
    expect(await inactive.get("/version")).toMatchObject(refused(403, /inactive/));
    expect((await inactive.get("/auth/key/status")).body.data.active).toBe(false);
  });
});

describe("bad requests get a clear enveloped error, never a 5xx", () => {
  it("404 for an unknown route, 405 with Allow for a wrong method", async () => {
    expect(await api.get("/v2/people/query")).toMatchObject(
      refused(404, /no route GET \/v2\/people\/query; the service has nine routes/),
    );
    expect(await api.post("/contact/unlock", {})).toMatchObject(refused(404, /no route POST \/contact\/unlock/));
    const wrong = await api.get("/v1/people/query");
    expect(wrong).toMatchObject(refused(405, /GET is not allowed on \/v1\/people\/query; use POST/));
    expect(wrong.headers.allow).toBe("POST");
    expect((await api.send("DELETE", "/version", undefined, {})).headers.allow).toBe("GET");
  });

  it("415 unless the POST says Content-Type: application/json (s4-post-content-type-json)", async () => {
    expect(await api.post("/v1/people/query", JSON.stringify(query), { "content-type": "text/plain" })).toMatchObject(
      refused(415, /Content-Type must be application\/json.*got text\/plain/),
    );
    expect(
      (await api.post("/v1/people/query", JSON.stringify(query), { "content-type": "application/json; charset=utf-8" }))
        .status,
    ).toBe(200);
  });

  it("400 for malformed JSON, an empty body and a body that is not an object", async () => {
    expect(await api.post("/v1/people/query", '{"where": {"field": "city",')).toMatchObject(
      refused(400, /not valid JSON/),
    );
    expect(await api.post("/v1/people/query", "")).toMatchObject(refused(400, /body is empty/));
    expect(await api.post("/v1/people/query", "[1, 2]")).toMatchObject(
      refused(400, /must be a JSON object; got array/),
    );
    expect(await api.post("/v1/people/query", "null")).toMatchObject(refused(400, /must be a JSON object; got null/));
  });

  it("413 for a body over the limit, whether declared or streamed", async () => {
    const big = JSON.stringify({ where: { any: [] }, pad: "x".repeat(MAX_BODY_BYTES) });
    expect(await api.post("/v1/people/query", big)).toMatchObject(refused(413, /larger than 1048576 bytes/));
    const streamed = await new Promise<string>((resolve, reject) => {
      const url = new URL(server.url);
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST /v1/people/query HTTP/1.1\r\nHost: x\r\nAuthorization: ` +
            `Bearer ${server.keys.active}\r\nContent-Type: application/json\r\nTransfer-Encoding: ` +
            `chunked\r\n\r\n`,
        );
        const chunk = "y".repeat(64 * 1024);
        for (let i = 0; i < 20; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      });
      let text = "";
      socket.on("data", (d) => (text += d.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", (e) => (text ? resolve(text) : reject(e)));
    });
    expect(streamed).toMatch(/^HTTP\/1\.1 413/);
  });

  it("400 for deep nesting and huge arrays, at no cost", async () => {
    const deep = (n: number) => `{"where":${'{"not":'.repeat(n)}{"field":"city","eq":"x"}${"}".repeat(n)}}`;
    const before = await api.remaining();
    expect(await api.post("/v1/people/query", deep(5000))).toMatchObject(refused(400, /nested deeper than 64 nodes/));
    expect((await api.post("/v1/people/query", deep(100_000))).status).toBe(400);
    expect(
      await api.post("/v1/people/query", {
        where: { any: Array.from({ length: 20_000 }, () => ({ field: "city", eq: "x" })) },
      }),
    ).toMatchObject(refused(400, /more than 1000 nodes/));
    expect(
      await api.post("/entity/v1/profiles/detail-by-id", {
        profile_ids: Array.from({ length: 50_000 }, (_, i) => String(i)),
      }),
    ).toMatchObject(refused(400, /has 50000 IDs/));
    expect(await api.remaining()).toBe(before);
  });

  it("ignores a query string and the body of a GET", async () => {
    expect((await api.send("GET", "/version?x=1", "garbage", { "content-type": "text/plain" })).status).toBe(200);
  });

  it("answers 404 enveloped on the MCP paths when the MCP layer does not claim the request", async () => {
    const r = await api.send("PUT", "/messages", undefined, {});
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });
});

describe("rate limit (s8-rate-limit-quota-not-shown)", () => {
  it("answers 429 with Retry-After once a key's bucket is empty, for that key only", async () => {
    const limited = await startReferenceServer({
      people: 50,
      jobs: 5,
      companies: 5,
      rateLimit: { requests: 3, perSeconds: 60 },
    });
    try {
      const client = new RestClient(limited.url, limited.keys.active);
      for (let i = 0; i < 3; i++) expect((await client.get("/version")).status).toBe(200);
      const throttled = await client.get("/version");
      expect(throttled).toMatchObject(refused(429, /rate limit of 3 requests per 60 s exceeded/));
      expect(Number(throttled.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(throttled.headers["retry-after"])).toBeLessThanOrEqual(20);
      expect((await client.withKey(limited.keys.exhausted).get("/version")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

/** Runs `use` against a small reference server under `variant`, closing it after. */
async function underVariant(variant: string, use: (server: ReferenceServer) => Promise<void>): Promise<void> {
  const server = await startReferenceServer({ people: 50, jobs: 5, companies: 5, variant });
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

describe("how HTTP carries an answer, as variants choose it (s4-bodies-http-carriage)", () => {
  it("answers through a proxy: members reordered, pretty-printed, a charset, chunked, fields of its own", () =>
    underVariant("http-answers-through-a-proxy", async (proxied) => {
      const response = await fetch(`${proxied.url}/version`, {
        headers: { Authorization: `Bearer ${proxied.keys.active}` },
      });
      expect(response.headers.get("content-type")).toBe("application/json;charset=UTF-8");
      expect(response.headers.get("content-length")).toBeNull();
      expect(response.headers.get("transfer-encoding")).toBe("chunked");
      expect(response.headers.get("via")).toBe("1.1 edge-proxy");
      const text = await response.text();
      expect(text).toMatch(/^\{\n {2}"data": \{/);
      expect(Object.keys(JSON.parse(text) as object)).toEqual(["data", "msg", "code"]);
    }));

  it("answers requests sent together in another order than they were sent, under a latency that varies", () =>
    underVariant("service-latency-jittered", async (jittered) => {
      const order: number[] = [];
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${jittered.url}/version`, { headers: { Authorization: `Bearer ${jittered.keys.active}` } })
            .then((r) => r.arrayBuffer())
            .then(() => order.push(i)),
        ),
      );
      // Twenty draws from 5 to 150 ms come back in the order sent about once in 20! times.
      expect(order).toHaveLength(20);
      expect(order).not.toEqual([...order].sort((a, b) => a - b));
    }));

  it("answers every 100th request of a key 503 with Retry-After, REST and MCP apart, serving none", async () => {
    const flaky = await startReferenceServer({ people: 50, jobs: 5, companies: 5, variant: "service-transient-503" });
    try {
      const authorization = `Bearer ${flaky.keys.active}`;
      const balance = async () => {
        const r = await fetch(`${flaky.url}/auth/key/status`, { headers: { Authorization: authorization } });
        return ((await r.json()) as { data: { remaining_credits: number } }).data.remaining_credits;
      };
      const statuses = async (send: () => Promise<Response>, n: number) => {
        const out: { status: number; retryAfter: string | null }[] = [];
        for (let i = 0; i < n; i++) {
          const r = await send();
          await r.arrayBuffer();
          out.push({ status: r.status, retryAfter: r.headers.get("retry-after") });
        }
        return out;
      };
      const priced = () =>
        fetch(`${flaky.url}/v1/people/query`, {
          method: "POST",
          headers: { Authorization: authorization, "Content-Type": "application/json" },
          body: JSON.stringify({ where: { field: "city", eq: "London" }, size: 1 }),
        });
      // The key's first three REST requests: what one priced request costs.
      const start = await balance();
      expect((await statuses(priced, 1))[0]!.status).toBe(200);
      const cost = start - (await balance());
      expect(cost).toBeGreaterThan(0);
      const rest = await statuses(priced, 197);
      expect(rest.filter((a) => a.status === 503)).toEqual([
        { status: 503, retryAfter: "1" },
        { status: 503, retryAfter: "1" },
      ]);
      expect(rest.findIndex((a) => a.status === 503)).toBe(96); // the key's 100th REST request
      // Served ones were charged, the two 503s never were.
      expect(await balance()).toBe(start - cost * 196);
      const mcp = await statuses(
        () =>
          fetch(`${flaky.url}/mcp`, {
            method: "POST",
            headers: {
              Authorization: authorization,
              "Content-Type": "application/json",
              Accept: "application/json, text/event-stream",
            },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
          }),
        100,
      );
      expect(mcp.findIndex((a) => a.status === 503)).toBe(99); // MCP has its own count
      expect(mcp.filter((a) => a.status === 503)).toHaveLength(1);
      // Another key has its own count: its first request is served.
      const other = await fetch(`${flaky.url}/version`, {
        headers: { Authorization: `Bearer ${flaky.keys.exhausted}` },
      });
      expect(other.status).not.toBe(503);
    } finally {
      await flaky.close();
    }
  });

  it("closes a connection left idle after an answer, unannounced, and keeps one in use", async () => {
    const idle = await startReferenceServer({
      people: 50,
      jobs: 5,
      companies: 5,
      variant: "http-idle-connections-closed",
    });
    try {
      const { port } = new URL(idle.url);
      const socket = connect(Number(port), "127.0.0.1");
      const received: string[] = [];
      socket.on("data", (chunk: Buffer) => received.push(chunk.toString("latin1")));
      const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
      const ask = (path: string) =>
        socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${idle.keys.active}\r\n\r\n`);
      const answers = () => received.join("").match(/HTTP\/1\.1 \d{3}/g) ?? [];
      ask("/version");
      await expect.poll(answers).toHaveLength(1);
      ask("/auth/key/status"); // the same connection, still open right after an answer
      await expect.poll(answers).toHaveLength(2);
      await closed; // then left idle: the server closes it
      const heads = received.join("");
      expect(answers()).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
      expect(heads).not.toMatch(/^keep-alive:/im); // never announced
      expect(heads).not.toMatch(/^connection: close/im);
    } finally {
      await idle.close();
    }
  });

  it("closes the connection after every answer, REST and MCP (Connection: close)", async () => {
    const closing = await startReferenceServer({ people: 50, jobs: 5, companies: 5, variant: "http-connection-close" });
    try {
      const authorization = `Bearer ${closing.keys.active}`;
      const rest = await fetch(`${closing.url}/version`, { headers: { Authorization: authorization } });
      expect(rest.headers.get("connection")).toBe("close");
      await rest.text();
      const mcp = await fetch(`${closing.url}/mcp`, {
        method: "POST",
        headers: {
          Authorization: authorization,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(mcp.headers.get("connection")).toBe("close");
      expect(((await mcp.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(9);
    } finally {
      await closing.close();
    }
  });
});
