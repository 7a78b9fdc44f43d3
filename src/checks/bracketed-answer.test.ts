import { describe, expect, it } from "vitest";
import { bracketedAnswer } from "./bracketed-answer.js";

/** A tool's answer between two REST answers to one request that a refresh made differ (s1-snapshot-data-lag). */
describe("bracketedAnswer", () => {
  const a = { id: "a", city: "Paris" };
  const a2 = { id: "a", city: "Berlin" };
  const a3 = { id: "a", city: "Rome" };
  const b = { id: "b", city: "Oslo" };
  const b2 = { id: "b", city: "Lima" };

  it("leaves the plain comparison standing where REST answered alike twice", () => {
    expect(bracketedAnswer("records", [a, b], [b, a], [a2, b])).toBeUndefined();
    expect(bracketedAnswer("ids", ["x"], ["x"], [])).toBeUndefined();
  });

  it("is explained by one change per record: a tool that saw each changed record in either version", () => {
    // a changed before the tool, b after it: the tool's answer is neither REST answer as a whole.
    expect(bracketedAnswer("records", [a, b], [a2, b2], [a2, b])?.outcome.status).toBe("pass");
    // A changed record in a version neither REST answer holds: counted among the changed.
    expect(bracketedAnswer("records", [a, b], [a2, b], [a3, b])?.outcome.status).toBe("pass");
    // A record gone after the tool answered it, another before.
    expect(bracketedAnswer("records", [a, b], [b], [a, b])?.outcome.status).toBe("pass");
    expect(bracketedAnswer("ids", ["x", "y"], ["y", "z"], ["y"])?.outcome).toMatchObject({ status: "pass" });
    expect(bracketedAnswer("ids", ["x"], ["y"], [])?.changed).toBe(2);
  });

  it("is not explained by one change per record where the tool left out a record REST answered alike twice", () => {
    const outcome = bracketedAnswer("records", [a, b], [a2, b], [a2])?.outcome;
    expect(outcome?.status).toBe("fail");
    expect(outcome?.message).toBe(
      "the tool left out 1 of the 1 records REST answered alike before and after it (2 changed between REST's two " +
        "answers, a refresh)",
    );
    expect(bracketedAnswer("ids", ["x", "y"], ["y", "z"], ["x", "z"])?.outcome.status).toBe("fail");
  });

  it("is not explained by one change per record where the tool answered more than the records that changed", () => {
    const outcome = bracketedAnswer("ids", ["x", "y"], ["x"], ["x", "y", "w"])?.outcome;
    expect(outcome?.status).toBe("fail");
    expect(outcome?.message).toBe(
      "the tool answered 2 ids beyond the 1 REST answered alike before and after it, more than the 1 that changed " +
        "between REST's two answers",
    );
  });
});
