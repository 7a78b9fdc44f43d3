import { describe, expect, it } from "vitest";
import { createReferenceService } from "../reference-service.js";

/** The detail variants of detail.ts that change what the server issues, served in process. */
describe("variant ids-encrypted-per-call (s2-1-id-stability-not-shown)", () => {
  const service = createReferenceService({ variant: "ids-encrypted-per-call", people: 120, jobs: 60, companies: 40 });
  const auth = `Bearer ${service.keys.active}`;
  const call = async (operation: Parameters<typeof service.call>[0], body: unknown) => {
    const answer = await service.call(operation, body, auth);
    expect(answer.status).toBe(200);
    return answer.envelope.data as Record<string, unknown>;
  };

  it("answers the same search with other ID strings every time, each resolving to the same record", async () => {
    const query = { where: { field: "full_name", exists: true }, size: 5 };
    const first = (await call("queryPeople", query)).profile_ids as string[];
    const second = (await call("queryPeople", query)).profile_ids as string[];
    expect(first).toHaveLength(5);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    const names = async (ids: string[]) =>
      (
        (await call("getProfiles", { profile_ids: ids, _source: ["linkedin_url"] })).results as {
          linkedin_url: string;
        }[]
      ).map((r) => r.linkedin_url);
    expect(await names(second)).toEqual(await names(first));
  });

  it("gives a record's own id and its company ID a fresh string on every read", async () => {
    const [job] = (await call("queryJobs", { where: { field: "title", exists: true }, size: 1 })).job_ids as string[];
    const read = async () =>
      ((await call("getJobs", { job_ids: [job], _source: ["id", "url", "company_id"] })).results as Data[])[0]!;
    const [a, b] = [await read(), await read()];
    expect(a.url).toBe(b.url);
    expect(a.id).not.toBe(b.id);
    expect(a.id).not.toBe(job);
    expect(((await call("getJobs", { job_ids: [a.id, b.id] })).results as Data[]).map((r) => r.url)).toEqual([
      a.url,
      a.url,
    ]);
    if (a.company_id !== null) {
      expect(a.company_id).not.toBe(b.company_id);
      expect((await call("getCompanies", { company_ids: [a.company_id, b.company_id] })).found).toBe(2);
    }
  });

  it("reports an ID with one character changed as not found", async () => {
    const [id] = (await call("queryCompanies", { where: { field: "name", exists: true }, size: 1 }))
      .company_ids as string[];
    const tampered = id!.slice(0, 20) + (id![20] === "A" ? "B" : "A") + id!.slice(21);
    expect(await call("getCompanies", { company_ids: [tampered] })).toMatchObject({ found: 0, not_found: [tampered] });
  });
});

type Data = Record<string, unknown>;
