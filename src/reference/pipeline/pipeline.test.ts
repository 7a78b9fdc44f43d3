import { describe, expect, it, vi } from "vitest";
import { KeyRing } from "../keys.js";
import { badRequest } from "../refusal.js";
import { startReferenceServer, type ReferenceServer } from "../server.js";
import type { Outcome, PipelineService, RequestContext, Stage, StageName } from "./context.js";
import { pass } from "./hooks.js";
import { type StageHook } from "./context.js";
import { createPipeline } from "./pipeline.js";

const KEY = "svc_pipeline_test";

/** A service whose validation refuses a body with `bad` and whose handler counts `n` IDs. */
function fakeService(): PipelineService & { served: number } {
  const service = {
    served: 0,
    keyRing: new KeyRing(
      [
        { key: KEY, credits: 10 },
        { key: "svc_poor", credits: 0 },
      ],
      { requests: 2, perSeconds: 60 },
      0,
    ),
    now: () => new Date(0),
    validate(_op: string, body: unknown) {
      if ((body as { bad?: boolean } | undefined)?.bad) throw badRequest("bad: refused by the test");
      return body;
    },
    serve(_op: string, request: unknown): Outcome {
      service.served++;
      return { data: { ids: [] }, count: (request as { n?: number } | undefined)?.n ?? 0 };
    },
    async call() {
      throw new Error("not used");
    },
  };
  return service;
}

function callContext(service: PipelineService, body: unknown, key = KEY): RequestContext {
  return {
    service,
    method: "POST",
    path: "/v1/people/query",
    operationId: "queryPeople",
    body,
    authorization: `Bearer ${key}`,
  };
}

/** Hooks that record the stages a request runs through, in order. */
function tracing(names: readonly StageName[], seen: StageName[]): StageHook[] {
  return names.map((stage) => ({
    stage,
    wrap:
      (inner: Stage): Stage =>
      (ctx, next) => {
        seen.push(stage);
        return inner(ctx, next);
      },
  }));
}

const CALL: readonly StageName[] = ["key", "scope", "validation", "handler", "charge"];

describe("the request pipeline", () => {
  it("runs a tool call through key, scope, validation, handler and charge, synchronously", () => {
    const seen: StageName[] = [];
    const service = fakeService();
    const ctx = callContext(service, { n: 30 });
    const pending = createPipeline(tracing(CALL, seen)).call(ctx);
    expect(pending).toBeUndefined();
    expect(seen).toEqual(CALL);
    expect(ctx.response).toEqual({ status: 200, envelope: { code: 200, msg: "ok", data: { ids: [] } } });
    expect(service.keyRing.get(KEY)!.used).toBe(2);
  });

  it("turns a refusal into the failure envelope where it is thrown; later stages never run", () => {
    const seen: StageName[] = [];
    const service = fakeService();
    const ctx = callContext(service, { bad: true, n: 30 });
    void createPipeline(tracing(CALL, seen)).call(ctx);
    expect(seen).toEqual(["key", "scope", "validation"]);
    expect(ctx.response).toEqual({ status: 400, envelope: { code: 400, msg: "bad: refused by the test", data: null } });
    expect(ctx.refusedAt).toBe("validation");
    expect(service.served).toBe(0);
    expect(service.keyRing.get(KEY)!.used).toBe(0);
  });

  it("refuses each stage's fault where it belongs: 401, 429, 402", () => {
    const service = fakeService();
    const { call, admit } = createPipeline([]);
    const unknown = callContext(service, {}, "svc_nobody");
    void call(unknown);
    expect([unknown.response!.status, unknown.refusedAt]).toEqual([401, "key"]);
    expect(unknown.response!.headers?.["WWW-Authenticate"]).toMatch(/^Bearer/);
    const poor = callContext(service, { n: 1 }, "svc_poor");
    void call(poor);
    expect([poor.response!.status, poor.refusedAt]).toEqual([402, "charge"]);
    // A tool call took its rate-limit token with its HTTP request (`admit`); the call itself takes none.
    const account = service.keyRing.get(KEY)!;
    const admitted = (): RequestContext => {
      const ctx = { ...callContext(service, {}), account };
      void admit(ctx);
      return ctx;
    };
    for (let i = 0; i < 3; i++) void call(callContext(service, {}));
    expect(admitted().response).toBeUndefined();
    expect(admitted().response).toBeUndefined();
    const limited = admitted();
    expect([limited.response!.status, limited.refusedAt]).toEqual([429, "rate-limit"]);
    expect(limited.response!.headers?.["Retry-After"]).toMatch(/^\d+$/);
  });

  it("lets a wrapper see the answer of its stage and every later one, refusals included", () => {
    const statuses: number[] = [];
    const hook: StageHook = {
      stage: "key",
      wrap: (inner) => (ctx, next) => {
        void inner(ctx, next);
        statuses.push(ctx.response!.status);
      },
    };
    const service = fakeService();
    const { call } = createPipeline([hook]);
    for (const ctx of [
      callContext(service, {}, "svc_nobody"),
      callContext(service, { bad: true }),
      callContext(service, {}),
    ])
      void call(ctx);
    expect(statuses).toEqual([401, 400, 200]);
  });

  it("replaces a stage, and attributes a wrapper's own refusal to the stage it wraps", () => {
    const service = fakeService();
    const replaced = callContext(service, { bad: true });
    void createPipeline([{ stage: "validation", replace: pass }]).call(replaced);
    expect(replaced.response!.status).toBe(200);
    const refusing: StageHook = {
      stage: "handler",
      wrap: () => () => {
        throw badRequest("refused by a wrapper");
      },
    };
    const wrapped = callContext(service, {});
    void createPipeline([refusing]).call(wrapped);
    expect([wrapped.response!.status, wrapped.refusedAt]).toEqual([400, "handler"]);
  });

  it("answers an error that is not a refusal with 500, not charged, and names no stack", () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const service = fakeService();
      service.serve = () => {
        throw new Error("boom");
      };
      const ctx = callContext(service, {});
      void createPipeline([]).call(ctx);
      expect(ctx.response!.status).toBe(500);
      expect(ctx.response!.envelope.msg).toBe("internal error in queryPeople; the request was not charged");
      expect(service.keyRing.get(KEY)!.used).toBe(0);
      expect(String(stderr.mock.calls[0]?.[0])).toBe("tdss serve: internal error in queryPeople: boom\n");
    } finally {
      stderr.mockRestore();
    }
  });
});

describe("a variant replacing a stage", () => {
  it("limits-body-8-mib reads a 2 MiB body that the reference refuses with 413", async () => {
    const sizes = { people: 20, jobs: 4, companies: 3 };
    const reference = await startReferenceServer(sizes);
    const variant = await startReferenceServer({ ...sizes, variant: "limits-body-8-mib" });
    try {
      const body = JSON.stringify({ where: { field: "full_name", eq: "x".repeat(2 * 1024 * 1024) } });
      const post = async (server: ReferenceServer) =>
        (
          await fetch(`${server.url}/v1/people/query`, {
            method: "POST",
            headers: { authorization: `Bearer ${server.keys.active}`, "content-type": "application/json" },
            body,
          })
        ).status;
      expect(await post(reference)).toBe(413);
      expect(await post(variant)).toBe(200);
    } finally {
      await Promise.all([reference.close(), variant.close()]);
    }
  });
});
