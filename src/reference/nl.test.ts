import { describe, expect, it } from "vitest";
import { dataset, experience, person } from "./testing/fixtures.js";
import { MAX_KEYWORDS, NaturalLanguageReader } from "./nl.js";
import { buildStore } from "./store/store.js";

const store = buildStore(
  dataset({
    people: [
      person({
        city: "New York",
        state: "New York",
        country: "United States",
        skills: ["Machine Learning", "Python"],
        experiences: [experience({ title: "Data Scientist", is_current: true })],
      }),
      person({
        city: "Berlin",
        country: "Germany",
        skills: ["Go"],
        headline: "Backend person",
        experiences: [experience({ title: "Backend Developer", is_current: true })],
      }),
    ],
  }),
);
const reader = new NaturalLanguageReader(store);

describe("NaturalLanguageReader (the reference's keyword reading of §4.3 text)", () => {
  it("reads places, skills and role words, and reports the words it left out", () => {
    expect(reader.interpret("Data scientists who know machine learning in New York")).toEqual({
      where: {
        all: [
          { field: "city", eq: "New York" },
          { field: "skills", eq: "Machine Learning" },
          {
            any: [
              { field: "title", match: "data" },
              { field: "active_title", match: "data" },
            ],
          },
        ],
      },
      ignored: ["scientists", "who", "know", "in"],
    });
  });

  it("ORs several places and matches a word on every field that holds it", () => {
    expect(reader.interpret("backend in Berlin or New York")).toEqual({
      where: {
        all: [
          {
            any: [
              { field: "city", eq: "New York" },
              { field: "city", eq: "Berlin" },
            ],
          },
          {
            any: [
              { field: "title", match: "backend" },
              { field: "active_title", match: "backend" },
              { field: "headline", match: "backend" },
            ],
          },
        ],
      },
      ignored: ["in", "or"],
    });
  });

  it(
    "reads a repeated word once and at most MAX_KEYWORDS " + "role words, so that 5000 characters stay a small query",
    () => {
      const text = Array.from({ length: 600 }, (_, i) => (i % 2 ? "backend" : `developer${i}`)).join(" ");
      const { where, ignored } = reader.interpret(`backend ${text}`.slice(0, 5000));
      expect(where).toEqual({
        any: [
          { field: "title", match: "backend" },
          { field: "active_title", match: "backend" },
          { field: "headline", match: "backend" },
        ],
      });
      expect(ignored.length).toBeGreaterThan(100);
      const many = new NaturalLanguageReader(
        buildStore(
          dataset({
            people: Array.from({ length: 40 }, (_, i) =>
              person({ experiences: [experience({ title: `Role${i}`, is_current: true })] }),
            ),
          }),
        ),
      ).interpret(Array.from({ length: 40 }, (_, i) => `role${i}`).join(" "));
      expect((many.where as { all: unknown[] }).all).toHaveLength(MAX_KEYWORDS);
      expect(many.ignored).toEqual(Array.from({ length: 40 - MAX_KEYWORDS }, (_, i) => `role${i + MAX_KEYWORDS}`));
    },
  );

  it("reads nothing from text it does not recognise", () => {
    expect(reader.interpret("astronauts on the moon 2024")).toEqual({
      where: null,
      ignored: ["astronauts", "on", "the", "moon", "2024"],
    });
  });
});
