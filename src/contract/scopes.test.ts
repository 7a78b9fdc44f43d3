import { describe, expect, it } from "vitest";
import { loadContract } from "./load.js";
import { isScopeKey, scopeKeyOf, scopeKeys, subRecordFields, subRecordOf, subRecords } from "./scopes.js";

describe("scope keys and sub-records, read from spec/catalog/ only", () => {
  const people = loadContract().datasets.people;

  it("are the people dataset's scopes, in the catalog's order; jobs and companies have none (§4.2 rule 4)", () => {
    expect(scopeKeys()).toEqual(Object.keys(people.scopes));
    expect(subRecords()).toEqual(Object.values(people.scopes));
    expect(Object.keys(loadContract().datasets.jobs.scopes)).toEqual([]);
    expect(Object.keys(loadContract().datasets.companies.scopes)).toEqual([]);
  });

  it("map a key to its sub-record and back; any other name is no scope key", () => {
    for (const key of scopeKeys()) {
      expect(isScopeKey(key)).toBe(true);
      expect(scopeKeyOf(subRecordOf(key)!)).toBe(key);
    }
    for (const name of ["has_job", "experience", "all", "toString", "__proto__", ""]) {
      expect(isScopeKey(name)).toBe(false);
      expect(subRecordOf(name)).toBeUndefined();
    }
  });

  it("give each sub-record exactly the fields the catalog puts in it", () => {
    const scoped = [...people.fields.values()].filter((f) => f.scope);
    expect(
      subRecords()
        .flatMap((sub) => subRecordFields(sub))
        .sort(),
    ).toEqual(scoped.map((f) => f.name).sort());
    for (const sub of subRecords())
      for (const name of subRecordFields(sub)) expect(people.fields.get(name)?.scope).toBe(sub);
    expect(subRecordFields("language")).toEqual(["languages", "language_proficiency"]);
  });
});
