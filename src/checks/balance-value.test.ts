import { describe, expect, it } from "vitest";
import { balanceValue } from "./balance-value.js";
import { detectKeyStatus } from "./detect.js";

describe("balanceValue", () => {
  it("reads a finite number, or one written as decimal text", () => {
    expect(balanceValue(812)).toBe(812);
    expect(balanceValue(0)).toBe(0);
    expect(balanceValue("999999771")).toBe(999999771);
    expect(balanceValue(" 12.5 ")).toBe(12.5);
  });

  it("reads nothing else: units, grouping, words, infinities", () => {
    for (const v of ["1,000", "100 Credits", "", "unlimited", Infinity, NaN, null, true, [1], { n: 1 }])
      expect(balanceValue(v), JSON.stringify(v)).toBeUndefined();
  });

  it("lets detection find a balance sent as text", () => {
    expect(detectKeyStatus({ active: true, remaining_credits: "1000000000", used_credits: "0" })).toMatchObject({
      remaining: "/data/remaining_credits",
    });
  });
});
