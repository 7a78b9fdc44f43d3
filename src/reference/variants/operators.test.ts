import { describe, expect, it } from "vitest";
import type { OperationId } from "../../contract/index.js";
import { createReferenceService } from "../reference-service.js";

const SIZES = { people: 200, jobs: 80, companies: 60 };

/** The total of a people query, or the number of IDs of a jobs query (one page of 10000), on one variant. */
function counter(variant?: string) {
  const service = createReferenceService({ ...(variant ? { variant } : {}), ...SIZES });
  const auth = `Bearer ${service.keys.active}`;
  return async (operation: OperationId, where: unknown): Promise<number> => {
    const answer = await service.call(operation, { where, size: 10000 }, auth);
    expect(answer.status).toBe(200);
    const data = answer.envelope.data as { total?: number; job_ids?: string[] };
    return data.total ?? data.job_ids!.length;
  };
}

/** The operator readings of operators.ts, each set beside the reference's own, served in process. */
describe("operator variants: the readings of match, eq and not a deployment may make", () => {
  const correct = counter();

  it("query-match-substring finds a run of letters inside a word; query-match-fuzzy one two edits away", async () => {
    const where = { field: "title", match: "ngineerin" };
    expect(await correct("queryJobs", where)).toBe(0);
    expect(await counter("query-match-substring")("queryJobs", where)).toBeGreaterThan(0);
    expect(await counter("query-match-fuzzy")("queryJobs", where)).toBeGreaterThan(0);
    expect(await counter("query-match-fuzzy")("queryJobs", { field: "title", match: "xyzzyplugh" })).toBe(0);
  });

  it("query-match-phrase needs the words side by side; query-match-any-word needs one of them", async () => {
    const service = createReferenceService(SIZES);
    const auth = `Bearer ${service.keys.active}`;
    const search = await service.call("queryJobs", { where: { field: "title", exists: true }, size: 1 }, auth);
    const ids = (search.envelope.data as { job_ids: string[] }).job_ids;
    const detail = await service.call("getJobs", { job_ids: ids, _source: ["title"] }, auth);
    const title = (detail.envelope.data as { results: { title: string }[] }).results[0]!.title;
    const [first, second] = title.split(" ") as [string, string];
    const reversed = { field: "title", match: `${second} ${first}` };
    expect(await correct("queryJobs", reversed)).toBeGreaterThan(0);
    expect(await counter("query-match-phrase")("queryJobs", reversed)).toBeLessThan(
      await correct("queryJobs", reversed),
    );
    const any = await counter("query-match-any-word")("queryJobs", { field: "title", match: `${first} xyzzyplugh` });
    expect(any).toBe(await correct("queryJobs", { field: "title", match: first }));
  });

  it("query-eq-ignores-case compares free text case aside, and identity fields exactly still", async () => {
    const ignoring = counter("query-eq-ignores-case");
    const upper = async (count: typeof correct, field: string, value: string) =>
      count("queryPeople", { field, eq: value.toUpperCase() });
    expect(await upper(correct, "country", "Germany")).toBe(0);
    expect(await upper(ignoring, "country", "Germany")).toBe(
      await correct("queryPeople", { field: "country", eq: "Germany" }),
    );
    expect(await upper(ignoring, "management_level", "Senior")).toBe(0);
  });

  it("query-not-excludes-missing keeps records without a value out of a negation", async () => {
    const sql = counter("query-not-excludes-missing");
    const not = { not: { field: "headline", eq: "nobody holds this" } };
    const all = await correct("queryPeople", { not: { field: "full_name", eq: "nobody holds this" } });
    const withHeadline = await correct("queryPeople", { field: "headline", exists: true });
    expect(await correct("queryPeople", not)).toBe(all);
    expect(await sql("queryPeople", not)).toBe(withHeadline);
    expect(withHeadline).toBeLessThan(all);
    // De Morgan: not any [A, B] is every record holding a value of both that fails both.
    const notAny = { not: { any: [not.not, { field: "city", eq: "nowhere" }] } };
    expect(await sql("queryPeople", notAny)).toBe(
      await correct("queryPeople", {
        all: [
          { field: "headline", exists: true },
          { field: "city", exists: true },
        ],
      }),
    );
  });
});
