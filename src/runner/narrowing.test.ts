import { describe, expect, it } from "vitest";
import { creditCost } from "../contract/index.js";
import { maxProbes, narrowSet, ownValueLeaves, type ProbeResult } from "./narrowing.js";
import type { QueryNode } from "./semantics/judge.js";
import { narrowStep } from "./steps/narrow.js";

type Row = Record<string, string | number>;

/** A broad dataset: most rows share a title and a company, so one or two values match thousands. */
function broadPostings(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `job-${i}`,
    title: i % 10 === 0 ? "Nurse" : "Software Engineer",
    company_name: i % 3 === 0 ? "Acme" : "Globex",
    city: ["Leeds", "Lyon", "Lima", "Oslo", "Pune", "Kobe", "Turin"][i % 7]!,
    country: ["United Kingdom", "France", "Peru"][i % 3]!,
    created_at: `2024-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, "0")}`,
    required_months_of_experience: (i * 7919) % 1000,
  }));
}

function matches(row: Row, node: QueryNode): boolean {
  if (Array.isArray(node.all)) return (node.all as QueryNode[]).every((n) => matches(row, n));
  if (Array.isArray(node.any)) return (node.any as QueryNode[]).some((n) => matches(row, n));
  return row[String(node.field)] === node.eq;
}

/** A deployment over rows: one page of `size` IDs and next while more remain (§4.3); `refuses` names refused fields. */
function deployment(rows: readonly Row[], refuses: readonly string[] = []) {
  const sent: { where: QueryNode; size: number }[] = [];
  const fieldsOf = (n: QueryNode): string[] =>
    Array.isArray(n.all) || Array.isArray(n.any)
      ? ((n.all ?? n.any) as QueryNode[]).flatMap(fieldsOf)
      : [String(n.field)];
  const search = (where: QueryNode, size: number): Promise<ProbeResult> => {
    sent.push({ where, size });
    if (fieldsOf(where).some((f) => refuses.includes(f)))
      return Promise.resolve({ refused: true, ids: [], hasNext: false, total: undefined });
    const all = rows.filter((r) => matches(r, where)).map((r) => String(r.id));
    const total = all.length >= 100_000 ? "100000+" : all.length;
    return Promise.resolve({ refused: false, ids: all.slice(0, size), hasNext: all.length > size, total });
  };
  return { search, sent };
}

const FIELDS = ["title", "company_name", "city", "country", "created_at", "required_months_of_experience"];

describe("narrowSet", () => {
  it("reaches a set of at most N on broad data, holding the sampled records, within maxProbes pages of N", async () => {
    const rows = broadPostings(150_000);
    const sampled = [rows[1]!, rows[2]!];
    const { search, sent } = deployment(rows);
    const narrowed = await narrowSet({ candidates: sampled.map((r) => ownValueLeaves(r, FIELDS)), size: 4, search });
    expect(narrowed.where).toBeDefined();
    expect(narrowed.probe!.hasNext).toBe(false);
    const set = rows.filter((r) => matches(r, narrowed.where!)).map((r) => r.id);
    expect(set.length).toBeGreaterThanOrEqual(1);
    expect(set.length).toBeLessThanOrEqual(4);
    expect(set).toContain(sampled[0]!.id);
    expect(sent.length).toBeLessThanOrEqual(maxProbes(FIELDS.length, sampled.length));
    expect(sent.every((s) => s.size === 4)).toBe(true);
    // The first probes were too broad to page: narrowing, not a lucky first query.
    expect(sent.length).toBeGreaterThan(1);
  });

  it("costs no more than the narrow step's priced worst case", async () => {
    const rows = broadPostings(150_000);
    const { search, sent } = deployment(rows);
    const spec = { operation: "queryJobs", records: [rows[1], rows[2]], fields: FIELDS, at_most: 4 };
    const plan = narrowStep.plan(spec, { bogus: new Set(), versionCost: 0 });
    await narrowSet({ candidates: [rows[1], rows[2]].map((r) => ownValueLeaves(r, FIELDS)), size: 4, search });
    const spent = sent.length * creditCost("queryJobs", 4)!;
    expect(plan.worstCase).toBe(maxProbes(FIELDS.length, 2) * creditCost("queryJobs", 4)!);
    expect(spent).toBeLessThanOrEqual(plan.worstCase);
    expect(plan.maxItems).toBe(4);
  });

  it("leaves out a leaf the deployment refuses and one that loses the records, and still narrows", async () => {
    const rows = broadPostings(20_000);
    const sampled = rows[5]!;
    // A value no row holds (the deployment compares differently): that leaf would empty the set.
    const misread = { ...sampled, city: "LEEDS (misread)" };
    const { search } = deployment(rows, ["company_name"]);
    const narrowed = await narrowSet({ candidates: [ownValueLeaves(misread, FIELDS)], size: 4, search });
    expect(narrowed.where).toBeDefined();
    const text = JSON.stringify(narrowed.where);
    expect(text).not.toContain("company_name");
    expect(text).not.toContain("misread");
    expect(rows.filter((r) => matches(r, narrowed.where!)).map((r) => r.id)).toContain(sampled.id);
  });

  it("uses an exact people total to decide, where a capped one cannot", async () => {
    const rows = broadPostings(150_000);
    const { search } = deployment(rows);
    const narrowed = await narrowSet({
      candidates: [ownValueLeaves(rows[7], FIELDS)],
      size: 1,
      search,
      smallEnough: (p) => typeof p.total === "number",
    });
    expect(typeof narrowed.probe!.total).toBe("number");
    expect(JSON.stringify(narrowed.where)).toContain("company_name");
  });

  it("tries each record alone when together they share their values with too many", async () => {
    const twins = Array.from({ length: 10 }, (_, i) => ({ id: `t-${i}`, title: "Clerk", company_name: "Initech" }));
    const rows = [...twins, { id: "u-1", title: "Clerk", company_name: "Hooli" }];
    const { search } = deployment(rows);
    const narrowed = await narrowSet({
      candidates: [twins[0], rows.at(-1)].map((r) => ownValueLeaves(r, FIELDS)),
      size: 4,
      search,
    });
    expect(rows.filter((r) => matches(r, narrowed.where!)).map((r) => r.id)).toEqual(["u-1"]);
  });

  it("says why when more than N records share every sampled value", async () => {
    const twins = Array.from({ length: 10 }, (_, i) => ({ id: `t-${i}`, title: "Clerk", company_name: "Initech" }));
    const { search } = deployment(twins);
    const narrowed = await narrowSet({ candidates: [ownValueLeaves(twins[0], FIELDS)], size: 4, search });
    expect(narrowed.where).toBeUndefined();
    expect(narrowed.reason).toMatch(/more than 4 records share every value/);
  });
});

describe("ownValueLeaves", () => {
  it("makes eq leaves of single values only, in the fields' order", () => {
    const record = { title: "Nurse", skills: ["a"], city: "", country: null, salary_min: 5, remote: false };
    expect(ownValueLeaves(record, ["country", "salary_min", "title", "skills", "city", "remote"])).toEqual([
      { field: "salary_min", eq: 5 },
      { field: "title", eq: "Nurse" },
      { field: "remote", eq: false },
    ]);
    expect(ownValueLeaves(null, ["title"])).toEqual([]);
  });
});
