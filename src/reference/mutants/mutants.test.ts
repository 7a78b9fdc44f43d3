import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContract } from "../../contract/index.js";
import { suitesRoot } from "../../runner/suites.js";
import { createReferenceService, type ReferenceService } from "../reference-service.js";
import { startReferenceServer } from "../server.js";
import { findMutant, MUTANTS } from "./index.js";

const SMALL = { people: 300, jobs: 60, companies: 30, seed: 11 };
const correct = createReferenceService(SMALL);
const auth = `Bearer ${correct.keys.active}`;
const serve = (mutant: string) => createReferenceService({ ...SMALL, mutant });

async function spent(service: ReferenceService, run: () => Promise<unknown>): Promise<number> {
  const remaining = async () =>
    ((await service.call("getKeyStatus", undefined, auth)).envelope.data as { remaining_credits: number })
      .remaining_credits;
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

  it("holds at least 40 mutants, with one or more in every area of the suites, each naming a server clause", () => {
    const clauses = loadContract().clauses;
    expect(MUTANTS.length).toBeGreaterThanOrEqual(40);
    const suiteAreas = readdirSync(suitesRoot()).filter((d) => statSync(join(suitesRoot(), d)).isDirectory());
    for (const area of suiteAreas) expect(MUTANTS.filter((m) => m.area === area).length, area).toBeGreaterThan(0);
    for (const m of MUTANTS) {
      expect(suiteAreas, m.id).toContain(m.area);
      expect(["must", "ambiguous"], `${m.id}: ${m.clause}`).toContain(clauses.get(m.clause)!.kind);
    }
  });

  it("asks for the default dataset only for faults of total, which need 100000 matches", () => {
    expect(MUTANTS.filter((m) => m.needsDefaultDataset).map((m) => m.id)).toEqual([
      "people-total-integer-at-cap",
      "people-total-string-without-plus",
    ]);
  });

  it("refuses to start an unknown mutant", () => {
    expect(() => createReferenceService({ ...SMALL, mutant: "no-such-mutant" })).toThrow(
      /unknown mutant "no-such-mutant"/,
    );
  });
});

describe("each mutant's fault is active and breaks its clause", () => {
  it('envelope-msg-uppercase-ok: success msg "OK" (s4-envelope-code-200-msg-ok)', async () => {
    expect((await correct.call("getVersion", undefined, auth)).envelope.msg).toBe("ok");
    const mutant = serve("envelope-msg-uppercase-ok");
    expect((await mutant.call("getVersion", undefined, auth)).envelope.msg).toBe("OK");
    expect((await mutant.call("queryPeople", {}, auth)).envelope.msg).toMatch(/requires `where`/);
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
    const ids = async (s: ReferenceService) =>
      ((await s.call("queryPeople", body, auth)).envelope.data as { profile_ids: string[] }).profile_ids.length;
    expect(await ids(correct)).toBe(100);
    expect(await ids(serve("query-size-default-50"))).toBe(50);
  });

  it(
    "query-unknown-field-accepted: an unknown field is " + "served, not refused (s4-2-rule2-unknown-field-refused)",
    async () => {
      const body = { where: { field: "salary", gte: 1 } };
      expect((await correct.call("queryPeople", body, auth)).status).toBe(400);
      const answer = await serve("query-unknown-field-accepted").call("queryPeople", body, auth);
      expect(answer.status).toBe(200);
      expect(answer.envelope.data).toEqual({ profile_ids: [], total: 0 });
    },
  );

  it(
    "detail-job-company-id-by-default: the default job " + "record carries company_id (s2-6-company-id-source-only)",
    async () => {
      const mutant = serve("detail-job-company-id-by-default");
      const jobIds = ((await correct.call("queryJobs", { size: 2 }, auth)).envelope.data as { job_ids: string[] })
        .job_ids;
      const first = async (s: ReferenceService, body: object) =>
        ((await s.call("getJobs", { job_ids: jobIds, ...body }, auth)).envelope.data as { results: object[] })
          .results[0];
      expect(await first(correct, {})).not.toHaveProperty("company_id");
      expect(await first(mutant, {})).toHaveProperty("company_id");
      expect(Object.keys((await first(mutant, { _source: ["title"] }))!)).toEqual(["title"]);
    },
  );
});

describe("the fault hooks mutants use (faults.ts)", () => {
  const search = { where: { field: "full_name", exists: true }, size: 1 };

  it(
    "request: limits-size-0-accepted serves size 0 as 1; " + "the correct server refuses it (s8-search-page-size)",
    async () => {
      const body = { ...search, size: 0 };
      expect((await correct.call("queryPeople", body, auth)).status).toBe(400);
      const answer = await serve("limits-size-0-accepted").call("queryPeople", body, auth);
      expect(answer.status).toBe(200);
      expect((answer.envelope.data as { profile_ids: string[] }).profile_ids).toHaveLength(1);
    },
  );

  it(
    "request: query-misspelt-fixed-value-refused refuses a misspelt fixed-set value at no cost " +
      "(s7-misspelt-fixed-value-empty)",
    async () => {
      const body = {
        where: {
          all: [
            { field: "full_name", exists: true },
            { field: "management_level", in: ["Director", "director"] },
          ],
        },
        size: 1,
      };
      expect((await correct.call("queryPeople", body, auth)).status).toBe(200);
      const mutant = serve("query-misspelt-fixed-value-refused");
      let answer;
      expect(await spent(mutant, async () => (answer = await mutant.call("queryPeople", body, auth)))).toBe(0);
      expect(answer!.status).toBe(400);
      expect(answer!.envelope.msg).toMatch(/where\.all\[1\]: "director" is not a value of management_level/);
    },
  );

  it(
    "chargeRefusal: credits-refusals-charged charges 1 for a refused query; the correct server charges nothing " +
      "(s7-translated-before-charge)",
    async () => {
      const body = { where: { field: "salary", eq: 1 }, size: 1 };
      expect(await spent(correct, () => correct.call("queryPeople", body, auth))).toBe(0);
      const mutant = serve("credits-refusals-charged");
      expect(await spent(mutant, () => mutant.call("queryPeople", body, auth))).toBe(1);
      expect(await spent(mutant, () => mutant.call("queryPeople", body, "Bearer svc_unknown_key_123"))).toBe(0);
    },
  );

  it(
    "charge on key status: credits-key-status-charged " + "charges each GET /auth/key/status (s8-cost-key-status)",
    async () => {
      const mutant = serve("credits-key-status-charged");
      const remaining = async () =>
        ((await mutant.call("getKeyStatus", undefined, auth)).envelope.data as { remaining_credits: number })
          .remaining_credits;
      const first = await remaining();
      expect(await remaining()).toBe(first - 1);
      expect(await spent(correct, async () => correct.call("getKeyStatus", undefined, auth))).toBe(0);
    },
  );

  it(
    "charge with the response data: credits-not-found-charged charges ceil(requested / 5) " +
      "(s7-unresolved-id-not-found-free)",
    async () => {
      const ids = (
        (await correct.call("queryPeople", { ...search, size: 1 }, auth)).envelope.data as { profile_ids: string[] }
      ).profile_ids;
      const body = { profile_ids: [...ids, "unknown-1", "unknown-2", "unknown-3", "unknown-4", "unknown-5"] };
      expect(await spent(correct, () => correct.call("getProfiles", body, auth))).toBe(1);
      const mutant = serve("credits-not-found-charged");
      expect(await spent(mutant, () => mutant.call("getProfiles", body, auth))).toBe(2);
    },
  );

  it(
    "routes: privacy-contact-unlock-served answers POST /v1/contacts/unlock with contact data to an accepted " +
      "key; the correct server has no such route (s1-contact-data-not-callable)",
    async () => {
      const unlock = async (url: string, authorization: string) => {
        const res = await fetch(`${url}/v1/contacts/unlock`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization },
          body: JSON.stringify({ linkedin_urls: ["https://www.linkedin.com/in/jane-doe/"] }),
        });
        return { status: res.status, body: (await res.json()) as { code: unknown; data: unknown } };
      };
      const servers = await Promise.all([
        startReferenceServer({ ...SMALL }),
        startReferenceServer({ ...SMALL, mutant: "privacy-contact-unlock-served" }),
      ]);
      try {
        const [right, wrong] = servers;
        expect((await unlock(right.url, `Bearer ${right.keys.active}`)).status).toBe(404);
        expect(await unlock(wrong.url, `Bearer ${wrong.keys.active}`)).toEqual({
          status: 200,
          body: {
            code: 200,
            msg: "ok",
            data: {
              contacts: [
                {
                  linkedin_url: "https://www.linkedin.com/in/jane-doe/",
                  email: "jane.doe@example.com",
                  phone: "+44 20 7946 0958",
                },
              ],
            },
          },
        });
        expect((await unlock(wrong.url, "Bearer svc_unknown_key_123")).status).toBe(401);
        expect((await fetch(`${wrong.url}/v1/contacts/lookup`, { method: "POST" })).status).toBe(404);
      } finally {
        await Promise.all(servers.map((s) => s.close()));
      }
    },
  );
});
