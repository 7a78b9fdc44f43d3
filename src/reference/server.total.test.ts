import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataset, RestClient } from "./testing/fixtures.js";
import { startReferenceServer, type ReferenceServer } from "./server.js";

let server: ReferenceServer;
let api: RestClient;

beforeAll(async () => {
  // 100,000 minimal people: the smallest dataset on which total reaches the capped string.
  const people = Array.from({ length: 100_000 }, (_, i) => ({
    first_name: "P",
    last_name: String(i),
    linkedin_url: `https://www.linkedin.com/in/p-${i}`,
  }));
  server = await startReferenceServer({ data: dataset({ people }) });
  api = new RestClient(server.url, server.keys.active);
});
afterAll(() => server.close());

describe("total (s4-3-total-exact-or-string, s8-people-total)", () => {
  it('is the string "100000+" at 100000 matches and an exact integer at 99999', async () => {
    const all = await api.post("/v1/people/query", { where: { field: "full_name", exists: true }, size: 1 });
    expect(all.body.data.total).toBe("100000+");
    const allButOne = await api.post("/v1/people/query", { where: { not: { field: "last_name", eq: "7" } }, size: 1 });
    expect(allButOne.body.data.total).toBe(99_999);
  });

  it("counts matches, not returned IDs, and pages of up to 10000 IDs (s9-pages-up-to-10000)", async () => {
    const page = await api.post("/v1/people/query", { where: { field: "last_name", in: ["1", "2", "3"] }, size: 2 });
    expect(page.body.data).toMatchObject({
      total: 3,
      profile_ids: [expect.any(String), expect.any(String)],
      next: expect.any(String),
    });
    const big = await api.post("/v1/people/query", { where: { field: "full_name", exists: true }, size: 10_000 });
    expect(big.body.data.profile_ids).toHaveLength(10_000);
    expect(new Set(big.body.data.profile_ids).size).toBe(10_000);
  });
});
