import { describe, expect, it } from "vitest";
import * as api from "../index.js";
import { classify } from "../lint/engine.js";
import { lint } from "./lint.js";

const query = {
  where: {
    all: [
      { field: "management_level", eq: "senior" },
      { field: "city", eq: "Paris" },
    ],
  },
  size: 10,
};

describe("lint()", () => {
  it("is exported from the package's main module with its companions", () => {
    expect(api.lint).toBe(lint);
    expect(typeof api.applyFixes).toBe("function");
    expect(typeof api.fixSource).toBe("function");
    expect(api.lintCorpus.length).toBeGreaterThan(40);
  });

  it("lints a parsed value synchronously, without line and column", () => {
    const found = lint(query);
    expect(found.map((d) => [d.ruleId, d.path, d.line, d.column])).toEqual([
      ["cost", "", undefined, undefined],
      ["fixed-set-value", "/where/all/0/eq", undefined, undefined],
    ]);
  });

  it("lints JSON text and bytes with line and column, ordered by position", () => {
    const text = JSON.stringify(query, null, 2);
    const found = lint(text);
    expect(found.map((d) => [d.ruleId, d.line, d.column])).toEqual([
      ["cost", 1, 1],
      ["fixed-set-value", 6, 15],
    ]);
    expect(lint(Buffer.from(text)).map((d) => [d.ruleId, d.line, d.column])).toEqual(
      found.map((d) => [d.ruleId, d.line, d.column]),
    );
  });

  it("gives each diagnostic the documented members", () => {
    const text = JSON.stringify(query);
    const [d] = lint(text).filter((x) => x.ruleId === "fixed-set-value");
    const at = text.indexOf('"senior"');
    expect(d).toEqual({
      ruleId: "fixed-set-value",
      messageId: "notInSet",
      data: expect.objectContaining({ value: '"senior"', field: "management_level" }),
      severity: "error",
      consequence: "empty",
      path: "/where/all/0/eq",
      line: 1,
      column: 51,
      message:
        '"senior" is not a value of `management_level`, which matches only its fixed set exactly; this ' +
        "value matches nothing.",
      clauses: [
        "s2-3-fixed-values-exact",
        "s7-misspelt-fixed-value-empty",
        "s2-3-values-management-level-level",
        "s2-2-platform-vocabulary-exact",
      ],
      suggestions: [
        { message: 'Use "Senior".', fix: { edits: [{ range: [at, at + '"senior"'.length], text: '"Senior"' }] } },
      ],
    });
  });

  it("infers the route from the body and accepts aliases", () => {
    expect(lint({ text: "", size: 1 }).map((d) => d.ruleId)).toContain("nl-body");
    expect(lint({ profile_ids: [] }).map((d) => d.ruleId)).toContain("detail-ids");
    expect(lint({ job_ids: [], _source: ["salry"] }).map((d) => d.ruleId)).toContain("detail-source");
    expect(lint({ where: { field: "posted", gte: "now-7d" } }, { route: "jobs" }).map((d) => d.ruleId)).toEqual([
      "cost",
    ]);
    // A jobs field alone names the jobs search; beside more people fields, it is reported as a jobs field.
    expect(lint({ where: { field: "posted", gte: "now-7d" } }).map((d) => d.ruleId)).toEqual(["cost"]);
    const mixed = {
      where: {
        all: [
          { field: "posted", gte: "now-7d" },
          { field: "skills", eq: "go" },
        ],
      },
    };
    expect(
      lint(mixed)
        .find((d) => d.ruleId === "unknown-field")
        ?.suggestions.map((s) => s.message),
    ).toEqual(["If this is a jobs query, lint it with `--route jobs`."]);
  });

  it("reads a bare node as the where of a Query Spec body", () => {
    expect(lint('{"field": "city", "match": "Paris"}').map((d) => [d.ruleId, d.path])).toEqual([
      ["cost", ""],
      ["operator-not-allowed", "/match"],
    ]);
  });

  it("takes per-rule severities and a scope table", () => {
    const found = lint(query, { rules: { cost: "off", "fixed-set-value": "warning" } });
    expect(found.map((d) => [d.ruleId, d.severity])).toEqual([["fixed-set-value", "warning"]]);
    const scoped = { where: { field: "is_current", eq: true } };
    expect(lint(scoped).map((d) => d.ruleId)).toContain("field-outside-scope");
    expect(lint(scoped, { scopes: { is_current: null } }).map((d) => d.ruleId)).not.toContain("field-outside-scope");
    expect(
      lint(scoped, { scopes: new Map([["is_current", "has_education"]]) }).find(
        (d) => d.ruleId === "field-outside-scope",
      )?.message,
    ).toMatch(/has_education/);
    expect(() => lint(scoped, { scopes: { is_current: "job" } })).toThrow(/expected one of experience, has_experience/);
    expect(() => lint(scoped, { scopes: { is_curent: null } })).toThrow(
      /"is_curent" is not a people field \(did you mean "is_current"\?\)/,
    );
  });

  it("refuses an unknown rule id or severity, as tdss lint --rule does", () => {
    expect(() => lint(query, { rules: { "fixed-set-valu": "off" } })).toThrow(
      /lint\(\): options.rules: no rule "fixed-set-valu" \(did you mean "fixed-set-value"\?\)/,
    );
    expect(() => lint(query, { rules: { cost: "fatal" as never } })).toThrow(
      /options.rules.cost: "fatal" is not one of error, warning, info, off/,
    );
    expect(() => api.fixSource(JSON.stringify(query), { rules: { "no-such-rule": "off" } })).toThrow(
      /fixSource\(\): options.rules: no rule "no-such-rule"/,
    );
  });

  it("classifies a request by its most serious diagnostic", () => {
    expect(classify(lint(query))).toBe("empty");
    expect(classify(lint({ where: { field: "city", eq: "Paris" } }))).toBe("clean");
    expect(classify(lint("{"))).toBe("refused");
    expect(classify(lint({ where: { all: [{ field: "city", eq: "Paris" }] } }))).toBe("style");
  });
});
