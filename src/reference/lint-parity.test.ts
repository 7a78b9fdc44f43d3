import { describe, expect, it } from "vitest";
import { lintCorpus } from "../lint/corpus.js";
import { createReferenceService } from "./reference-service.js";

/**
 * One source of truth: the reference refuses exactly the requests the linter classes `refused`, and serves
 * every request it classes otherwise (empty, broadened, clean). Requests the linter calls `unspecified`
 * get the reference's documented choice (README, serve section).
 */
const service = createReferenceService({ people: 300, jobs: 60, companies: 30, seed: 2 });
const auth = `Bearer ${service.keys.active}`;

describe("the reference and the linter's corpus", () => {
  const entries = lintCorpus.filter((e) => e.raw === undefined);

  it("covers refused and served requests", () => {
    expect(entries.filter((e) => e.expected === "refused").length).toBeGreaterThan(20);
    expect(entries.filter((e) => e.expected !== "refused").length).toBeGreaterThan(10);
  });

  for (const entry of entries.filter((e) => e.expected !== "unspecified")) {
    it(`${entry.expected === "refused" ? "refuses" : "serves"} ${entry.name}`, async () => {
      const answer = await service.call(entry.route, entry.body, auth);
      expect({ status: answer.status, msg: answer.envelope.msg }).toMatchObject(
        entry.expected === "refused" ? { status: 400 } : { status: 200, msg: "ok" },
      );
    });
  }
});
