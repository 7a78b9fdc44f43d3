import { describe, expect, it } from "vitest";
import { loadContract } from "../../contract/index.js";
import { toDay } from "../days.js";
import { IdCodec } from "../ids.js";
import { ProfileRecords, profileFields } from "../records/people.js";
import { buildStore, type Store } from "../store/store.js";
import { cell } from "../store/table.js";
import { COMPANY_INDUSTRIES, EMPLOYMENT_TYPES, PROFICIENCIES, SENIORITIES, TRACKS } from "../vocabulary.js";
import { generateDataset } from "./dataset.js";

const asOf = toDay("2025-06-01")!;
const small = (seed: number) => buildStore(generateDataset({ seed, people: 2000, jobs: 500, companies: 200, asOf }));

function column(store: Store, table: keyof Store["tables"], name: string): unknown[] {
  const t = store.tables[table];
  const c = t.columns.get(name)!;
  return Array.from({ length: t.rows }, (_, r) => cell(c, r));
}

describe("generated dataset", () => {
  const store = small(1);

  it("is the same for the same seed and differs for another", () => {
    const again = small(1);
    const other = small(2);
    for (const name of ["full_name", "skills", "linkedin_url"])
      expect(column(again, "person", name)).toEqual(column(store, "person", name));
    expect(column(again, "experience", "started_at")).toEqual(column(store, "experience", "started_at"));
    expect(column(again, "jobs", "description")).toEqual(column(store, "jobs", "description"));
    expect(column(other, "person", "full_name")).not.toEqual(column(store, "person", "full_name"));
  });

  it("uses only the §2.3 fixed values, and all of them (levels, departments, industries, proficiencies)", () => {
    const people = loadContract().datasets.people.fields;
    for (const [table, field] of [
      ["experience", "level"],
      ["person", "management_level"],
      ["person", "active_department"],
      ["experience", "industry"],
      ["language", "language_proficiency"],
    ] as const) {
      const allowed = people.get(field)!.values!;
      const seen = new Set(column(store, table, field).filter((v) => v !== null));
      expect(
        [...seen].filter((v) => !allowed.includes(v as string)),
        field,
      ).toEqual([]);
      if (field !== "management_level" && field !== "level") expect(seen.size, field).toBe(allowed.length);
    }
    expect(new Set(TRACKS.flatMap((t) => t.titles.map(([, level]) => level)))).toEqual(
      new Set(people.get("level")!.values),
    );
    expect(new Set(COMPANY_INDUSTRIES.map(([, p]) => p))).toEqual(new Set(people.get("industry")!.values));
    expect([...PROFICIENCIES]).toEqual(people.get("language_proficiency")!.values);
  });

  it(
    "gives jobs seven seniorities from Internship to Executive and seven employment types from Full-time to " +
      "Volunteer (§2.6)",
    () => {
      expect(new Set(column(store, "jobs", "seniority"))).toEqual(new Set(SENIORITIES));
      expect(new Set(column(store, "jobs", "employment_type"))).toEqual(new Set(EMPLOYMENT_TYPES));
      expect([SENIORITIES[0], SENIORITIES[6], EMPLOYMENT_TYPES[0], EMPLOYMENT_TYPES[6]]).toEqual([
        "Internship",
        "Executive",
        "Full-time",
        "Volunteer",
      ]);
      const salaries = column(store, "jobs", "salary_min").filter((v) => v !== null).length;
      expect(salaries).toBeGreaterThan(50);
      expect(salaries).toBeLessThan(250);
      const closed = column(store, "jobs", "application_active").filter((v) => v === 0).length;
      expect(closed).toBeGreaterThan(10);
    },
  );

  it("fills every queryable field of every dataset somewhere, so that every field can be exercised", () => {
    const tableOf = {
      people: (scope?: string) => scope ?? "person",
      jobs: () => "jobs",
      companies: () => "companies",
    } as const;
    for (const [name, spec] of Object.entries(loadContract().datasets)) {
      for (const field of spec.fields.values()) {
        const values = column(store, tableOf[name as "people"](field.scope) as "person", field.name);
        const filled = values.filter((v) => v !== null && !(Array.isArray(v) && v.length === 0)).length;
        expect(filled, `${name}.${field.name}`).toBeGreaterThan(0);
      }
    }
  });

  it("keeps cities, states, countries and codes consistent", () => {
    const iso2 = column(store, "person", "country_iso2");
    const country = column(store, "person", "country");
    const pairs = new Set(country.map((c, i) => `${String(c)}|${String(iso2[i])}`));
    expect(pairs.size).toBe(new Set(country).size);
  });

  it("makes every profile field readable", () => {
    const records = new ProfileRecords(store, new IdCodec(Buffer.from("s"), "d"));
    const record = records.record(0, "id", profileFields());
    expect(Object.keys(record).sort()).toEqual(profileFields().sort());
  });
});

/** Strings of a record, walked, leaving out identifiers, links and dates, which are not prose. */
function proseStrings(value: unknown, key: string, out: string[]): string[] {
  if (NOT_PROSE.has(key)) return out;
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) proseStrings(v, key, out);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) proseStrings(v, k, out);
  return out;
}
const NOT_PROSE = new Set([
  "profile_id",
  "company_id",
  "linkedin_url",
  "websites",
  "website",
  "started_at",
  "ended_at",
]);
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;
/**
 * A run of digits and phone punctuation holding at least seven digits: +1 (555) 123-4567, 020 7946 0958, 5551234567.
 */
function hasPhoneNumber(text: string): boolean {
  for (const run of text.match(/\+?\(?\d[\d ().-]*\d/g) ?? []) if (run.replace(/\D/g, "").length >= 7) return true;
  return false;
}

describe("privacy (s1-people-prose-no-contact)", () => {
  it("recognises what it looks for", () => {
    expect(EMAIL.test("write to jane.doe+x@mail.example.org")).toBe(true);
    expect(["+1 (555) 123-4567", "call 020 7946 0958", "5551234567"].every(hasPhoneNumber)).toBe(true);
    expect(["Senior Engineer with 12 years of experience", "from 2015 to 2019", "Top 100"].some(hasPhoneNumber)).toBe(
      false,
    );
  });

  it("no people record of the default-size dataset carries an e-mail address or a phone number in its prose", () => {
    const store = buildStore(generateDataset({ seed: 20240611, people: 120_000, jobs: 0, companies: 10_000, asOf }));
    const records = new ProfileRecords(store, new IdCodec(Buffer.from("s"), "d"));
    const fields = profileFields().filter((f) => f !== "experiences");
    const offending: string[] = [];
    let scanned = 0;
    for (let row = 0; row < store.tables.person.rows; row++) {
      for (const text of proseStrings(records.record(row, "", fields), "", [])) {
        scanned++;
        if (EMAIL.test(text) || hasPhoneNumber(text)) offending.push(text);
      }
    }
    expect(offending.slice(0, 5)).toEqual([]);
    expect(store.tables.person.rows).toBe(120_000);
    expect(scanned).toBeGreaterThan(120_000 * 20);
    // About 25 s alone; beside the other test files on a busy two-core machine it took over 60 s.
  }, 240_000);
});
