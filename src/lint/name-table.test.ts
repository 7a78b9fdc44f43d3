import { describe, expect, it } from "vitest";
import { loadContract } from "../contract/index.js";
import { NameTable } from "./name-table.js";

describe("NameTable", () => {
  it("finds each name of a list at its first index, fresh copies too, and nothing else", () => {
    const names = ["Senior", "Manager", "Vice President", "a", "", "Senior", "Mnaager"];
    const table = new NameTable(names);
    names.forEach((name) => expect(table.indexOf(name)).toBe(names.indexOf(name)));
    expect(table.indexOf(JSON.parse('"Vice President"'))).toBe(2);
    for (const other of ["senior", "Senio", "Seniorr", "b", " ", "Managre", 5, null, undefined, ["Senior"]]) {
      expect(table.indexOf(other)).toBe(-1);
      expect(table.has(other)).toBe(false);
    }
    expect(new NameTable(["x"]).indexOf("")).toBe(-1);
  });

  it("holds every catalog value set and field list, however many names share a bucket", () => {
    const contract = loadContract();
    for (const dataset of Object.values(contract.datasets)) {
      const fields = [...dataset.fields.keys()];
      const table = new NameTable(fields);
      fields.forEach((name, i) => expect(table.indexOf(name)).toBe(i));
      for (const field of dataset.fields.values()) {
        if (!field.values) continue;
        const values = new NameTable(field.values);
        field.values.forEach((v, i) => expect(values.indexOf(v)).toBe(i));
        for (const v of field.values) expect(values.has(v.toLowerCase())).toBe(field.values.includes(v.toLowerCase()));
      }
    }
    // Many names of one length and ends land in one bucket.
    const crowded = Array.from({ length: 40 }, (_, i) => `a${String(i).padStart(3, "0")}a`);
    const table = new NameTable(crowded);
    crowded.forEach((name, i) => expect(table.indexOf(name)).toBe(i));
    expect(table.indexOf("a999a")).toBe(-1);
  });
});
