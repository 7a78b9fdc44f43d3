import { describe, expect, it } from "vitest";
import { lint } from "../linter/lint.js";

describe("node tree", () => {
  const text =
    '{"where": {"all": [{"field": "city", "eq": "Paris"}, {"has_experience": {"field": "title", "match": ' +
    '"engineer"}}]}, "size": 10}';

  it("reads only a node's own members, even when Object.prototype has an enumerable property", () => {
    const clean = lint(text);
    const cleanValue = lint(JSON.parse(text));
    const proto = Object.prototype as Record<string, unknown>;
    proto.injected = 1;
    try {
      expect(lint(text)).toEqual(clean);
      expect(lint(JSON.parse(text))).toEqual(cleanValue);
    } finally {
      delete proto.injected;
    }
    expect(clean.map((d) => d.ruleId)).toEqual(["cost"]);
  });

  it("reads objects of any prototype by their own members", () => {
    const where = Object.assign(Object.create({ inherited: true }) as object, { field: "city", eq: "Paris" });
    const bare = Object.assign(Object.create(null) as object, { field: "city", eq: "Paris" });
    expect(lint({ where }).map((d) => d.ruleId)).toEqual(["cost"]);
    expect(lint({ where: bare }).map((d) => d.ruleId)).toEqual(["cost"]);
    expect(lint({ where: { field: "city", eq: "Paris", extra: 1 } }).map((d) => d.ruleId)).toContain("node-shape");
  });
});
