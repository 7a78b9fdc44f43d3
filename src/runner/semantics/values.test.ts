import { describe, expect, it } from "vitest";
import { loadContract } from "../../contract/index.js";
import { readField, robustPairs, robustWords } from "./values.js";

const people = loadContract().datasets.people;
const field = (name: string) => people.fields.get(name)!;

describe("robustWords: words every reading of match agrees are words of a text", () => {
  it("keeps words of letters and digits with a letter, four long or more, punctuation around them aside", () => {
    expect(robustWords("Senior Engineer, Payments (Mumbai).")).toEqual(["Senior", "Engineer", "Payments", "Mumbai"]);
    expect(robustWords("ISO9001 auditor, 27001")).toEqual(["ISO9001", "auditor"]);
  });

  it("leaves out words engines cut differently, short ones, and stop words", () => {
    expect(robustWords("node.js O'Brien e-mail C++ data-driven")).toEqual([]);
    expect(robustWords("Head of Sales and Marketing with their team")).toEqual(["Head", "Sales", "Marketing", "team"]);
  });
});

describe("robustPairs: two robust words side by side, as the text writes them", () => {
  it("takes neighbours one space apart, in their order", () => {
    expect(robustPairs("Senior Software Engineer")).toEqual(["Senior Software", "Software Engineer"]);
    expect(robustPairs("(Senior Engineer), Payments")).toEqual(["Senior Engineer"]);
  });

  it("takes none across punctuation, double spaces or a word left out", () => {
    expect(robustPairs("Sales, Marketing")).toEqual([]);
    expect(robustPairs("Sales  Marketing")).toEqual([]);
    expect(robustPairs("Head of Sales")).toEqual([]);
    expect(robustPairs("node.js Developer")).toEqual([]);
  });
});

describe("readField: the forms a record may write a date or a boolean in", () => {
  it("reads a date as a day, or as a timestamp at the start of a day in UTC", () => {
    const read = (value: unknown) => readField({ started_at: value }, field("started_at"));
    expect(read("1988-08-15").values).toEqual(["1988-08-15"]);
    expect(read("1988-08-15T00:00:00Z").values).toEqual(["1988-08-15"]);
    expect(read("1988-08-15T00:00:00.000+00:00").values).toEqual(["1988-08-15"]);
    expect(read("1988-08-15T00:00").values).toEqual(["1988-08-15"]);
    // Another hour or zone may fall on another day: the value is not used, and its presence is unknown.
    expect(read("1988-08-15T23:00:00-05:00")).toMatchObject({ values: [], present: undefined });
    expect(read("15/08/1988")).toMatchObject({ values: [], present: undefined });
  });

  it("reads a boolean as true or false, or as 1 or 0", () => {
    const read = (value: unknown) => readField({ is_working: value }, field("is_working"));
    expect(read(true).values).toEqual([true]);
    expect(read(1).values).toEqual([true]);
    expect(read(0).values).toEqual([false]);
    expect(read(2)).toMatchObject({ values: [], present: undefined });
    expect(read("true")).toMatchObject({ values: [], present: undefined });
  });
});

describe("readField: whether an empty list holds a value", () => {
  const contract = loadContract();
  const field = (dataset: "people" | "jobs", name: string) => contract.datasets[dataset].fields.get(name)!;

  it("leaves a person's own empty list undecided, and calls a posting's and a person's empty sub-records none", () => {
    expect(readField({ skills: [] }, field("people", "skills")).present).toBeUndefined();
    expect(readField({ functions: [] }, field("jobs", "functions")).present).toBe(false);
    expect(readField({ title: [] }, field("people", "title")).present).toBe(false);
    expect(readField({ skills: null }, field("people", "skills")).present).toBe(false);
    expect(readField({ skills: ["Go"] }, field("people", "skills")).present).toBe(true);
  });
});
