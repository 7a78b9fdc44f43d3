import { describe, expect, it } from "vitest";
import { mask, reissuedIds, reissuedMembers } from "./reissued-ids.js";

describe("reissuedIds (s2-1-id-stability-not-shown)", () => {
  it("holds for two answers of the same count sharing no string", () => {
    expect(reissuedIds(["a", "b"], ["c", "d"])).toBe(true);
  });

  it("does not hold where a string comes back, the counts differ, or nothing was answered", () => {
    expect(reissuedIds(["a", "b"], ["b", "c"])).toBe(false);
    expect(reissuedIds(["a", "b"], ["c"])).toBe(false);
    expect(reissuedIds([], [])).toBe(false);
    expect(reissuedIds(["a", "a"], ["b", "c"])).toBe(false);
    expect(reissuedIds([1, 2], [3, 4])).toBe(false);
  });
});

describe("reissuedMembers (s2-1-id-stability-not-shown)", () => {
  const person = (id: string, company: string, name = "Ada") => ({
    profile_id: id,
    full_name: name,
    experiences: [{ company_id: company, title: "Engineer" }],
  });

  it("names the members named for an ID that hold other strings in every record, in any order", () => {
    const first = [person("p1", "c1"), person("p2", "c2", "Grace")];
    const second = [person("q2", "d2", "Grace"), person("q1", "d1")];
    expect(reissuedMembers(first, second)).toEqual(["/experiences/0/company_id", "/profile_id"]);
  });

  it("names nothing when the answers agree, or differ anywhere else", () => {
    expect(reissuedMembers([person("p1", "c1")], [person("p1", "c1")])).toEqual([]);
    expect(reissuedMembers([person("p1", "c1")], [person("q1", "d1", "Grace")])).toEqual([]);
    expect(reissuedMembers([{ id: "a", skills: ["x"] }], [{ id: "b", skills: ["y"] }])).toEqual([]);
    expect(reissuedMembers([{ id: "a", n: 1 }], [{ id: "b", n: 2 }])).toEqual([]);
    expect(reissuedMembers([person("p1", "c1")], [])).toEqual([]);
  });

  it("leaves out a member that differs in some records only, as a refresh changes a value", () => {
    const first = [
      { id: "a", company_id: "x" },
      { id: "b", company_id: "y" },
    ];
    const second = [
      { id: "c", company_id: "x" },
      { id: "d", company_id: "z" },
    ];
    expect(reissuedMembers(first, second)).toEqual(["/id"]);
  });
});

describe("mask", () => {
  it("replaces the strings at the pointers alike, and leaves anything else there as it is", () => {
    expect(mask({ id: "a", n: 1 }, ["/id"])).toEqual(mask({ id: "b", n: 1 }, ["/id"]));
    expect(mask({ id: 7 }, ["/id"])).toEqual({ id: 7 });
    expect(mask({ id: "a" }, [])).toEqual({ id: "a" });
  });
});
