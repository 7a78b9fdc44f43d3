import { describe, expect, it } from "vitest";
import { LineIndex, locate, scanJson } from "./scan.js";
import { parseSource } from "./source.js";

describe("scanJson", () => {
  it("accepts what JSON.parse accepts", () => {
    for (const text of [
      '{"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"]}',
      " 1 ",
      '""',
      "[]",
      "{}",
      '{"a":{"b":[[],{}]}}',
    ]) {
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

  it("stops at the first occurrence when the caller knows no member name repeats", () => {
    const unique = '{"a": [10, {"b": 1, "c": 2}], "d": {"e": [true]}}';
    const targets = [{ path: ["a", 1, "c"] }, { path: ["d", "e", 0] }, { path: ["d"], key: true }, { path: ["zz"] }];
    expect(locate(unique, targets, true)).toEqual(locate(unique, targets));
    expect(locate(unique, targets, true)).toEqual([
      unique.indexOf("2}"),
      unique.indexOf("true"),
      unique.indexOf('"d"'),
      -1,
    ]);
    // Told (wrongly) that names are unique, it does not read on to the repeated "a": the scan stopped.
    const [first] = locate(text, [{ path: ["a", 1, "c"] }], true);
    expect(new LineIndex(text).position(first!)).toEqual({ line: 2, column: 32 });
  });
});

describe("LineIndex", () => {
  it("gives the same positions whatever order offsets are asked in", () => {
    const lines = "ab\n\ncde\nf";
    const expected = [...lines].map((_, offset) => {
      const before = lines.slice(0, offset);
      return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
    });
    const forward = new LineIndex(lines);
    expect([...lines].map((_, i) => forward.position(i))).toEqual(expected);
    const backward = new LineIndex(lines);
    const reversed = [...lines].map((_, i) => lines.length - 1 - i).map((i) => backward.position(i));
    expect(reversed.reverse()).toEqual(expected);
    expect(new LineIndex("x").position(0)).toEqual({ line: 1, column: 1 });
  });
});
