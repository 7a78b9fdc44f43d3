import { describe, expect, it } from "vitest";
import { context, ok } from "./testing/context.js";
import { totalFormat } from "./total-format.js";

const judge = (total: unknown, ids = ["a"]) =>
  [totalFormat.run(context("queryPeople", [ok({ profile_ids: ids, total })]), {})].flat()[0]!;

describe("total-format (§4.3, §8)", () => {
  it("accepts an integer below 100000 and exactly the string 100000+", () => {
    expect(judge(0, []).status).toBe("pass");
    expect(judge(99_999).status).toBe("pass");
    expect(judge("100000+").status).toBe("pass");
  });

  it("fails an integer at or above 100000, other strings, and a count below the IDs returned", () => {
    expect(judge(100_000)).toMatchObject({ status: "fail", expected: "100000+", actual: 100_000 });
    expect(judge("100000").status).toBe("fail");
    expect(judge("12").status).toBe("fail");
    expect(judge(1.5).status).toBe("fail");
    expect(judge(1, ["a", "b"])).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/below the 2 IDs returned/),
    });
  });
});
