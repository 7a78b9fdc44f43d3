import { afterAll, describe, expect, it } from "vitest";
import { prebuildStore, startReferenceServer, type ReferenceServer } from "./index.js";

const SIZES = { people: 60, jobs: 12, companies: 8, asOf: "2026-01-02" } as const;

describe("a prebuilt store shared by several servers", () => {
  const servers: ReferenceServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it("serves the same records and IDs as a server that generated its own, with its own ledger", async () => {
    const store = await prebuildStore(SIZES);
    const own = await startReferenceServer(SIZES);
    const a = await startReferenceServer({ ...SIZES, store });
    const b = await startReferenceServer({ ...SIZES, store, mutant: "credits-key-status-charged" });
    servers.push(own, a, b);
    expect(a.service).not.toBe(b.service);
    const query = { where: { field: "full_name", exists: true }, size: 5 };
    const ids = async (s: ReferenceServer) =>
      (await s.service.call("queryPeople", query, `Bearer ${s.keys.active}`)).envelope.data;
    expect(await ids(a)).toEqual(await ids(own));
    const status = async (s: ReferenceServer) =>
      (await s.service.call("getKeyStatus", undefined, `Bearer ${s.keys.active}`)).envelope.data as {
        used_credits: number;
      };
    await status(b);
    expect((await status(b)).used_credits).toBe(2);
    expect((await status(a)).used_credits).toBe(1);
  });

  it("is refused by a server asking for another dataset, naming both", async () => {
    const store = await prebuildStore(SIZES);
    await expect(startReferenceServer({ ...SIZES, people: 61, store })).rejects.toThrow(
      /holds seed \d+, 60 people.*asks for seed \d+, 61 people/,
    );
    await expect(startReferenceServer({ ...SIZES, asOf: "2026-01-03", store })).rejects.toThrow(
      /as of 2026-01-02.*as of 2026-01-03/,
    );
  });
});
