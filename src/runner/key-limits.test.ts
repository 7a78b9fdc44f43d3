import { describe, expect, it } from "vitest";
import type { BalanceMeter } from "./balance.js";
import { KeyLimits } from "./key-limits.js";
import type { KeyState } from "../checks/key-state.js";
import { NotRun } from "./not-run.js";
import type { AuthMode, Exchange } from "../checks/exchange.js";
import { KeyScopes } from "./key-scopes.js";

/** A meter whose key status answers `state`, counting how often it was asked. */
function meter(state: KeyState): BalanceMeter & { asked: number } {
  const m = { asked: 0, state: () => (m.asked++, Promise.resolve(state)) };
  return m as unknown as BalanceMeter & { asked: number };
}

function exchange(answer: Partial<Exchange>, auth: AuthMode = "primary"): Exchange {
  const request = { method: "POST", path: "/v1/people/query", url: "http://x/v1/people/query", headers: {}, auth };
  return { request, durationMs: 1, ...answer };
}

const http = (status: number) => exchange({ status, json: { code: status, msg: "no", data: null } });
const toolError = (envelope?: unknown) =>
  exchange({
    toolError: true,
    ...(envelope === undefined ? { jsonError: "JSON-RPC error -32000" } : { json: envelope }),
  });

describe("KeyLimits: the tester's balance and rate, told apart from the deployment's refusals by key status", () => {
  it.each([
    ["HTTP 402", http(402)],
    ["HTTP 403", http(403)],
    ["HTTP 429", http(429)],
    ["an envelope code 402 in a tool result", toolError({ code: 402, msg: "insufficient", data: null })],
    ["a JSON-RPC error", toolError()],
    ["a session refused with HTTP 402", exchange({ status: 402, error: "cannot open an MCP session: HTTP 402" })],
  ])(
    "%s with a balance below what the step may cost: not run: balance, and so is every priced step after",
    async (_, e) => {
      const limits = new KeyLimits(meter({ kind: "active", remaining: 2 }));
      const verdict = await limits.judge("step 1", [e], 4);
      expect(verdict).toBeInstanceOf(NotRun);
      expect(verdict?.category).toBe("balance");
      expect(limits.exhausted).toMatch(/key status reports 2 Credits left, less than the 4 it may cost/);
      expect(() => limits.guard("step 2", 1)).toThrow(/step 2 was not sent: the key's balance ran out/);
      expect(() => limits.guard("step 3", 0)).not.toThrow();
    },
  );

  it.each([
    ["a 429", http(429)],
    [
      "a rate limit told in the body of an HTTP 200",
      exchange({ status: 200, json: { code: 1015, msg: "Rate limit exceeded", data: null }, rateLimited: true }),
    ],
  ])("%s with a balance that can pay: the rate limit, for that case alone", async (_, e) => {
    const limits = new KeyLimits(meter({ kind: "active", remaining: 1000 }));
    const verdict = await limits.judge("step 1", [e], 4);
    expect(verdict?.category).toBe("rate limit");
    expect(limits.exhausted).toBeUndefined();
    expect(() => limits.guard("step 2", 4)).not.toThrow();
  });

  it.each([
    ["a 402 while key status shows a balance that can pay", { kind: "active", remaining: 1000 }, http(402)],
    ["a 403 while key status shows a balance that can pay", { kind: "active", remaining: 1000 }, http(403)],
    ["an MCP refusal without a status, the balance not shown", { kind: "active" }, toolError()],
  ] as [string, KeyState, Exchange][])("%s is the deployment's: the verdict stands", async (_, state, e) => {
    const limits = new KeyLimits(meter(state));
    expect(await limits.judge("step 1", [e], 4)).toBeUndefined();
    expect(limits.exhausted).toBeUndefined();
  });

  it.each([
    ["refused", { kind: "refused", summary: "HTTP 401" }, /refused the key \(HTTP 401\)/],
    ["inactive", { kind: "inactive", value: false }, /reports the key as not active/],
  ] as [string, KeyState, RegExp][])("a key key status now reports %s: not run: balance", async (_, state, why) => {
    const limits = new KeyLimits(meter(state));
    expect((await limits.judge("step 1", [http(403)], 4))?.category).toBe("balance");
    expect(limits.exhausted).toMatch(why);
  });

  it("a 402 when key status does not show the balance is read as the balance (the run is incomplete)", async () => {
    const limits = new KeyLimits(meter({ kind: "active" }));
    expect((await limits.judge("step 1", [http(402)], 4))?.category).toBe("balance");
  });

  it("asks key status nothing when no answer of the primary key can be a balance or rate refusal", async () => {
    const m = meter({ kind: "active", remaining: 0 });
    const limits = new KeyLimits(m);
    expect(await limits.judge("step 1", [http(400), http(500)], 4)).toBeUndefined();
    expect(await limits.judge("step 1", [exchange({ status: 402 }, "second")], 4)).toBeUndefined();
    expect(m.asked).toBe(0);
  });

  describe("a 401 or 403 while the key can pay: its scope when KeyScopes finds the route out of its reach", () => {
    /** KeyScopes whose free probes are all refused 403, counting them. */
    function refusingScopes() {
      const probes: string[] = [];
      const keyScopes = new KeyScopes(
        (request) => {
          probes.push(request.operationId!);
          return Promise.resolve({ ...http(403), request: { ...http(403).request, operationId: request.operationId } });
        },
        () => {},
      );
      // The key reaches another route: a route refusing it is then perhaps its scope (KeyScopes.reachesAny).
      const served = exchange({ status: 200, json: { code: 200, msg: "ok", data: { results: [] } } });
      keyScopes.noteAnswers([{ ...served, request: { ...served.request, operationId: "getJobs" } }]);
      return { keyScopes, probes };
    }
    const onPeopleQuery = (status: number) => ({
      ...http(status),
      request: { ...http(status).request, operationId: "queryPeople" as const },
    });

    it("HTTP 403, key status listing scopes, the route refusing a free probe too: not run (scope)", async () => {
      const { keyScopes, probes } = refusingScopes();
      const limits = new KeyLimits(meter({ kind: "active", remaining: 1000, scopes: ["jobs:read"] }), keyScopes);
      const verdict = await limits.judge("step 1", [onPeopleQuery(403)], 4);
      expect(verdict?.category).toBe("scope");
      expect(limits.exhausted).toBeUndefined();
      expect(limits.outOfScope).toEqual(["POST /v1/people/query"]);
      expect(probes).toEqual(["queryPeople"]);
      expect(() => limits.guard("step 2", 0, "queryPeople")).toThrow(/not sent: the tester's key lacks the scope/);
      expect(() => limits.guard("step 2", 4, "queryJobs")).not.toThrow();
    });

    it.each([
      ["key status lists no scopes", { kind: "active", remaining: 1000 }],
      ["key status does not show the balance", { kind: "active", scopes: ["jobs:read"] }],
      ["the balance cannot pay for the step", { kind: "active", remaining: 2, scopes: ["jobs:read"] }],
    ] as [string, KeyState][])("no scope reading when %s, and no probe sent", async (_, state) => {
      const { keyScopes, probes } = refusingScopes();
      const limits = new KeyLimits(meter(state), keyScopes);
      expect((await limits.judge("step 1", [onPeopleQuery(401)], 4))?.category).toBeUndefined();
      expect(probes).toEqual([]);
      expect(limits.outOfScope).toEqual([]);
    });

    it("a 403 read as the balance stays the balance, whatever the scopes", async () => {
      const { keyScopes, probes } = refusingScopes();
      const limits = new KeyLimits(meter({ kind: "active", remaining: 2, scopes: ["jobs:read"] }), keyScopes);
      expect((await limits.judge("step 1", [onPeopleQuery(403)], 4))?.category).toBe("balance");
      expect(probes).toEqual([]);
    });
  });
});
