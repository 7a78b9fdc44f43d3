import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadContract } from "../../contract/index.js";
import { ConditionBuilder, type Sample } from "./conditions.js";
import { Judge, type QueryNode } from "./judge.js";
import { formOf } from "./shapes.js";
import { readField } from "./values.js";

const people = loadContract().datasets.people;
const TODAY = "2026-11-27";
const builder = new ConditionBuilder(people, (f, op) => f.operators.includes(op), TODAY);

const word = fc.stringMatching(/^[A-Z][a-z]{4,9}$/);
/** Two or three sub-records whose text values differ from one another, so values of two never meet in one. */
const subRecords = fc.integer({ min: 2, max: 3 }).chain((n) =>
  fc.record({
    title: fc.uniqueArray(word, { minLength: n, maxLength: n }),
    company_name: fc.uniqueArray(word, { minLength: n, maxLength: n }),
    duration_months: fc.array(fc.nat({ max: 600 }), { minLength: n, maxLength: n }),
  }),
);
const personRecord = fc
  .record({
    full_name: fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
    city: word,
    skills: fc.uniqueArray(word, { minLength: 1, maxLength: 3 }),
    experience_months: fc.nat({ max: 100_000 }),
    experience: subRecords,
    institution_name: fc.uniqueArray(word, { minLength: 2, maxLength: 2 }),
    is_studying: fc.constant([false, true]),
    languages: fc.uniqueArray(word, { minLength: 2, maxLength: 2 }),
    language_proficiency: fc.constant(["Native or bilingual proficiency", "Elementary proficiency"]),
  })
  .map(({ experience, ...rest }) => ({ profile_id: "p1", ...rest, ...experience }));

function sampleOf(record: Record<string, unknown>): Sample {
  return {
    id: "p1",
    record,
    fields: new Map([...people.fields.values()].map((f) => [f.name, readField(record, f)])),
  };
}

describe("ConditionBuilder: conditions from a record's own values span the shape of a query", () => {
  it("holds every retrievability condition for the record it was built from", () => {
    fc.assert(
      fc.property(personRecord, (record) => {
        const judge = new Judge(people, record, TODAY);
        for (const c of builder.retrievable(sampleOf(record)))
          expect(judge.mayMatch(c.node), `${c.label}: ${JSON.stringify(c.node)}`).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it("draws any and all of every arity from 1 to 4 with the record's condition at every child position", () => {
    fc.assert(
      fc.property(personRecord, (record) => {
        const shapes = new Set<string>();
        for (const c of builder.retrievable(sampleOf(record))) {
          const kind = "any" in c.node ? "any" : "all" in c.node ? "all" : undefined;
          const m = /at child (\d)/.exec(c.label);
          if (kind && m) shapes.add(`${kind}:${(c.node[kind] as unknown[]).length}:${m[1]}`);
        }
        for (const kind of ["any", "all"])
          for (let arity = 1; arity <= 4; arity++)
            for (let child = 1; child <= arity; child++)
              expect(shapes, `${kind} ${arity} ${child}`).toContain(`${kind}:${arity}:${child}`);
      }),
      { numRuns: 20 },
    );
  });

  it("puts not over every node form: a leaf, each composite, a nested not and each of the three scopes", () => {
    fc.assert(
      fc.property(personRecord, (record) => {
        const under = new Set<string>();
        for (const c of builder.retrievable(sampleOf(record))) {
          const child = c.node.not as QueryNode | undefined;
          if (!child) continue;
          const form = formOf(child);
          under.add(form === "scope" ? Object.keys(child)[0]! : form);
          if (form === "not" && (child.not as QueryNode).not) under.add("not not");
        }
        expect([...under].sort()).toEqual([
          "all",
          "any",
          "has_education",
          "has_experience",
          "has_language",
          "leaf",
          "not",
          "not not",
        ]);
      }),
      { numRuns: 20 },
    );
  });

  it("binds a not over a scope to one sub-record: values of two different sub-records, a leaky not misses", () => {
    const record = {
      profile_id: "p1",
      full_name: "Ada Lovelace",
      title: ["Engineer", "Analyst"],
      company_name: ["Babbage", "Difference"],
    };
    const nots = builder
      .retrievable(sampleOf(record))
      .filter((c) => c.node.not && "has_experience" in (c.node.not as QueryNode));
    const unbound = nots.find((c) => c.label.includes("two different sub-records"));
    expect(unbound?.node).toEqual({
      not: {
        has_experience: {
          all: [
            { field: "title", eq: "Engineer" },
            { field: "company_name", eq: "Difference" },
          ],
        },
      },
    });
    // Each value alone is held, so the scope's conditions read on sub-records of their own are met.
    const judge = new Judge(people, record, TODAY);
    expect(
      judge.mayMatch({
        all: [
          { field: "title", eq: "Engineer" },
          { field: "company_name", eq: "Difference" },
        ],
      }),
    ).toBe(true);
  });

  it("draws numeric bounds of fewer and more digits than the value, and relations on them that match nobody", () => {
    const record = { profile_id: "p1", full_name: "Ada Lovelace", experience_months: 523 };
    const sample = sampleOf(record);
    const bounds = builder
      .retrievable(sample)
      .filter((c) => c.node.field === "experience_months")
      .map((c) => JSON.stringify(c.node));
    expect(bounds).toEqual(
      expect.arrayContaining([
        JSON.stringify({ field: "experience_months", gte: 523 }),
        JSON.stringify({ field: "experience_months", gte: 99 }),
        JSON.stringify({ field: "experience_months", lte: 1000 }),
      ]),
    );
    const probes = builder.emptyProbes(sample, builder.retrievable(sample), undefined).map((p) => p.where);
    expect(probes).toContainEqual({
      all: [
        { field: "experience_months", gte: 1000 },
        { field: "experience_months", lte: 523 },
      ],
    });
    expect(probes).toContainEqual({
      all: [
        { field: "experience_months", gte: 523 },
        { field: "experience_months", lte: 99 },
      ],
    });
  });
});
