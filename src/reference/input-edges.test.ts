import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract } from "../contract/index.js";
import { classify, lint } from "../linter/index.js";
import { RestClient } from "./testing/fixtures.js";
import { startReferenceServer, type ReferenceServer } from "./server.js";

/**
 * The linter and the reference read the input edges the same way (clauses s4-bodies-json-encoding
 * and s8-limits-silent-size-nodes, docs/lint.md "Input edges"): what the linter calls refused the
 * reference refuses at no cost; what it calls unspecified the reference may refuse (it does, free);
 * what it calls clean the reference serves.
 */
const { maxBodyBytes, maxNodes } = loadContract().limits.project;
let server: ReferenceServer;
let api: RestClient;

beforeAll(async () => {
  server = await startReferenceServer({ people: 200, jobs: 20, companies: 10 });
  api = new RestClient(server.url, server.keys.active);
});
afterAll(() => server.close());

const leaves = (n: number) => Array.from({ length: n }, (_, i) => ({ field: "city", eq: `c${i}` }));
const utf8 = (text: string) => Buffer.from(text, "utf8");

const edges: { name: string; bytes: Buffer; lint: string; rule?: string; status: number }[] = [
  {
    name: "invalid UTF-8 inside a string",
    bytes: Buffer.concat([
      utf8('{"where": {"field": "city", "eq": "'),
      Buffer.from([0xff, 0xfe]),
      utf8('"}, "size": 1}'),
    ]),
    lint: "refused",
    rule: "invalid-json",
    status: 400,
  },
  {
    name: "a lone continuation byte",
    bytes: Buffer.concat([utf8('{"where": {"field": "city", "eq": "a'), Buffer.from([0x80]), utf8('"}, "size": 1}')]),
    lint: "refused",
    rule: "invalid-json",
    status: 400,
  },
  {
    name: "an overlong encoding of '/'",
    bytes: Buffer.concat([
      utf8('{"where": {"field": "city", "eq": "'),
      Buffer.from([0xc0, 0xaf]),
      utf8('"}, "size": 1}'),
    ]),
    lint: "refused",
    rule: "invalid-json",
    status: 400,
  },
  {
    name: "a UTF-8 byte order mark",
    bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"where": {"field": "city", "eq": "x"}, "size": 1}')]),
    lint: "unspecified",
    rule: "byte-order-mark",
    status: 400,
  },
  {
    name: `more than ${maxNodes} nodes`,
    bytes: utf8(JSON.stringify({ where: { any: leaves(maxNodes) }, size: 1 })),
    lint: "unspecified",
    rule: "node-count",
    status: 400,
  },
  {
    name: `exactly ${maxNodes} nodes`,
    bytes: utf8(JSON.stringify({ where: { any: leaves(maxNodes - 1) }, size: 1 })),
    lint: "clean",
    status: 200,
  },
  {
    name: `a body over ${maxBodyBytes} bytes`,
    bytes: utf8(JSON.stringify({ where: { field: "city", eq: "x".repeat(maxBodyBytes) }, size: 1 })),
    lint: "unspecified",
    rule: "body-size",
    status: 413,
  },
  {
    name: "a body just under the limit",
    bytes: utf8(JSON.stringify({ where: { field: "city", eq: "x".repeat(maxBodyBytes - 100) }, size: 1 })),
    lint: "clean",
    status: 200,
  },
];

describe("lint and the reference agree on input edges", () => {
  for (const edge of edges) {
    it(
      `${edge.name}: lint ${edge.lint}, the ` + `reference ${edge.status}${edge.status === 200 ? "" : " at no cost"}`,
      async () => {
        const diagnostics = lint(edge.bytes, { route: "queryPeople" });
        expect(classify(diagnostics)).toBe(edge.lint);
        if (edge.rule) expect(diagnostics.map((d) => d.ruleId)).toContain(edge.rule);
        const before = await api.remaining();
        const answer = await api.send("POST", "/v1/people/query", edge.bytes, { "content-type": "application/json" });
        expect(answer.status).toBe(edge.status);
        if (edge.status !== 200) {
          expect(answer.body).toMatchObject({ code: edge.status, data: null });
          expect(await api.remaining()).toBe(before);
        }
      },
    );
  }
});
