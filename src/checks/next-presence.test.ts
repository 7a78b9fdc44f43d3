import { describe, expect, it } from "vitest";
import { nextPresence } from "./next-presence.js";
import { pageSize } from "./page-size.js";
import { context, ok } from "./testing/context.js";

const people = (ids: string[], total: number, next?: string) =>
  ok({ profile_ids: ids, total, ...(next !== undefined ? { next } : {}) });
const run = (bodies: unknown[], args = {}) => [nextPresence.run(context("queryPeople", bodies), args)].flat();

describe("next-presence (§4.3)", () => {
  it("wants next exactly while matches remain", () => {
    expect(run([people(["a"], 2, "c")])[0]!.status).toBe("pass");
    expect(run([people(["a", "b"], 2)])[0]!.status).toBe("pass");
    expect(run([people(["a"], 2)])[0]).toMatchObject({ status: "fail", expected: "next present (more pages remain)" });
    // next and total disagree: the failure rests on both clauses, for one page cannot say which is wrong.
    expect(run([people(["a", "b"], 2, "c")])[0]).toMatchObject({
      status: "fail",
      expected: "no next (last page)",
      message:
        "next and total disagree: next is present after 2 IDs, and total counts 2 matches; one of the two is wrong",
      clause: ["s4-3-next-present-absent", "s4-3-total-counts-matches"],
    });
    expect(run([people(["a"], 2, "")])[0]!.message).toMatch(/not a non-empty string/);
  });

  it("over pages, wants next on every page but the last, and honours an explicit expectation", () => {
    expect(run([people(["a"], 9, "c"), people(["b"], 9)])[0]!.status).toBe("pass");
    expect(run([people(["a"], 9), people(["b"], 9)])[0]!.message).toMatch(/page 1: a page before the last has no next/);
    expect(run([people(["a"], 9, "c")], { present: false })[0]!.status).toBe("fail");
  });
});

describe("page-size (§4.2, §8)", () => {
  const size = (body: unknown, requestBody: unknown, args = {}) =>
    [pageSize.run({ ...context("queryPeople", [body], { requestBody }) }, args)].flat()[0]!;
  it("caps a page at size, 100 when omitted, and with full wants a full first page", () => {
    expect(size(people(["a", "b"], 5, "c"), { size: 2 }).status).toBe("pass");
    expect(size(people(["a", "b", "c"], 5, "c"), { size: 2 }).status).toBe("fail");
    const hundred = Array.from({ length: 100 }, (_, i) => `id${i}`);
    expect(size(people([...hundred, "x"], 500, "c"), {}).status).toBe("fail");
    expect(size(people(hundred.slice(0, 50), 500, "c"), {}, { max: 100, full: true })).toMatchObject({
      status: "fail",
      expected: 100,
      actual: 50,
    });
    expect(size(people(hundred.slice(0, 7), 7), {}, { max: 100, full: true }).status).toBe("pass");
  });
});
