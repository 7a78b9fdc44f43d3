import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BaseUrlError, HttpClient, isInsecureRemote, parseBaseUrl } from "./http.js";
import { IDLE_CONNECTION_MS } from "./connections.js";
import { KeyRatePolicies } from "./key-rate-policies.js";
import { startIdleClosingServer, type IdleClosingServer } from "./testing/idle-closing-server.js";
import { TransportHealth } from "./transport-health.js";

let server: Server;
let base: string;
const seen: { path: string; auth?: string }[] = [];
let attempts = 0;
const unavailableBodies: string[] = [];

function handler(req: IncomingMessage, res: ServerResponse): void {
  seen.push({ path: req.url ?? "", ...(req.headers.authorization ? { auth: req.headers.authorization } : {}) });
  switch (req.url) {
    case "/prefix/ok":
      res.writeHead(200, { "content-type": "application/json" }).end('{"code":200}');
      return;
    case "/hang":
      return; // never answers
    case "/drip": {
      res.writeHead(200, { "content-type": "application/json" });
      const timer = setInterval(() => res.write(" "), 100);
      res.on("close", () => clearInterval(timer));
      return;
    }
    case "/huge":
      res.writeHead(200, { "content-type": "application/json" });
      res.end(Buffer.alloc(5 * 1024 * 1024, 0x61));
      return;
    case "/reset":
      req.socket.destroy();
      return;
    case "/redirect":
      res.writeHead(302, { location: "http://198.51.100.7/steal" }).end();
      return;
    case "/limited":
      attempts++;
      if (attempts < 3) res.writeHead(429, { "retry-after": "0" }).end();
      else res.writeHead(200).end("{}");
      return;
    case "/user-agent":
      res.writeHead(200, { "content-type": "text/plain" }).end(req.headers["user-agent"] ?? "none");
      return;
    case "/limited-in-band":
      // §7 shows neither the status nor the body of a failure: a rate limit may come as a 200 and its own code.
      attempts++;
      res.writeHead(200, { "content-type": "application/json" });
      if (attempts < 3) res.end('{"code":1015,"msg":"Rate limit exceeded, retry later","data":null}');
      else res.end('{"code":200,"msg":"ok","data":{"note":"rate limit"}}');
      return;
    case "/limited-long":
      res.writeHead(429, { "retry-after": "120" }).end();
      return;
    case "/limited-29":
      res.writeHead(429, { "retry-after": "29", "content-type": "application/json" });
      res.end('{"code":429,"msg":"slow down"}');
      return;
    case "/limited-1":
      res.writeHead(429, { "retry-after": "1" }).end();
      return;
    case "/unavailable": {
      // A load balancer whose backend is away twice, then back: what each attempt carried is kept.
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        unavailableBodies.push(Buffer.concat(chunks).toString("utf8"));
        if (unavailableBodies.length < 3)
          res.writeHead(503, { "retry-after": "0", "content-type": "text/html" }).end("<h1>down</h1>");
        else res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
      return;
    }
    case "/unavailable-always":
      res.writeHead(503, { "retry-after": "0", "content-type": "text/html" }).end("<h1>down</h1>");
      return;
    case "/unavailable-29":
      res.writeHead(503, { "retry-after": "29", "content-type": "text/html" }).end("<h1>down</h1>");
      return;
    case "/gzip":
    case "/deflate":
    case "/br": {
      // Compressed without being asked (no Accept-Encoding: RFC 9110 §12.5.3), a refusal as a success.
      const coding = req.url.slice(1);
      const json = Buffer.from('{"code":400,"msg":"refused","data":null}');
      const body =
        coding === "gzip" ? gzipSync(json) : coding === "deflate" ? deflateSync(json) : brotliCompressSync(json);
      res.writeHead(400, { "content-type": "application/json", "content-encoding": coding }).end(body);
      return;
    }
    case "/stacked":
      // deflate applied first, then gzip (RFC 9110 §8.4: the codings listed in the order they were applied).
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "deflate, gzip" });
      res.end(gzipSync(deflateSync(Buffer.from('{"code":200}'))));
      return;
    case "/gzip-garbage":
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end("not gzip at all");
      return;
    case "/unknown-coding":
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "compress-2099" }).end("xyz");
      return;
    case "/gzip-bomb":
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)));
      return;
    case "/unavailable-bare":
      res.writeHead(503, { "content-type": "text/html" }).end("<h1>down</h1>");
      return;
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("HttpClient", () => {
  it("joins paths to the base URL's own path", async () => {
    const client = new HttpClient({ baseUrl: `${base}/prefix/` });
    const r = await client.send({ method: "GET", path: "/ok" });
    expect(r).toMatchObject({ status: 200, bodyText: '{"code":200}', url: `${base}/prefix/ok` });
    await client.close();
  });

  it("leaves no timer behind once closed, so that a process that is done exits at once", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    const client = new HttpClient({ baseUrl: `${base}/prefix/` });
    expect((await client.send({ method: "GET", path: "/ok" })).status).toBe(200);
    await client.close();
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it("refuses a path that would leave the base origin, without sending anything", async () => {
    const client = new HttpClient({ baseUrl: base });
    const before = seen.length;
    for (const path of ["//198.51.100.7/x", "http://198.51.100.7/x", "x", "/ok\r\nHost: evil"]) {
      const r = await client.send({ method: "GET", path, headers: { authorization: "Bearer svc_secret" } });
      expect(r.error, path).toMatch(/must start with a single "\/"|leaves/);
    }
    expect(seen.length).toBe(before);
    await client.close();
  });

  it("gives up on a server that never answers, at the deadline", async () => {
    const client = new HttpClient({ baseUrl: base, timeoutMs: 300 });
    const started = Date.now();
    const r = await client.send({ method: "GET", path: "/hang" });
    expect(r.error).toMatch(/no complete response within 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    await client.close();
  });

  it("gives up on a body that drips forever, at the deadline", async () => {
    const client = new HttpClient({ baseUrl: base, timeoutMs: 400 });
    const r = await client.send({ method: "GET", path: "/drip" });
    expect(r.error).toMatch(/timed out while reading the body/);
    await client.close();
  });

  it("stops reading a body larger than the cap", async () => {
    const client = new HttpClient({ baseUrl: base, maxBodyBytes: 1024 * 1024 });
    const r = await client.send({ method: "GET", path: "/huge" });
    expect(r.status).toBe(200);
    expect(r.bodyText).toBeUndefined();
    expect(r.error).toMatch(/larger than 1 MiB/);
    await client.close();
  });

  it("reads an answer in any content coding as it is, a refusal's too, the cap on the decoded bytes", async () => {
    const client = new HttpClient({ baseUrl: base, maxBodyBytes: 1024 * 1024 });
    for (const coding of ["gzip", "deflate", "br"]) {
      const r = await client.send({ method: "GET", path: `/${coding}` });
      expect(r.status, coding).toBe(400);
      expect(r.bodyText, coding).toBe('{"code":400,"msg":"refused","data":null}');
    }
    expect((await client.send({ method: "GET", path: "/stacked" })).bodyText).toBe('{"code":200}');
    // A coding the runner does not know, or a body that does not decode: the answer as it came, which no check reads
    // as the envelope (a failure where an answer is judged, not a transport's failure).
    const garbage = await client.send({ method: "GET", path: "/gzip-garbage" });
    expect(garbage.error).toBeUndefined();
    expect(garbage.bodyText).toBe("not gzip at all");
    expect((await client.send({ method: "GET", path: "/unknown-coding" })).bodyText).toBe("xyz");
    // 8 MiB of spaces in 8 KiB of gzip: reading stops at the cap, counted as decoded.
    const bomb = await client.send({ method: "GET", path: "/gzip-bomb" });
    expect(bomb.bodyText).toBeUndefined();
    expect(bomb.error).toMatch(/larger than 1 MiB/);
    await client.close();
  });

  it("reports a reset connection", async () => {
    const client = new HttpClient({ baseUrl: base });
    const r = await client.send({ method: "GET", path: "/reset" });
    expect(r.error).toMatch(/closed|reset/);
    await client.close();
  });

  it("returns a redirect as it is and never follows it", async () => {
    const client = new HttpClient({ baseUrl: base });
    const r = await client.send({ method: "GET", path: "/redirect", headers: { authorization: "Bearer svc_secret" } });
    expect(r).toMatchObject({ status: 302, headers: { location: "http://198.51.100.7/steal" } });
    await client.close();
  });

  it("retries 429 after Retry-After, boundedly", async () => {
    const client = new HttpClient({ baseUrl: base, rates: new KeyRatePolicies({ maxRetries: 3 }) });
    const r = await client.send({ method: "GET", path: "/limited" });
    expect(r).toMatchObject({ status: 200, retries: 2 });
    expect(r.rateLimited).toBeUndefined();
    // A request whose 429 is the answer expected (the exhausted key's refusal) is not re-sent.
    attempts = 0;
    const kept = await client.send({ method: "GET", path: "/limited", rateRetries: 0 });
    expect(kept).toMatchObject({ status: 429, retries: 0, rateLimited: true });
    const long = await client.send({ method: "GET", path: "/limited-long" });
    expect(long).toMatchObject({ status: 429, retries: 0, rateLimited: true });
    expect(long.error).toBeUndefined();
    await client.close();
  });

  it("names itself in User-Agent, unless the request names another", async () => {
    const client = new HttpClient({ baseUrl: base });
    expect((await client.send({ method: "GET", path: "/user-agent" })).bodyText).toMatch(/^tdss\/\d+\.\d+\.\d+$/);
    const own = await client.send({ method: "GET", path: "/user-agent", headers: { "user-agent": "mine" } });
    expect(own.bodyText).toBe("mine");
    await client.close();
  });

  it("retries a failure envelope that says rate limit under another status, as a 429", async () => {
    const client = new HttpClient({ baseUrl: base, rates: new KeyRatePolicies({ maxRetries: 3 }) });
    attempts = 0;
    const r = await client.send({ method: "GET", path: "/limited-in-band" });
    // The success that follows names the rate limit in its data, and is still the answer.
    expect(r).toMatchObject({ status: 200, retries: 2, bodyText: expect.stringContaining('"code":200') });
    expect(r.rateLimited).toBeUndefined();
    attempts = 0;
    const kept = await client.send({ method: "GET", path: "/limited-in-band", rateRetries: 0 });
    expect(kept).toMatchObject({ status: 200, retries: 0, rateLimited: true });
    await client.close();
  });

  it("re-sends a 503 with Retry-After, body and all; still there after its retries, it is no answer", async () => {
    const client = new HttpClient({ baseUrl: base, rates: new KeyRatePolicies({ maxRetries: 3 }) });
    const r = await client.send({ method: "POST", path: "/unavailable", body: '{"q":1}' });
    expect(r).toMatchObject({ status: 200, retries: 2, bodyText: "{}" });
    expect(r).not.toHaveProperty("error");
    expect(r).not.toHaveProperty("unavailable");
    expect(unavailableBodies).toEqual(['{"q":1}', '{"q":1}', '{"q":1}']);
    // `rateRetries: 0` concerns 429s (a balance refusal may be one); a 503 is never that refusal.
    const gone = await client.send({ method: "POST", path: "/unavailable-always", body: "{}", rateRetries: 0 });
    expect(gone).toMatchObject({
      status: 503,
      retries: 3,
      unavailable: true,
      error: "the deployment was unavailable: HTTP 503 with Retry-After, still after 3 retries",
    });
    expect(gone).not.toHaveProperty("rateLimited");
    // Without Retry-After a 503 is an answer like any other: sent once, returned as it came.
    const before = seen.length;
    const bare = await client.send({ method: "GET", path: "/unavailable-bare" });
    expect(bare).toMatchObject({ status: 503, retries: 0, bodyText: "<h1>down</h1>" });
    expect(bare).not.toHaveProperty("error");
    expect(bare).not.toHaveProperty("unavailable");
    expect(seen.length).toBe(before + 1);
    await client.close();
  });

  it("holds the key after a 503 whose Retry-After passes the deadline: what it holds is no answer either", async () => {
    const client = new HttpClient({ baseUrl: base, timeoutMs: 1500 });
    const r = await client.send({ method: "GET", path: "/unavailable-29" });
    expect(r).toMatchObject({
      status: 503,
      retries: 0,
      unavailable: true,
      error: expect.stringMatching(/after 0 retries$/),
    });
    const before = seen.length;
    const held = await client.send({ method: "GET", path: "/prefix/ok" });
    expect(held).toMatchObject({ notSent: true, unavailable: true, error: expect.stringMatching(/^not sent: .*503/) });
    expect(held).not.toHaveProperty("rateLimited");
    expect(seen.length).toBe(before);
    await client.close();
  });

  it("bounds a request and its retries by the timeout: a Retry-After past the deadline is not waited", async () => {
    const client = new HttpClient({ baseUrl: base, timeoutMs: 2500 });
    let started = performance.now();
    const r = await client.send({ method: "GET", path: "/limited-29" });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(r).toMatchObject({ status: 429, retries: 0, headers: { "retry-after": "29" }, rateLimited: true });
    expect(r.bodyText).toBe('{"code":429,"msg":"slow down"}');
    // The 29 s hold the deployment asked for applies to the next request too: it is not sent at all.
    const before = seen.length;
    const held = await client.send({ method: "GET", path: "/prefix/ok" });
    expect(held).toMatchObject({ notSent: true, rateLimited: true, error: expect.stringMatching(/^not sent: .*429/) });
    expect(seen.length).toBe(before);
    // The hold is the key's (§8): a request with another key is sent at once.
    const otherKey = await client.send({ method: "GET", path: "/prefix/ok", headers: { Authorization: "Bearer k2" } });
    expect(otherKey).toMatchObject({ status: 200 });
    expect(seen.length).toBe(before + 1);
    await client.close();
    // Retry-After: 1 fits in 2.5 s once or twice, never three times: the whole request ends by the deadline.
    const fresh = new HttpClient({ baseUrl: base, timeoutMs: 2500 });
    started = performance.now();
    const short = await fresh.send({ method: "GET", path: "/limited-1" });
    const took = performance.now() - started;
    expect(short).toMatchObject({ status: 429, rateLimited: true });
    expect(short.retries).toBeGreaterThanOrEqual(1);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(2500 + 1500);
    await fresh.close();
  });

  it("stops sending after consecutive transport failures; an answer of any kind resets the count", async () => {
    const health = new TransportHealth(3);
    const client = new HttpClient({ baseUrl: base, timeoutMs: 300, health });
    await client.send({ method: "GET", path: "/reset" });
    await client.send({ method: "GET", path: "/hang" });
    expect((await client.send({ method: "GET", path: "/nothing-here" })).status).toBe(404);
    await client.send({ method: "GET", path: "/reset" });
    await client.send({ method: "GET", path: "/hang" });
    expect(health.stopped).toBeUndefined();
    await client.send({ method: "GET", path: "/reset" });
    expect(health.stopped).toMatch(/^3 requests in a row got no answer \(the last: connection (closed|reset)/);
    const before = seen.length;
    const after = await client.send({ method: "GET", path: "/prefix/ok" });
    expect(after.notSent).toBe(true);
    expect(after.error).toMatch(/^not sent: the run stopped after 3 requests in a row/);
    expect(seen.length).toBe(before);
    await client.close();
  });

  it("paces requests to the rate it is given", async () => {
    const client = new HttpClient({ baseUrl: `${base}/prefix` });
    client.rates.setRate(20);
    const started = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => client.send({ method: "GET", path: "/ok" })));
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    await client.close();
  });

  it("sends every request of a queue longer than the deadline, in turn: a queue is no deadline", async () => {
    const client = new HttpClient({ baseUrl: `${base}/prefix`, timeoutMs: 200 });
    client.rates.setRate(20); // the tenth turn comes 450 ms after the first, past the 200 ms deadline
    const results = await Promise.all(Array.from({ length: 10 }, () => client.send({ method: "GET", path: "/ok" })));
    expect(results.map((r) => r.status ?? r.error)).toEqual(Array.from({ length: 10 }, () => 200));
    await client.close();
  });

  it("reports a refused connection", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const client = new HttpClient({ baseUrl: `http://127.0.0.1:${port}` });
    expect((await client.send({ method: "GET", path: "/" })).error).toMatch(/connection refused/);
    await client.close();
  });
});

describe("base URLs", () => {
  it("accepts http(s) without credentials, query or fragment", () => {
    expect(parseBaseUrl("https://api.example.com/v2").href).toBe("https://api.example.com/v2");
    expect(() => parseBaseUrl("ftp://x")).toThrow(BaseUrlError);
    expect(() => parseBaseUrl("https://user:pw@x")).toThrow(/credentials/);
    expect(() => parseBaseUrl("https://x/?a=1")).toThrow(/query/);
    expect(() => parseBaseUrl("not a url")).toThrow(/not a URL/);
  });

  it("flags plain http to a host other than loopback", () => {
    expect(isInsecureRemote(new URL("http://api.example.com"))).toBe(true);
    expect(isInsecureRemote(new URL("https://api.example.com"))).toBe(false);
    expect(isInsecureRemote(new URL("http://127.0.0.1:8080"))).toBe(false);
    expect(isInsecureRemote(new URL("http://localhost:8080"))).toBe(false);
  });
});

describe("a deployment that closes idle connections, unannounced (RFC 9112 §9.3)", () => {
  let target: IdleClosingServer;
  beforeAll(async () => {
    target = await startIdleClosingServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }).end('{"code":200,"msg":"ok","data":{}}');
    });
  });
  afterAll(() => target.close());
  const since = (from: number) => target.seen.slice(from).map((r) => `${r.method} ${r.closed ? "closed" : "served"}`);

  it("sends an idempotent request that met the close again, on a new connection, and counts no failure", async () => {
    const health = new TransportHealth(1);
    // One connection, so that every request after the first goes on one that has answered.
    const client = new HttpClient({ baseUrl: target.url, health, connections: 1 });
    const from = target.seen.length;
    expect((await client.send({ method: "GET", path: "/version" })).status).toBe(200);
    expect((await client.send({ method: "GET", path: "/auth/key/status" })).status).toBe(200);
    expect(since(from)).toEqual(["GET served", "GET closed", "GET served"]);
    expect(health.stopped).toBeUndefined();
    await client.close();
  });

  it("never sends a POST that met the close again: no answer, and no sign of a deployment gone", async () => {
    const health = new TransportHealth(1);
    const client = new HttpClient({ baseUrl: target.url, health, connections: 1 });
    const from = target.seen.length;
    await client.send({ method: "GET", path: "/version" });
    const search = await client.send({ method: "POST", path: "/v1/people/query", body: "{}" });
    expect(search.status).toBeUndefined();
    expect(search.error).toMatch(/^connection closed by the server before any answer.*a POST is not sent again/);
    expect(since(from)).toEqual(["GET served", "POST closed"]);
    // One failure would have stopped the run at this limit; a reset connection that had answered is no such sign.
    expect(health.stopped).toBeUndefined();
    await client.close();
  });

  it("never writes a request more than IDLE_CONNECTION_MS after the previous one on its connection began", async () => {
    const slow = await startIdleClosingServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"), IDLE_CONNECTION_MS + 200);
    });
    try {
      const client = new HttpClient({ baseUrl: slow.url, connections: 1 });
      expect((await client.send({ method: "GET", path: "/version" })).status).toBe(200);
      // Answered just now, but the deployment may count its idle time from when it had the request: a new connection.
      expect((await client.send({ method: "POST", path: "/v1/people/query", body: "{}" })).status).toBe(200);
      expect(slow.seen.map((r) => `${r.method} ${r.closed ? "closed" : "served"}`)).toEqual([
        "GET served",
        "POST served",
      ]);
      await client.close();
    } finally {
      await slow.close();
    }
  });

  it("never writes a request on a connection unused past IDLE_CONNECTION_MS, however late its timers run", async () => {
    const client = new HttpClient({ baseUrl: target.url, connections: 1 });
    const from = target.seen.length;
    await client.send({ method: "GET", path: "/version" });
    // The event loop held past the limit, as a check over a large answer holds it: no timer can close the connection.
    const held = performance.now();
    while (performance.now() - held < IDLE_CONNECTION_MS + 100);
    const search = await client.send({ method: "POST", path: "/v1/people/query", body: "{}" });
    expect(search.status).toBe(200);
    expect(since(from)).toEqual(["GET served", "POST served"]);
    await client.close();
  });
});
