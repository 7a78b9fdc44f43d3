import { describe, expect, it } from "vitest";
import { loadContract } from "../../contract/index.js";
import { createReferenceService, type ReferenceService } from "../reference-service.js";
import { findMutant, MUTANTS } from "./index.js";

const SMALL = { people: 300, jobs: 60, companies: 30, seed: 11 };
const correct = createReferenceService(SMALL);
const auth = `Bearer ${correct.keys.active}`;
const serve = (mutant: string) => createReferenceService({ ...SMALL, mutant });

async function spent(service: ReferenceService, run: () => Promise<unknown>): Promise<number> {
  const remaining = async () => ((await service.call("getKeyStatus", undefined, auth)).envelope.data as { remaining_credits: number }).remaining_credits;
  const before = await remaining();
  await run();
  return before - (await remaining());
}

describe("mutant registry", () => {
  it("gives each mutant a unique id and an existing clause id of its area", () => {
    const clauses = loadContract().clauses;
    expect(new Set(MUTANTS.map((m) => m.id)).size).toBe(MUTANTS.length);
    for (const m of MUTANTS) {
      expect(clauses.has(m.clause), `${m.id}: ${m.clause}`).toBe(true);
      expect(m.id).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
      expect(m.description.length).toBeGreaterThan(20);
    }
    expect(findMutant("no-such-mutant")).toBeUndefined();
  });

  it("refuses to start an unknown mutant", () => {
    expect(() => createReferenceService({ ...SMALL, mutant: "no-such-mutant" })).toThrow(/unknown mutant "no-such-mutant"/);
  });
});

describe("each mutant's fault is active and breaks its clause", () => {
  it('envelope-msg-uppercase-ok: success msg "OK" (s4-envelope-code-200-msg-ok)', async () => {
    expect((await correct.call("getVersion", undefined, auth)).envelope.msg).toBe("ok");
    const mutant = serve("envelope-msg-uppercase-ok");
    expect((await mutant.call("getVersion", undefined, auth)).envelope.msg).toBe("OK");
    expect((await mutant.call("queryPeople", {}, auth)).envelope.msg).toMatch(/where is required/);
  });

  it("credits-search-floor: 24 IDs cost 0 instead of 1 (s8-cost-query-search)", async () => {
    const body = { where: { field: "full_name", exists: true }, size: 24 };
    expect(await spent(correct, () => correct.call("queryPeople", body, auth))).toBe(1);
    const mutant = serve("credits-search-floor");
    expect(await spent(mutant, () => mutant.call("queryPeople", body, auth))).toBe(0);
    expect(await spent(mutant, () => mutant.call("searchPeople", { text: "engineer", size: 24 }, auth))).toBe(6);
  });

  it("query-size-default-50: a page without size holds 50 IDs (s4-2-size-default-100)", async () => {
    const body = { where: { field: "full_name", exists: true } };
    const ids = async (s: ReferenceService) => ((await s.call("queryPeople", body, auth)).envelope.data as { profile_ids: string[] }).profile_ids.length;
    expect(await ids(correct)).toBe(100);
    expect(await ids(serve("query-size-default-50"))).toBe(50);
  });

  it("query-unknown-field-accepted: an unknown field is served, not refused (s4-2-rule2-unknown-field-refused)", async () => {
    const body = { where: { field: "salary", gte: 1 } };
    expect((await correct.call("queryPeople", body, auth)).status).toBe(400);
    const answer = await serve("query-unknown-field-accepted").call("queryPeople", body, auth);
    expect(answer.status).toBe(200);
    expect(answer.envelope.data).toEqual({ profile_ids: [], total: 0 });
  });

  it("detail-job-company-id-by-default: the default job record carries company_id (s2-6-company-id-source-only)", async () => {
    const mutant = serve("detail-job-company-id-by-default");
    const jobIds = ((await correct.call("queryJobs", { size: 2 }, auth)).envelope.data as { job_ids: string[] }).job_ids;
    const first = async (s: ReferenceService, body: object) => ((await s.call("getJobs", { job_ids: jobIds, ...body }, auth)).envelope.data as { results: object[] }).results[0];
    expect(await first(correct, {})).not.toHaveProperty("company_id");
    expect(await first(mutant, {})).toHaveProperty("company_id");
    expect(Object.keys((await first(mutant, { _source: ["title"] }))!)).toEqual(["title"]);
  });
});
