import { describe, expect, it } from "vitest";
import { DATASETS, loadContract } from "../contract/index.js";
import { visitKeys } from "./visit-keys.js";

describe("visit keys", () => {
  const contract = loadContract();

  it("find every queryable field of every dataset by its name, and nothing else", () => {
    for (const dataset of DATASETS) {
      const spec = contract.datasets[dataset];
      const keys = visitKeys(spec);
      for (const [name, field] of spec.fields) {
        expect(keys.fieldAt(keys.ordinalOf(name))).toBe(field);
        // A fresh copy of the name (as JSON.parse gives it) is found the same way.
        expect(keys.fieldAt(keys.ordinalOf(JSON.parse(JSON.stringify(name)) as string))).toBe(field);
        for (const other of [name.toUpperCase(), `${name}s`, name.slice(1), ` ${name}`]) {
          if (!spec.fields.has(other)) expect(keys.ordinalOf(other)).toBe(-1);
        }
      }
      for (const other of ["", "x", "__proto__", "constructor", 5, null, undefined, {}])
        expect(keys.ordinalOf(other)).toBe(-1);
    }
  });

  it("give leaves of different fields, operators or scopes different keys", () => {
    const people = contract.datasets.people;
    const keys = visitKeys(people);
    const seen = new Set<number>();
    const scopes = [
      undefined,
      { subRecord: undefined },
      ...Object.values(people.scopes).map((subRecord) => ({ subRecord })),
    ];
    for (let ordinal = -1; ordinal < people.fields.size; ordinal++) {
      for (let slot = 0; slot <= 6; slot++) {
        for (const scope of scopes) {
          const key = keys.leaf(ordinal, slot, scope);
          expect(key).toBeLessThan(keys.size);
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
      }
    }
  });
});
