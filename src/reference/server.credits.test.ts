import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company, dataset, experience, job, people, RestClient } from "./testing/fixtures.js";
import { startReferenceServer, type ReferenceServer } from "./server.js";

/**
 * Credit charges asserted to the Credit at each edge of the §8 formulas, over a hand-built dataset of 60
 * engineers, 60 jobs and 60 companies so that every result count is known.
 */
let server: ReferenceServer;
let api: RestClient;

const KEYS = [
  { key: "svc_test_rich_key_000", credits: 1_000_000 },
  { key: "svc_test_three_credits", credits: 3 },
  { key: "svc_test_exhausted_key", credits: 0 },
];

beforeAll(async () => {
  server = await startReferenceServer({
    keys: KEYS,
    data: dataset({
      people: people(60, () => ({
        skills: ["Go"],
        experiences: [experience({ title: "Software Engineer", is_current: true })],
      })),
      jobs: Array.from({ length: 60 }, () => job()),
      companies: Array.from({ length: 60 }, (_, i) => company({ name: `Company ${i}` })),
    }),
  });
  api = new RestClient(server.url, KEYS[0]!.key);
});
afterAll(() => server.close());

/** Credits a request cost, read from the ledger through the free key status route. */
async function charged(request: () => Promise<{ status: number }>, expectedStatus = 200): Promise<number> {
  const before = await api.remaining();
  const r = await request();
  expect(r.status).toBe(expectedStatus);
  return before - (await api.remaining());
}

const everyone = { field: "skills", eq: "Go" };

describe("Query Spec search: ceil(returned IDs / 25), 0 when nothing is returned (s8-cost-query-search)", () => {
  for (const [size, cost] of [
    [1, 1],
    [25, 1],
    [26, 2],
    [50, 2],
    [51, 3],
  ] as const) {
    it(`${size} IDs cost ${cost}`, async () => {
      expect(await charged(() => api.post("/v1/people/query", { where: everyone, size }))).toBe(cost);
    });
  }

  it("an empty result costs nothing, and so does a misspelt fixed value (s7-misspelt-fixed-value-empty)", async () => {
    expect(await charged(() => api.post("/v1/people/query", { where: { field: "skills", eq: "Cobol" } }))).toBe(0);
    expect(
      await charged(() => api.post("/v1/people/query", { where: { field: "management_level", eq: "manager" } })),
    ).toBe(0);
  });

  it("charges the page, not the total: the last page of 60 at size 25 has 10 IDs and costs 1", async () => {
    const first = await api.post("/v1/people/query", { where: everyone, size: 25 });
    const second = await api.post("/v1/people/query", { where: everyone, size: 25, after: first.body.data.next });
    expect(
      await charged(() => api.post("/v1/people/query", { where: everyone, size: 25, after: second.body.data.next })),
    ).toBe(1);
  });

  it("applies to jobs and companies", async () => {
    expect(await charged(() => api.post("/v1/jobs/query", { size: 26 }))).toBe(2);
    expect(await charged(() => api.post("/v1/companies/query", { size: 60 }))).toBe(3);
  });
});

describe("natural-language search: 5 + ceil(returned IDs / 25), the 5 kept (s8-cost-nl-search)", () => {
  for (const [size, cost] of [
    [1, 6],
    [25, 6],
    [26, 7],
  ] as const) {
    it(`${size} IDs cost ${cost}`, async () => {
      expect(await charged(() => api.post("/v1/people-search", { text: "software engineer", size }))).toBe(cost);
    });
  }

  it("nothing found still costs the base 5", async () => {
    expect(await charged(() => api.post("/v1/people-search", { text: "astronaut" }))).toBe(5);
  });
});

describe(
  "detail: ceil(found records / 5); not_found rows are " + "free (s8-cost-detail, s7-unresolved-id-not-found-free)",
  () => {
    let ids: string[];
    beforeAll(async () => {
      ids = (await api.post("/v1/people/query", { where: everyone, size: 12 })).body.data.profile_ids;
    });
    const detail = (profileIds: string[]) => () =>
      api.post("/entity/v1/profiles/detail-by-id", { profile_ids: profileIds });

    it("5 found cost 1, 6 cost 2, 10 cost 2, 11 cost 3", async () => {
      expect(await charged(detail(ids.slice(0, 5)))).toBe(1);
      expect(await charged(detail(ids.slice(0, 6)))).toBe(2);
      expect(await charged(detail(ids.slice(0, 10)))).toBe(2);
      expect(await charged(detail(ids.slice(0, 11)))).toBe(3);
    });

    it("5 found and 3 not found cost 1; nothing found costs 0", async () => {
      expect(await charged(detail([...ids.slice(0, 5), "nope-1", "nope-2", "nope-3"]))).toBe(1);
      expect(await charged(detail(["nope-1", "https://www.linkedin.com/in/nobody"]))).toBe(0);
    });

    it("applies to jobs and companies", async () => {
      const jobIds = (await api.post("/v1/jobs/query", { size: 6 })).body.data.job_ids;
      const companyIds = (await api.post("/v1/companies/query", { size: 5 })).body.data.company_ids;
      expect(await charged(() => api.post("/entity/v1/jobs/detail-by-id", { job_ids: jobIds }))).toBe(2);
      expect(await charged(() => api.post("/entity/v1/companies/detail-by-id", { company_ids: companyIds }))).toBe(1);
    });
  },
);

describe("free requests", () => {
  it("key status and version cost nothing (s8-cost-key-status; /version is the reference's choice)", async () => {
    expect(await charged(() => api.get("/auth/key/status"))).toBe(0);
    expect(await charged(() => api.get("/version"))).toBe(0);
  });

  it("every refusal costs nothing (s7-translated-before-charge)", async () => {
    expect(await charged(() => api.post("/v1/people/query", { where: { field: "nope", eq: 1 } }), 400)).toBe(0);
    expect(await charged(() => api.post("/v1/people-search", { text: "" }), 400)).toBe(0);
    expect(await charged(() => api.post("/entity/v1/profiles/detail-by-id", { profile_ids: [] }), 400)).toBe(0);
    expect(await charged(() => api.post("/v1/people/query", "{not json"), 400)).toBe(0);
  });
});

describe("a balance that cannot cover a request (s7-insufficient-balance-cost)", () => {
  it("refuses it with 402 at no cost, and serves what it can cover", async () => {
    const poor = api.withKey(KEYS[1]!.key);
    const ids = (await api.post("/v1/people/query", { where: everyone, size: 16 })).body.data.profile_ids;
    const tooDear = await poor.post("/entity/v1/profiles/detail-by-id", { profile_ids: ids });
    expect(tooDear).toMatchObject({
      status: 402,
      body: {
        code: 402,
        msg: "the request costs 4 Credits and the key has 3 left; it was refused at no cost (§8)",
        data: null,
      },
    });
    expect(await poor.remaining()).toBe(3);
    const nl = await poor.post("/v1/people-search", { text: "engineer", size: 1 });
    expect(nl.status).toBe(402);
    expect((await poor.post("/v1/people/query", { where: everyone, size: 50 })).status).toBe(200);
    expect(await poor.remaining()).toBe(1);
  });

  it(
    "an exhausted key gets free answers and 402 for anything priced; key status shows 0 " +
      "(s4-5-key-status-rejected-vs-exhausted)",
    async () => {
      const exhausted = api.withKey(KEYS[2]!.key);
      expect((await exhausted.post("/v1/people/query", { where: { field: "skills", eq: "Cobol" } })).status).toBe(200);
      expect((await exhausted.post("/v1/people/query", { where: everyone, size: 1 })).status).toBe(402);
      expect((await exhausted.get("/auth/key/status")).body.data).toMatchObject({ active: true, remaining_credits: 0 });
    },
  );
});
