import { describe, expect, it } from "vitest";
import { choiceTopic } from "./choices.js";
import { loadContract } from "./load.js";

describe("spec/catalog/choices.yaml", () => {
  const entries = loadContract().choices;

  it("rests each entry on a clause of spec/clauses.yaml or names its section, in one line of words", () => {
    for (const e of entries) {
      if (e.clause) expect(loadContract().clauses.has(e.clause), `${e.topic}: ${e.clause}`).toBe(true);
      else if (e.about !== "run") expect(e.section, `${e.topic} names no clause and no section`).toBeDefined();
      expect(e.spec, e.topic).toMatch(/^\S[^\n]*\.$/);
      expect(e.label.includes("{*}"), `${e.topic}: {*} in the label only where the topic has *`).toBe(
        e.topic.includes("*"),
      );
    }
    expect(new Set(entries.map((e) => e.topic)).size).toBe(entries.length);
  });

  it("resolves a topic to its first matching entry: an exact topic before a pattern", () => {
    expect(choiceTopic("members.searchPeople.ids")?.clause).toBe("s4-3-nl-data-members-not-shown");
    expect(choiceTopic("members.queryJobs.ids")).toMatchObject({
      label: "Where queryJobs keeps its IDs",
      clause: "s4-3-jobs-companies-ids-and-next",
      section: "4.3",
    });
    expect(choiceTopic("search-semantics.inconclusive.people")?.aboutRun).toBe(true);
    expect(choiceTopic("credits.getVersion")?.order).toBeLessThan(choiceTopic("credits.queryPeople")!.order);
    expect(choiceTopic("no.such.topic")).toBeUndefined();
  });
});
