import { describe, expect, it } from "vitest";
import { Dictionary, words } from "./dictionary.js";

describe("words", () => {
  it("splits on anything but letters and digits and lower-cases", () => {
    expect(words("Senior Node.js Engineer, São Paulo")).toEqual(["senior", "node", "js", "engineer", "são", "paulo"]);
    expect(words("  --- ")).toEqual([]);
  });
});

describe("Dictionary", () => {
  it("stores each value once and looks values up exactly (case-sensitive)", () => {
    const d = new Dictionary();
    expect(d.intern("Engineer")).toBe(0);
    expect(d.intern("Manager")).toBe(1);
    expect(d.intern("Engineer")).toBe(0);
    expect(d.id("Engineer")).toBe(0);
    expect(d.id("engineer")).toBe(-1);
    expect(d.size).toBe(2);
  });

  it("finds the values holding every word, whatever the case, and only whole words", () => {
    const d = new Dictionary();
    for (const v of ["Senior Software Engineer", "Software Engineering Intern", "Engineer", "Senior Manager"])
      d.intern(v);
    expect([...d.withWords(["engineer"])]).toEqual([0, 2]);
    expect([...d.withWords(["senior", "engineer"])]).toEqual([0]);
    expect([...d.withWords(["soft"])]).toEqual([]);
    expect([...d.withWords([])]).toEqual([]);
    d.intern("Staff Engineer");
    expect([...d.withWords(["engineer"])]).toEqual([0, 2, 4]);
  });
});
