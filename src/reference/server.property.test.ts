import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATORS } from "../contract/index.js";
import { RestClient } from "./testing/fixtures.js";
import { startReferenceServer, type ReferenceServer } from "./server.js";
import { fieldNames, scalar } from "./testing/hostile-bodies.js";

/**
 * Random bodies at every route: the server never answers 5xx, every answer is the envelope, and a refusal
 * never moves the ledger (s7-translated-before-charge).
 */
let server: ReferenceServer;
let api: RestClient;

beforeAll(async () => {
  server = await startReferenceServer({ people: 400, jobs: 80, companies: 40, seed: 3 });
  api = new RestClient(server.url, server.keys.active);
});
afterAll(() => server.close());

/** Query Spec trees, mostly well-formed, with the usual mistakes mixed in. */
const node: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc
      .record({
        field: fc.constantFrom(...fieldNames),
        op: fc.constantFrom(...OPERATORS, "between"),
        value: fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })),
      })
      .map(({ field, op, value }) => ({ field, [op]: value })),
    fc.record({ field: fc.constantFrom(...fieldNames), gte: scalar, lte: scalar }),
    fc.record({ all: fc.array(tie("node"), { maxLength: 3 }) }),
    fc.record({ any: fc.array(tie("node"), { maxLength: 3 }) }),
    fc.record({ not: fc.oneof(tie("node"), fc.array(tie("node"), { maxLength: 2 })) }),
    fc
      .record({
        scope: fc.constantFrom("has_experience", "has_education", "has_language", "has_job"),
        inner: tie("node"),
      })
      .map(({ scope, inner }) => ({ [scope]: inner })),
    fc.anything({ maxDepth: 2 }),
  ),
})).node;

const searchBody = fc.record(
  {
    where: node,
    size: fc.oneof(fc.integer({ min: -5, max: 12_000 }), scalar),
    after: fc.oneof(fc.string(), scalar),
    extra: scalar,
  },
  { requiredKeys: [] },
);
const ids = fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constant("https://www.linkedin.com/in/x"), scalar), {
  maxLength: 110,
});
const source = fc.oneof(
  fc.array(fc.constantFrom("full_name", "title", "salary.currency", "company_id", "email", 3), { maxLength: 4 }),
  fc.boolean(),
  fc.record({ includes: fc.array(fc.string()), excludes: fc.anything() }, { requiredKeys: [] }),
  scalar,
);

const requests = fc.oneof(
  fc.tuple(
    fc.constantFrom("/v1/people/query", "/v1/jobs/query", "/v1/companies/query"),
    fc.oneof(searchBody, fc.anything()),
  ),
  fc.tuple(
    fc.constant("/v1/people-search"),
    fc.oneof(
      fc.record(
        { text: fc.oneof(fc.string({ maxLength: 60 }), scalar), size: scalar, where: node },
        { requiredKeys: [] },
      ),
      fc.anything(),
    ),
  ),
  fc.tuple(
    fc.constant("/entity/v1/profiles/detail-by-id"),
    fc.record({ profile_ids: ids, _source: source, source }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant("/entity/v1/jobs/detail-by-id"),
    fc.record({ job_ids: ids, _source: source }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant("/entity/v1/companies/detail-by-id"),
    fc.record({ company_ids: ids, _source: source }, { requiredKeys: [] }),
  ),
);

describe("random bodies at every route", () => {
  it("never get a 5xx, always get the envelope, and refusals cost nothing", async () => {
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(requests, async ([path, body]) => {
        const before = await api.remaining();
        const r = await api.post(path, body === undefined ? "" : JSON.stringify(body));
        expect(r.status).toBeLessThan(500);
        expect(Object.keys(r.body).sort()).toEqual(["code", "data", "msg"]);
        if (r.status !== 200) {
          refusals++;
          expect(r.body.code).toBe(r.status);
          expect(r.body.data).toBeNull();
          expect(r.body.msg.length).toBeGreaterThan(10);
          expect(await api.remaining()).toBe(before);
        }
      }),
      { numRuns: 200 },
    );
    expect(refusals).toBeGreaterThan(20);
  });
});
