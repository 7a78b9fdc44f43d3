import { describe, expect, it } from "vitest";
import { LineIndex, locate, scanJson } from "./scan.js";
import { parseSource } from "./source.js";

describe("scanJson", () => {
  it("accepts what JSON.parse accepts", () => {
    for (const text of ['{"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"]}', " 1 ", '""', "[]", "{}", '{"a":{"b":[[],{}]}}']) {
      expect(JSON.parse(text) !== Symbol()).toBe(true);
      expect(scanJson(text).error, text).toBeUndefined();
    }
  });

  it("rejects what JSON.parse rejects, naming where and why", () => {
    const cases: [string, number, RegExp][] = [
      ['{"a": 1,}', 8, /trailing comma/],
      ["[1, 2,]", 6, /trailing comma/],
      ['{"a" 1}', 5, /expected ':' after the member name "a"/],
      ['{"a": tru}', 6, /expected a value/],
      ['{"a": "\t"}', 7, /Unescaped control character U\+0009/],
      ['{"a": "\\x"}', 7, /Invalid escape/],
      ['{"a": 1} x', 9, /after the end of the JSON value/],
      ["[1 2]", 3, /expected ',' or '\]'/],
      ["{a: 1}", 1, /member name in double quotes/],
      ["-", 0, /Invalid number/],
      ["1.", 1, /Invalid number/],
    ];
    for (const [text, offset, message] of cases) {
      expect(() => JSON.parse(text), text).toThrow();
      const { error } = scanJson(text);
      expect(error?.offset, text).toBe(offset);
      expect(error?.message, text).toMatch(message);
    }
  });

  it("lists duplicate member names with their paths, without recursion", () => {
    expect(scanJson('{"a": 1, "b": {"c": [{"d": 1, "d": 2}]}, "a": 3}').duplicates).toEqual([
      { path: ["b", "c", 0, "d"], key: "d" },
      { path: ["a"], key: "a" },
    ]);
    const deep = '{"a":'.repeat(200_000) + "1" + "}".repeat(200_000);
    expect(scanJson(deep)).toEqual({ duplicates: [] });
  });
});

describe("parseSource", () => {
  it("finds duplicates that a colon inside a string would otherwise hide", () => {
    expect(parseSource('{"url": "a:b", "x": 1}').duplicates).toEqual([]);
    expect(parseSource('{"url": "a:b", "x": 1, "x": 2}').duplicates).toEqual([{ path: ["x"], key: "x" }]);
    expect(parseSource('{"x": 1, "x": 2}').duplicates).toEqual([{ path: ["x"], key: "x" }]);
  });
});

describe("locate", () => {
  const text = '{\n  "a": [10, {"b": "x\\"y", "c": 2}],\n  "a": [0, {"c": 3}],\n  "d/e": {"~": 1}\n}';
  it("finds values and member names, the last of repeated names as JSON.parse does", () => {
    const [a1c, key, slash, missing, root] = locate(text, [
      { path: ["a", 1, "c"] },
      { path: ["a", 1, "c"], key: true },
      { path: ["d/e", "~"] },
      { path: ["zz"] },
      { path: [] },
    ]);
    const lines = new LineIndex(text);
    expect(lines.position(a1c!)).toEqual({ line: 3, column: 18 });
    expect(lines.position(key!)).toEqual({ line: 3, column: 13 });
    expect(lines.position(slash!)).toEqual({ line: 4, column: 16 });
    expect(missing).toBe(-1);
    expect(root).toBe(0);
  });
});
