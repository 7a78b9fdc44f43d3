import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { behindGateway, type GatewayConditions } from "./gateway.js";

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A server behind a gateway whose service answers 200 after `holdMs`; resolves to its URL. */
async function serve(conditions: GatewayConditions, holdMs = 0): Promise<string> {
  const service = (_req: IncomingMessage, res: ServerResponse) =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end('{"code":200,"msg":"ok","data":{}}');
        resolve();
      }, holdMs),
    );
  const front = behindGateway(service, conditions);
  const server = createServer((req, res) => void front(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => server.close() });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

describe("behindGateway", () => {
  it("answers a key past its in-flight limit 429 with Retry-After: 1, other keys and streams apart", async () => {
    const url = await serve({ inFlightPerKey: 2 }, 150);
    const statuses = await Promise.all([
      ...Array.from({ length: 3 }, () => fetch(`${url}/v1/people/query`, as("a")).then((r) => r.status)),
      fetch(`${url}/v1/people/query`, as("b")).then((r) => r.status),
      fetch(`${url}/sse`, as("a")).then((r) => r.status),
    ]);
    expect(statuses.sort()).toEqual([200, 200, 200, 200, 429]);
    const refused = await Promise.all([
      fetch(`${url}/x`, as("c")),
      fetch(`${url}/x`, as("c")),
      fetch(`${url}/x`, as("c")),
    ]);
    const limited = refused.find((r) => r.status === 429)!;
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(await limited.json()).toMatchObject({ code: 429, data: null });
    // Once the answers are over, the key has its slots back.
    expect((await fetch(`${url}/x`, as("c"))).status).toBe(200);
  });

  it("counts a key's requests per fixed window, answering the excess 429 with the window's remainder", async () => {
    const url = await serve({ window: { requests: 2, seconds: 60, headers: "ietf" } });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await fetch(`${url}/x`, as("a")));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(answers.map((r) => r.headers.get("ratelimit-remaining"))).toEqual(["1", "0", "0"]);
    const wait = Number(answers[2]!.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    expect(answers[0]!.headers.get("ratelimit-reset")).toBe(String(wait));
    expect((await fetch(`${url}/x`, as("b"))).status).toBe(200);
  });

  it("writes X-RateLimit-* with the window's end in epoch seconds, and dates answers by its own clock", async () => {
    const url = await serve({ window: { requests: 5, seconds: 1, headers: "x" }, clockAheadMs: 90_000 });
    const answer = await fetch(`${url}/x`, as("a"));
    expect(answer.headers.get("x-ratelimit-limit")).toBe("5");
    expect(answer.headers.get("x-ratelimit-remaining")).toBe("4");
    const reset = Number(answer.headers.get("x-ratelimit-reset")) * 1000;
    expect(reset - Date.now()).toBeGreaterThan(-1000);
    expect(reset - Date.now()).toBeLessThanOrEqual(2000);
    const ahead = Date.parse(answer.headers.get("date")!) - Date.now();
    expect(ahead).toBeGreaterThan(88_000);
    expect(ahead).toBeLessThan(91_000);
  });
});
