import { describe, expect, it } from "vitest";
import { robustPairs, robustWords } from "./values.js";

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
