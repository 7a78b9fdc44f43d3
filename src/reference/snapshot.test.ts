import { beforeEach, describe, expect, it } from "vitest";
import { createReferenceService, type ReferenceService } from "./reference-service.js";

/**
 * The variant data-snapshot-refreshed (variants/data.ts): the reference serves one snapshot for 100 priced requests,
 * then the refreshed one, then the first again. IDs stay; records gone are out of search and not_found by detail;
 * postings closed by the refresh leave the jobs index.
 */
let service: ReferenceService;
let auth: string;
let priced: number;
beforeEach(() => {
  service = createReferenceService({ variant: "data-snapshot-refreshed", people: 300, jobs: 150, companies: 120 });
  auth = `Bearer ${service.keys.active}`;
  priced = 0;
});

async function call(operation: Parameters<ReferenceService["call"]>[0], body: unknown) {
  const answer = await service.call(operation, body, auth);
  expect(answer.status).toBe(200);
  priced++;
  return answer.envelope.data as Record<string, unknown>;
}

/** Priced requests sent until the next one is the `n`-th of the run (counting from 0). */
async function advanceTo(n: number) {
  while (priced < n) await call("queryCompanies", { where: { field: "name", exists: true }, size: 1 });
}

const everyone = { where: { field: "full_name", exists: true }, size: 1000 };
const everyPosting = { where: { field: "title", exists: true }, size: 1000 };

describe("a reference whose data is refreshed while it serves", () => {
  it("switches snapshots every 100 priced requests, keeping the IDs of records in both", async () => {
    const before = (await call("queryPeople", everyone)).profile_ids as string[];
    await advanceTo(100);
    const after = (await call("queryPeople", everyone)).profile_ids as string[];
    await advanceTo(200);
    const back = (await call("queryPeople", everyone)).profile_ids as string[];
    const gone = before.filter((id) => !after.includes(id));
    const added = after.filter((id) => !before.includes(id));
    expect(gone.length).toBeGreaterThan(0);
    expect(added.length).toBeGreaterThan(0);
    // A refresh changes a few records, not the keys: most IDs are the same strings on both sides.
    expect(before.length - gone.length).toBeGreaterThan(before.length * 0.9);
    expect(back).toEqual(before);
  });

  it("reports people gone since the refresh as not found, and the moved ones with their new values", async () => {
    const before = (await call("queryPeople", everyone)).profile_ids as string[];
    const old = (await call("getProfiles", { profile_ids: before.slice(0, 100), _source: ["profile_id", "city"] }))
      .results as Record<string, unknown>[];
    await advanceTo(100);
    const after = (await call("queryPeople", everyone)).profile_ids as string[];
    const gone = before.filter((id) => !after.includes(id));
    const detail = await call("getProfiles", { profile_ids: gone });
    expect(detail.not_found).toEqual(gone);
    const now = (await call("getProfiles", { profile_ids: before.slice(0, 100), _source: ["profile_id", "city"] }))
      .results as Record<string, unknown>[];
    const moved = now.filter((r) => old.some((o) => o.profile_id === r.profile_id && o.city !== r.city));
    expect(moved.length).toBeGreaterThan(0);
  });

  it("takes postings closed by the refresh out of the jobs index and reports them not found", async () => {
    const open = (await call("queryJobs", everyPosting)).job_ids as string[];
    const served = (await call("getJobs", { job_ids: open.slice(0, 100) })).not_found as string[];
    await advanceTo(100);
    const later = (await call("queryJobs", everyPosting)).job_ids as string[];
    const closed = open.filter((id) => !later.includes(id));
    expect(closed.length).toBeGreaterThan(0);
    const detail = await call("getJobs", { job_ids: closed });
    expect(detail.not_found).toEqual(closed);
    expect(served.filter((id) => closed.includes(id))).toEqual([]);
  });
});

describe("a reference whose data is refreshed a fifth at a time (data-snapshot-rolling)", () => {
  it("changes a fifth of the records every 20 priced requests, each once in five, and comes round", async () => {
    service = createReferenceService({ variant: "data-snapshot-rolling", people: 300, jobs: 150, companies: 120 });
    auth = `Bearer ${service.keys.active}`;
    const read = async () => {
      const ids = (await call("queryPeople", { where: { field: "full_name", exists: true }, size: 1000 }))
        .profile_ids as string[];
      return ids;
    };
    const first = await read();
    const looks = [first];
    for (let k = 1; k <= 10; k++) {
      await advanceTo(20 * k);
      looks.push(await read());
    }
    // Each refresh removes the first records of one fifth, or brings them back: the set differs every time.
    for (let k = 1; k <= 10; k++) expect(looks[k]).not.toEqual(looks[k - 1]);
    const gone = (k: number) => first.length - looks[k]!.length;
    expect([1, 2, 3, 4, 5].map(gone)).toEqual([6, 12, 18, 24, 30]);
    expect([6, 7, 8, 9].map(gone)).toEqual([24, 18, 12, 6]);
    // Ten refreshes change every fifth twice: the first snapshot again.
    expect(looks[10]).toEqual(first);
    // The records a search finds first are among those gone: some of its first five are gone after one refresh.
    expect(first.slice(0, 5).filter((id) => !looks[1]!.includes(id)).length).toBeGreaterThan(0);
  });
});
