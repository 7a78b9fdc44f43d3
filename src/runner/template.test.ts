import { describe, expect, it } from "vitest";
import {
  containsUnknown,
  evaluate,
  referencedVariables,
  resolve,
  TemplateError,
  Unknown,
  type TemplateScope,
} from "./template.js";

const scope = (vars: Record<string, unknown>, estimating = false): TemplateScope => ({
  vars,
  estimating,
  generators: { double: ([n]) => (n as number) * 2, list: () => ["a", "b"] },
});

describe("templates", () => {
  it("reads variables, members, items and lengths", () => {
    const s = scope({ ids: ["x", "y"], page: { next: "c1" } });
    expect(evaluate("ids[1]", s)).toBe("y");
    expect(evaluate(" page.next ", s)).toBe("c1");
    expect(evaluate("ids.length", s)).toBe(2);
    expect(evaluate("page.missing", s)).toBeUndefined();
    expect(evaluate("double(21)", s)).toBe(42);
    expect(evaluate("list()[0]", s)).toBe("a");
  });

  it("keeps the type of a whole-string template and interpolates inside text", () => {
    const s = scope({ ids: ["x", "y"], n: 3 });
    expect(resolve("{{ ids }}", s)).toEqual(["x", "y"]);
    expect(resolve("size {{ n }} of {{ ids }}", s)).toBe('size 3 of ["x","y"]');
    expect(resolve({ where: { field: "full_name", eq: "{{ ids[0] }}" }, "{{ 'size' }}": "{{ n }}" }, s)).toEqual({
      where: { field: "full_name", eq: "x" },
      size: 3,
    });
  });

  it("names what is wrong in an expression", () => {
    const s = scope({ ids: [] });
    expect(() => evaluate("nope", s)).toThrow(/unknown variable "nope"/);
    expect(() => evaluate("ids[0]", s)).toThrow(/no item 0 in a list of 0/);
    expect(() => evaluate("missing()", s)).toThrow(/unknown generator "missing\(\)"/);
    expect(() => evaluate("ids +", s)).toThrow(TemplateError);
    expect(() => evaluate("'open", s)).toThrow(/unterminated string/);
  });

  it("propagates placeholders while estimating", () => {
    const s = scope({ ids: new Unknown("list", 5) }, true);
    expect(resolve("{{ ids[0] }}", s)).toBeInstanceOf(Unknown);
    expect(containsUnknown(resolve({ a: ["{{ ids }}"] }, s))).toBe(true);
  });

  it("lists the variables a value reads, not generator names or members", () => {
    expect(
      [
        ...referencedVariables({ a: "{{ take(ids, 3) }}", b: ["{{ rec.name }}", "{{ 'lit' }}"], "{{ key }}": 1 }),
      ].sort(),
    ).toEqual(["ids", "key", "rec"]);
  });
});
