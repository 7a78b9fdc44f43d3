import { describe, expect, it } from "vitest";
import { toDay } from "../days.js";
import { generateDataset } from "../generate/dataset.js";
import { generatePeople, PEOPLE_CHUNK } from "../generate/people.js";
import { generateCompanies } from "../generate/companies.js";
import { buildPools } from "../pools.js";
import { Random } from "../random.js";
import {
  assembleStore,
  buildStore,
  canonicalLinkedinUrl,
  companiesPart,
  jobsPart,
  PeopleBuilder,
  type Store,
} from "./store.js";
import { cell } from "./table.js";

function snapshot(store: Store): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(store.tables)) {
    for (const [col, column] of table.columns)
      out[`${name}.${col}`] = Array.from({ length: table.rows }, (_, r) => cell(column, r));
    if (table.owner) out[`${name}.owner`] = [...table.owner];
  }
  for (const [sub, offsets] of store.tables.person.children!) out[`children.${sub}`] = [...offsets];
  return out;
}

describe("store parts (the two-thread build of generate/parallel.ts)", () => {
  it("merges chunk-aligned parts built apart into the same store as a one-part build", () => {
    const options = { seed: 4, people: 2 * PEOPLE_CHUNK + 700, jobs: 50, companies: 80, asOf: toDay("2025-01-01")! };
    const whole = buildStore(generateDataset(options));
    const pools = buildPools(options.seed, options.companies);
    const companies = generateCompanies(new Random(options.seed).fork(1), pools, options.companies, options.asOf);
    const parts = [
      [0, PEOPLE_CHUNK],
      [PEOPLE_CHUNK, options.people],
    ].map(([from, to]) => {
      const builder = new PeopleBuilder();
      for (const p of generatePeople(options.seed, pools, companies, from!, to!, options.asOf)) builder.add(p);
      return builder.part();
    });
    const input = generateDataset(options);
    const merged = assembleStore(parts, jobsPart(input.jobs), companiesPart(input.companies));
    expect(snapshot(merged)).toEqual(snapshot(whole));
  });

  it("refuses a range that does not start on a chunk boundary", () => {
    expect(() => generatePeople(1, buildPools(1, 5), [], 10, 20, 0).next()).toThrow(/multiple of 5000/);
  });
});

describe("canonicalLinkedinUrl (s2-1-profile-linkedin-urls)", () => {
  it("accepts the usual spellings of a profile URL and nothing else", () => {
    const canonical = "https://www.linkedin.com/in/jane-doe";
    for (const url of [
      "https://www.linkedin.com/in/jane-doe",
      "http://linkedin.com/in/Jane-Doe/",
      "linkedin.com/in/jane-doe?trk=x",
      "https://uk.linkedin.com/in/jane-doe#top",
      " www.linkedin.com/in/jane%2Ddoe ",
    ]) {
      expect(canonicalLinkedinUrl(url), url).toBe(canonical);
    }
    for (const url of [
      "https://www.linkedin.com/company/acme",
      "https://evil.com/in/jane-doe",
      "jane-doe",
      "https://www.linkedin.com/in/",
      "https://www.linkedin.com/in/%E0%A4%A",
    ]) {
      expect(canonicalLinkedinUrl(url), url).toBeUndefined();
    }
  });
});
