import { describe, expect, it } from "vitest";
import { bodyOperation } from "../contract/index.js";
import type { AuthMode, Exchange } from "../checks/exchange.js";
import { KeyScopes, freeProbe } from "./key-scopes.js";
import { NotRun } from "./not-run.js";
import type { PreparedRequest } from "./steps/request.js";

const COMPANIES_QUERY = bodyOperation("queryCompanies")!;
const COMPANIES_DETAIL = bodyOperation("getCompanies")!;
const SCOPES = ["people:read", "jobs:read"];

/** An answer on a route, to the primary key unless told otherwise. */
function answer(operationId: string, status: number, auth: AuthMode = "primary"): Exchange {
  const op = bodyOperation(operationId)!;
  const url = `http://x${op.path}`;
  return {
    request: { method: op.method, path: op.path, url, headers: {}, auth, operationId: op.operationId },
    status,
    json: { code: status, msg: status === 200 ? "ok" : "the API key lacks a scope", data: null },
    durationMs: 1,
  };
}

/** KeyScopes whose probes are answered `status` (or by `reply`), with what it sent and told. */
function scopes(reply: number | ((r: PreparedRequest) => Partial<Exchange>)) {
  const sent: PreparedRequest[] = [];
  const told: string[] = [];
  const send = (request: PreparedRequest): Promise<Exchange> => {
    sent.push(request);
    const extra = typeof reply === "number" ? {} : reply(request);
    const status = typeof reply === "number" ? reply : (extra.status ?? 0);
    return Promise.resolve({ ...answer(request.operationId!, status), ...extra });
  };
  const keyScopes = new KeyScopes(send, (line) => told.push(line));
  // The key reaches another route: a route refusing it is then perhaps its scope (KeyScopes.reachesAny).
  keyScopes.noteAnswers([answer("getJobs", 200)]);
  return { keyScopes, sent, told };
}

describe("freeProbe: a request on a route that costs nothing, served or refused", () => {
  it("a search matching nothing, one unresolvable ID, a natural-language body without its text", () => {
    expect(freeProbe(COMPANIES_QUERY).body).toEqual({ where: expect.any(Object), size: 1 });
    const detail = freeProbe(COMPANIES_DETAIL).body as Record<string, unknown[]>;
    expect(detail[COMPANIES_DETAIL.idsMember]).toHaveLength(1);
    expect(freeProbe(bodyOperation("searchPeople")!).body).toEqual({ size: 1 });
    expect(freeProbe(COMPANIES_DETAIL).auth).toBe("primary");
  });
});

describe("KeyScopes: a route out of the tester's key's scope, told from the deployment's refusal", () => {
  it("reads no scope on a route that served the key before, even if its probe is refused", async () => {
    const { keyScopes, sent } = scopes(403);
    keyScopes.noteAnswers([answer("queryCompanies", 200), answer("getCompanies", 200, "second")]);
    expect(await keyScopes.judge("step 9", [answer("queryCompanies", 403)], SCOPES)).toBeUndefined();
    expect(sent).toEqual([]);
    // Another key's answer says nothing of the tester's key: that route is still probed.
    expect(await keyScopes.judge("step 9", [answer("getCompanies", 403)], SCOPES)).toBeInstanceOf(NotRun);
  });

  it("a 403 on a route whose free probe is refused too: not run (scope), and every later step on it", async () => {
    const { keyScopes, sent, told } = scopes(403);
    const verdict = await keyScopes.judge("step 1", [answer("queryCompanies", 403)], SCOPES);
    expect(verdict).toBeInstanceOf(NotRun);
    expect(verdict?.category).toBe("scope");
    expect(verdict?.message).toMatch(/lacks the scope of POST \/v1\/companies\/query .*people:read, jobs:read/);
    expect(sent.map((r) => r.operationId)).toEqual(["queryCompanies"]);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/not run \(scope\).*--only can leave them out/);
    expect(keyScopes.routes).toEqual(["POST /v1/companies/query"]);
    expect(() => keyScopes.guard("step 2", "queryCompanies")).toThrow(/step 2 was not sent: the tester's key lacks/);
    expect(() => keyScopes.guard("step 2", "getCompanies")).not.toThrow();
    expect(() => keyScopes.guard("step 2", undefined)).not.toThrow();
    // Learnt once: a second refusal on the route is not probed again, nor told again.
    expect((await keyScopes.judge("step 3", [answer("queryCompanies", 403)], SCOPES))?.category).toBe("scope");
    expect(sent).toHaveLength(1);
    expect(told).toHaveLength(1);
  });

  it("a route whose free probe is served, or refused otherwise, reaches the key: the verdict stands", async () => {
    for (const status of [200, 400, 500]) {
      const { keyScopes, sent, told } = scopes(status);
      expect(await keyScopes.judge("step 1", [answer("getCompanies", 403)], SCOPES)).toBeUndefined();
      expect(sent).toHaveLength(1);
      expect(told).toEqual([]);
      expect(() => keyScopes.guard("step 2", "getCompanies")).not.toThrow();
    }
  });

  it("a route that served the key within the same step is not out of its scope, and is not probed", async () => {
    const { keyScopes, sent } = scopes(403);
    const step = [answer("queryCompanies", 200), answer("queryCompanies", 403)];
    expect(await keyScopes.judge("step 1", step, SCOPES)).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it("needs every refused route of the step out of scope, and a key status that lists scopes", async () => {
    const { keyScopes } = scopes((r) => ({ status: r.operationId === "queryCompanies" ? 403 : 200 }));
    const step = [answer("queryCompanies", 403), answer("getCompanies", 403)];
    expect(await keyScopes.judge("step 1", step, SCOPES)).toBeUndefined();
    expect(await keyScopes.judge("step 1", [answer("queryCompanies", 403)], [])).toBeUndefined();
  });

  it("reads only the primary key's refusals by 403 (RFC 6750 §3.1), on the routes with a body", async () => {
    const { keyScopes, sent } = scopes(403);
    expect(await keyScopes.judge("s", [answer("queryCompanies", 403, "inactive")], SCOPES)).toBeUndefined();
    expect(await keyScopes.judge("s", [answer("queryCompanies", 402)], SCOPES)).toBeUndefined();
    expect(await keyScopes.judge("s", [answer("queryCompanies", 429)], SCOPES)).toBeUndefined();
    const version: Exchange = {
      request: { method: "GET", path: "/version", url: "http://x/version", headers: {}, auth: "primary" },
      status: 403,
      durationMs: 1,
    };
    expect(await keyScopes.judge("s", [version], SCOPES)).toBeUndefined();
    // A 401 says the key was not accepted, which key status contradicts: the deployment's answer, never the scope.
    expect(await keyScopes.judge("s", [answer("queryCompanies", 401)], SCOPES)).toBeUndefined();
    expect(sent).toEqual([]);
    expect((await keyScopes.judge("s", [answer("queryCompanies", 403)], SCOPES))?.category).toBe("scope");
  });

  it("reads no scope where the key reaches no route: the first served probe of any route says it does", async () => {
    const quiet = new KeyScopes(
      () => Promise.resolve(answer("queryCompanies", 403)),
      () => undefined,
    );
    const status: Exchange = {
      request: {
        method: "GET",
        path: "/auth/key/status",
        url: "http://x/auth/key/status",
        headers: {},
        auth: "primary",
      },
      status: 200,
      json: { code: 200, msg: "ok", data: {} },
      durationMs: 1,
    };
    // Key status answers any key: it says nothing of the routes a scope keeps.
    quiet.noteAnswers([{ ...status, request: { ...status.request, operationId: "getKeyStatus" } }]);
    expect(await quiet.judge("s", [answer("queryCompanies", 403)], SCOPES)).toBeUndefined();
    const sent: string[] = [];
    const refusing = (served: ReadonlySet<string>) =>
      new KeyScopes(
        (request) => {
          sent.push(request.operationId!);
          return Promise.resolve(answer(request.operationId!, served.has(request.operationId!) ? 200 : 403));
        },
        () => undefined,
      );
    expect(await refusing(new Set()).judge("s", [answer("queryCompanies", 403)], SCOPES)).toBeUndefined();
    expect(sent).toHaveLength(7);
    sent.length = 0;
    const someServed = refusing(new Set(["getJobs"]));
    expect((await someServed.judge("s", [answer("queryCompanies", 403)], SCOPES))?.category).toBe("scope");
    // Routes probed in turn until one served the key, then the refused route's own probe.
    expect(sent.at(-2)).toBe("getJobs");
    expect(sent.at(-1)).toBe("queryCompanies");
  });

  it("a probe that got no answer, or the rate limit's, teaches nothing: the next refusal probes again", async () => {
    let first = true;
    const { keyScopes, sent } = scopes(() => {
      const limited = first;
      first = false;
      return limited ? { status: undefined, error: "timeout", unanswered: true } : { status: 403 };
    });
    expect(await keyScopes.judge("step 1", [answer("queryCompanies", 403)], SCOPES)).toBeUndefined();
    expect((await keyScopes.judge("step 2", [answer("queryCompanies", 403)], SCOPES))?.category).toBe("scope");
    expect(sent).toHaveLength(2);
  });
});
