import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataset, experience, person, RestClient } from "./testing/fixtures.js";
import { startReferenceServer, type ReferenceServer } from "./server.js";

/**
 * Scope semantics over HTTP (s4-2-scope-same-sub-record) on hand-built people: Grace was a manager at Globex
 * and is an engineer at Acme; Alan was an engineer at Globex and is a manager at Acme. "Engineer at Acme"
 * unscoped matches both; scoped, only Grace.
 */
let server: ReferenceServer;
let api: RestClient;

beforeAll(async () => {
  server = await startReferenceServer({
    data: dataset({
      people: [
        person({
          first_name: "Grace",
          last_name: "Hopper",
          experiences: [
            experience({ title: "Engineer", company_name: "Acme", is_current: true }),
            experience({ title: "Manager", company_name: "Globex" }),
          ],
          languages: [
            { language: "French", proficiency: "Elementary proficiency" },
            { language: "German", proficiency: "Native or bilingual proficiency" },
          ],
        }),
        person({
          first_name: "Alan",
          last_name: "Turing",
          experiences: [
            experience({ title: "Manager", company_name: "Acme", is_current: true }),
            experience({ title: "Engineer", company_name: "Globex" }),
          ],
          languages: [{ language: "French", proficiency: "Native or bilingual proficiency" }],
        }),
      ],
    }),
  });
  api = new RestClient(server.url, server.keys.active);
});
afterAll(() => server.close());

async function names(where: unknown): Promise<string[]> {
  const search = await api.post("/v1/people/query", { where });
  expect(search.status).toBe(200);
  expect(search.body.data.total).toBe(search.body.data.profile_ids.length);
  if (search.body.data.profile_ids.length === 0) return [];
  const detail = await api.post("/entity/v1/profiles/detail-by-id", {
    profile_ids: search.body.data.profile_ids,
    _source: ["first_name"],
  });
  return detail.body.data.results.map((r: { first_name: string }) => r.first_name);
}

describe("scopes over HTTP", () => {
  it("binds the conditions of has_experience to one job", async () => {
    const conditions = [
      { field: "title", eq: "Engineer" },
      { field: "company_name", eq: "Acme" },
    ];
    expect(await names({ all: conditions })).toEqual(["Grace", "Alan"]);
    expect(await names({ has_experience: { all: conditions } })).toEqual(["Grace"]);
  });

  it("binds is_current to the job it sits with", async () => {
    expect(
      await names({
        all: [
          { field: "title", eq: "Manager" },
          { field: "is_current", eq: true },
        ],
      }),
    ).toEqual(["Grace", "Alan"]);
    expect(
      await names({
        has_experience: {
          all: [
            { field: "title", eq: "Manager" },
            { field: "is_current", eq: true },
          ],
        },
      }),
    ).toEqual(["Alan"]);
  });

  it("binds language_proficiency to its language in has_language", async () => {
    const conditions = [
      { field: "languages", eq: "French" },
      { field: "language_proficiency", eq: "Native or bilingual proficiency" },
    ];
    expect(await names({ all: conditions })).toEqual(["Grace", "Alan"]);
    expect(await names({ has_language: { all: conditions } })).toEqual(["Alan"]);
  });
});
