/** Hostile input gets a diagnostic: never a crash, a hang, or a polluted prototype. */
import { describe, expect, it } from "vitest";
import { fixSource } from "./fix.js";
import { lint } from "./lint.js";

const ids = (diagnostics: { ruleId: string }[]) => [...new Set(diagnostics.map((d) => d.ruleId))].sort();

describe("hostile input", () => {
  it("100,000-deep nesting of nodes: one max-depth diagnostic at depth 65", () => {
    const depth = 100_000;
    const text = `{"where": ${'{"not": '.repeat(depth)}{"field": "city", "eq": "Paris"}${"}".repeat(depth)}}`;
    const found = lint(text);
    const deep = found.filter((d) => d.ruleId === "max-depth");
    expect(deep).toHaveLength(1);
    expect(deep[0]!.path).toBe("/where" + "/not".repeat(64));
    expect(deep[0]!.line).toBe(1);
    expect(deep[0]!.column).toBe(11 + 8 * 64);
    const fixed = fixSource(text);
    expect(fixed.output).toBe(text); // a tree refused for its depth is not rewritten
  });

  it("100,000-deep arrays as a value, as a body, and unterminated", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(ids(lint(`{"where": {"field": "city", "eq": ${deep}}}`))).toEqual(["cost", "operator-value-kind"]);
    expect(ids(lint(deep))).toEqual(["body-not-object"]);
    const open = lint("[".repeat(100_000));
    expect(open.map((d) => [d.ruleId, d.line, d.column])).toEqual([["invalid-json", 1, 100_001]]);
    expect(open[0]!.message).toMatch(/Unexpected end of input/);
    expect(
      fixSource(`{"where": {"all": [{"field": "city", "in": ["a"]}]}, "x": ${deep}}`).diagnostics.length,
    ).toBeGreaterThan(0);
  });

  it("a 50 MB file", () => {
    const item = '"Paris",';
    const count = Math.ceil((50 * 1024 * 1024) / item.length);
    const text = `{"where": {"field": "city", "in": [${item.repeat(count)}"Lyon"]}, "size": 1}`;
    expect(text.length).toBeGreaterThan(50 * 1024 * 1024);
    expect(ids(lint(text))).toEqual(["body-size", "cost"]);
    const bad = `{"where": {"field": "city", "in": [${item.repeat(count)}75]}, "size": 1}`;
    const found = lint(bad).filter((d) => d.ruleId === "value-type");
    expect(found.map((d) => d.path)).toEqual([`/where/in/${count}`]);
    expect(found[0]!.column).toBe(bad.lastIndexOf("75") + 1);
  });

  it("__proto__ and constructor keys pollute nothing and are linted as names", () => {
    const text =
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "where": {"field": ' +
      '"__proto__", "eq": 1, "__proto__": {"polluted": true}}}';
    const found = lint(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(found.filter((d) => d.ruleId !== "cost").map((d) => `${d.ruleId} ${d.path}`)).toEqual([
      "extra-member /__proto__",
      "extra-member /constructor",
      "unknown-field /where/field",
      "node-shape /where/__proto__",
    ]);
    for (const field of ["constructor", "toString", "hasOwnProperty"]) {
      expect(ids(lint({ where: { field, eq: 1 } }))).toEqual(["cost", "unknown-field"]);
    }
    expect(() =>
      lint({ where: { field: "city", eq: "x" } }, { scopes: JSON.parse('{"__proto__": "experience"}') }),
    ).toThrow(/not a people field/);
    expect(() => lint({}, { route: "constructor" as never })).toThrow(/unknown route/);
    const fixed = fixSource('{"where": {"all": [{"field": "city", "in": ["a"]}]}, "__proto__": {"polluted": true}}');
    expect(JSON.parse(fixed.output)).toEqual(
      JSON.parse('{"where": {"field": "city", "eq": "a"}, "__proto__": {"polluted": true}}'),
    );
    expect(Object.keys(JSON.parse(fixed.output))).toContain("__proto__");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("bytes that are not UTF-8: an invalid-json diagnostic at the byte", () => {
    const bytes = new Uint8Array([
      ...Buffer.from('{\n  "where": {"field": "city", "eq": "Par'),
      0xff,
      ...Buffer.from('is"}\n}'),
    ]);
    const found = lint(bytes);
    expect(found.map((d) => [d.ruleId, d.consequence, d.line, d.column])).toEqual([["invalid-json", "refused", 2, 40]]);
    expect(found[0]!.message).toBe("Not JSON: Not UTF-8: byte 0xFF at byte offset 41 (a JSON body must be UTF-8).");
    const overlong = new Uint8Array([0x7b, 0xc0, 0xaf, 0x7d]);
    expect(lint(overlong)[0]!.message).toMatch(/byte 0xC0 at byte offset 1/);
    const surrogate = new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]);
    expect(lint(surrogate)[0]!.ruleId).toBe("invalid-json");
    // A BOM is read past (the body is linted) and reported as unspecified (clause s4-bodies-json-encoding).
    expect(ids(lint(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('{"text": "ok"}')])))).toEqual([
      "byte-order-mark",
      "cost",
    ]);
  });

  it("a 5001-character text", () => {
    const found = lint(JSON.stringify({ text: "é".repeat(5001), size: 1 }));
    expect(found.filter((d) => d.ruleId === "nl-body").map((d) => d.message)).toEqual([
      "`text` has 5001 characters; at most 5000 are accepted.",
    ]);
  });

  it("a field name a million characters long gets no quadratic suggestion search", () => {
    const found = lint({ where: { field: "x".repeat(1_000_000), eq: 1 } });
    expect(found.find((d) => d.ruleId === "unknown-field")?.suggestions).toEqual([]);
  });

  it("a cyclic value passed to the library stops at the depth limit", () => {
    const node: Record<string, unknown> = {};
    node.not = node;
    expect(ids(lint({ where: node }))).toEqual(["cost", "double-negation", "max-depth"]);
  });
});
