import { describe, expect, it } from "vitest";
import { composeVariants } from "./compose.js";
import { findVariant, unknownVariants, VARIANTS } from "./index.js";
import type { Variant } from "./variant.js";

const variant = (id: string, rest: Partial<Variant>): Variant => ({
  id,
  clause: `clause-of-${id}`,
  area: "limits",
  description: `the choice of ${id}.`,
  faults: {},
  ...rest,
});

describe("composeVariants", () => {
  it("merges faults and server conditions: hooks side by side, lists joined, members of objects merged", () => {
    const writeAnswer = () => undefined;
    const resolve = () => 1;
    const a = variant("a", {
      faults: { writeAnswer, skip: ["size-range"], mcp: { streamableSessions: true } },
      server: { latencyMs: 40 },
    });
    const b = variant("b", {
      faults: { resolve, skip: ["where-required"], mcp: { streamableSessions: true, streamableSessionPosts: 3 } },
      server: { rateLimit: { requests: 4, perSeconds: 0.1 } },
      dataset: { people: 10, jobs: 2, companies: 1 },
    });
    const both = composeVariants([a, b]);
    expect(both).toMatchObject({ id: "a,b", clause: "clause-of-a", area: "limits" });
    expect(both.description).toBe("Together: a (the choice of a); b (the choice of b).");
    expect(both.faults).toEqual({
      writeAnswer,
      resolve,
      skip: ["size-range", "where-required"],
      mcp: { streamableSessions: true, streamableSessionPosts: 3 },
    });
    expect(both.server).toEqual({ latencyMs: 40, rateLimit: { requests: 4, perSeconds: 0.1 } });
    expect(both.dataset).toEqual({ people: 10, jobs: 2, companies: 1 });
  });

  it("returns a lone variant as it is", () => {
    const a = variant("a", { server: { latencyMs: 5 } });
    expect(composeVariants([a])).toBe(a);
  });

  it("refuses two variants that set one hook, member, stage or condition to different values, naming both", () => {
    const cases: [Partial<Variant>, Partial<Variant>, string][] = [
      [
        { faults: { writeAnswer: () => undefined } },
        { faults: { writeAnswer: () => undefined } },
        "faults.writeAnswer",
      ],
      [{ faults: { mcp: { toolPrefix: "x_" } } }, { faults: { mcp: { toolPrefix: "y_" } } }, "faults.mcp.toolPrefix"],
      [{ server: { latencyMs: 5 } }, { server: { latencyMs: 40 } }, "server.latencyMs"],
      [
        { server: { rateLimit: { requests: 1, perSeconds: 1 } } },
        { server: { rateLimit: { requests: 2, perSeconds: 1 } } },
        "server.rateLimit",
      ],
      [
        { faults: { stages: [{ stage: "rate-limit", wrap: (s) => s }] } },
        { faults: { stages: [{ stage: "rate-limit", wrap: (s) => s }] } },
        "the rate-limit stage",
      ],
      [{ dataset: { people: 1, jobs: 1, companies: 1 } }, { dataset: { people: 2, jobs: 1, companies: 1 } }, "dataset"],
    ];
    for (const [one, other, where] of cases)
      expect(() => composeVariants([variant("one", one), variant("other", other)]), where).toThrow(
        new RangeError(`variants one and other set ${where} differently: they cannot be served together`),
      );
  });

  it("chains rewrites of a request, a response or a record, in the order the variants are named", () => {
    const a = variant("a", {
      faults: {
        request: (_op, body) => ({ ...(body as object), a: 1 }),
        response: (_op, r) => ({ ...r, status: r.status + 1 }),
        record: (_kind, r) => ({ ...r, seen: [...((r.seen as string[] | undefined) ?? []), "a"] }),
      },
    });
    const b = variant("b", {
      faults: {
        request: (_op, body) => ({ ...(body as object), b: (body as { a?: number }).a }),
        response: (_op, r) => ({ ...r, status: r.status * 10 }),
        record: (_kind, r) => ({ ...r, seen: [...((r.seen as string[] | undefined) ?? []), "b"] }),
      },
    });
    const { request, response, record } = composeVariants([a, b]).faults;
    expect(request!("queryPeople", {})).toEqual({ a: 1, b: 1 });
    expect(response!("queryPeople", { status: 200, envelope: { code: 200, msg: "ok", data: null } }).status).toBe(2010);
    expect(record!("profile", {})).toEqual({ seen: ["a", "b"] });
    expect(composeVariants([b, a]).faults.response!("queryPeople", { status: 200, envelope: {} } as never).status).toBe(
      2001,
    );
  });

  it("lets two variants set the same member to the same value", () => {
    const a = variant("a", { faults: { mcp: { eventStreamResponses: true } }, server: { latencyMs: 40 } });
    const b = variant("b", { faults: { mcp: { eventStreamResponses: true } }, server: { latencyMs: 40 } });
    expect(composeVariants([a, b]).server).toEqual({ latencyMs: 40 });
  });
});

describe("findVariant with ids separated by commas", () => {
  it("serves the variants named together", () => {
    const both = findVariant("service-latency-40ms, http-answers-compressed")!;
    expect(both.id).toBe("service-latency-40ms,http-answers-compressed");
    expect(both.server).toEqual({ latencyMs: 40 });
    expect(both.faults.writeAnswer).toBe(findVariant("http-answers-compressed")!.faults.writeAnswer);
  });

  it("finds nothing where an id is unknown, and unknownVariants names it", () => {
    expect(findVariant("service-latency-40ms,no-such-variant")).toBeUndefined();
    expect(unknownVariants("service-latency-40ms,no-such-variant,other")).toEqual(["no-such-variant", "other"]);
  });

  it("refuses two variants that make one choice two ways", () => {
    expect(() => findVariant("http-answers-compressed,http-answers-through-a-proxy")).toThrow(
      /http-answers-compressed and http-answers-through-a-proxy set faults\.writeAnswer differently/,
    );
  });

  it("holds the combined variants of selftest together without a conflict", () => {
    const combined = VARIANTS.filter((v) => v.id.startsWith("deployment-"));
    expect(combined.map((v) => v.id)).toContain("deployment-realistic");
    // Each limits the key's rate, as a deployment does: a limit of the server's or a gateway's window.
    for (const v of combined) expect(v.server?.rateLimit ?? v.server?.gateway?.window, v.id).toBeDefined();
  });
});
