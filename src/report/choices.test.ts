import { describe, expect, it } from "vitest";
import { BALANCE_SHAPE, COUNT_SHAPE } from "../checks/key-status.js";
import { choiceTable } from "./choices.js";
import type { Report } from "./report.js";

const table = (observed: Report["observed"]) => choiceTable(observed);
const row = (topic: string, value: unknown, clauses: string[] = [], notKept?: number) =>
  table({ [topic]: { value, clauses, ...(notKept ? { notKept } : {}) } }).choices[0]!;

describe("the table of the deployment's choices", () => {
  it("names each topic with its label, section, clause and what the specification says", () => {
    const r = row("jobs.application_active_values", [1, 0], ["s3-application-active-only-state"]);
    expect(r).toMatchObject({
      topic: "jobs.application_active_values",
      label: "Values of application_active",
      section: "3",
      clause: "s3-application-active-only-state",
      does: "1, 0",
      brief: "1, 0",
      shortened: false,
    });
    expect(r.spec).toMatch(/1 while applications are accepted/);
  });

  it("fills a pattern's label with what its star matched, and gives a number its unit", () => {
    expect(row("members.getJobs.records", { pointer: "/data/results", source: "detected" })).toMatchObject({
      label: "Where getJobs keeps its records",
      does: "/data/results (detected)",
    });
    expect(row("credits.getVersion", 2).does).toBe("2 Credits");
    expect(row("records.same_job_id_on_every_lookup", [false]).label).toBe("Same job_id on every lookup of a record");
  });

  it("says what each answer was, grouped, naming the requests of the smaller groups", () => {
    expect(row("detail.zero_ids", [{ outcome: "served", status: 200 }]).does).toBe("served (HTTP 200)");
    expect(row("query.relative_unit_w", [{ outcome: "refused", status: 200, code: 400 }]).does).toBe(
      "refused (HTTP 200, code 400)",
    );
    const corpus = [
      { request: "a", outcome: "refused", status: 400, code: 400 },
      { request: "b", outcome: "refused", status: 400, code: 400 },
      { request: "c", outcome: "served", status: 200 },
    ];
    expect(row("query.lint_corpus", corpus).does).toBe("refused (HTTP 400): 2 of 3; served (HTTP 200): 1 of 3 (c)");
    expect(row("query.lint_corpus", corpus.slice(0, 2)).does).toBe("refused (HTTP 400): all 2");
  });

  it("states once what records of one kind share, then what varies", () => {
    const shapes = [
      { status: 401, code: 401, members: ["code", "data", "msg"] },
      { status: 400, code: 400, members: ["code", "data", "msg"] },
      { code: 400, members: ["code", "data", "msg"] },
    ];
    expect(row("failures.shape", shapes).does).toBe(
      "members: code, data, msg (all 3); status/code: 401/401, 400/400, none/400",
    );
  });

  it("names the balance and the key's counts by their kind, never as a value of the deployment", () => {
    const status = { active: true, remaining_credits: BALANCE_SHAPE, used: COUNT_SHAPE, limit: { n: 5, per: 60 } };
    expect(row("key_status.preflight", status).does).toBe(
      "active: yes; remaining_credits (the balance); used (a count); limit (n 5, per 60)",
    );
  });

  it("shortens a long list by whole items within 300 characters, never cutting a word, and says so", () => {
    const fields = Array.from({ length: 80 }, (_, i) => `field_number_${i}`);
    const r = row("profiles.default_record_fields", fields);
    expect(r.does.length).toBeLessThanOrEqual(300);
    expect(r.does).toMatch(/^field_number_0, field_number_1, .*field_number_\d+ … and \d+ more$/);
    const shown = r.does.split(" … ")[0]!.split(", ");
    expect(shown.every((f) => fields.includes(f))).toBe(true);
    expect(r.does).toContain(`and ${80 - shown.length} more`);
    expect(r.shortened).toBe(true);
    expect(r.brief).toBeUndefined();
    expect(row("jobs.seniority_values", ["A"], [], 3)).toMatchObject({
      does: "A … and 3 more not kept",
      shortened: true,
    });
  });

  it("groups members that share a value (operators per field)", () => {
    const ops = { a: "eq,in", b: "eq,in", c: "eq,in,match", d: "eq,in", e: "eq,in,match" };
    expect(row("search-semantics.operators.jobs", [ops]).does).toBe("eq,in: a, b, d; eq,in,match: c, e");
  });

  it("keeps the run's own records apart, lists named topics in the catalog's order, and others by their clause", () => {
    const t = table({
      "my.own_topic": { value: "x", clauses: ["s8-cost-version-not-shown"] },
      "rate_limit.pacing": { value: { requests_per_second: 9 }, clauses: ["s8-rate-limit-quota-not-shown"] },
      key_prefix: { value: "svc_", clauses: ["s5-key-prefix"] },
      "credits.getVersion": { value: 0, clauses: ["s8-cost-version-not-shown"] },
    });
    expect(t.choices.map((r) => r.topic)).toEqual(["credits.getVersion", "key_prefix", "my.own_topic"]);
    expect(t.aboutRun.map((r) => r.topic)).toEqual(["rate_limit.pacing"]);
    expect(t.choices[2]).toMatchObject({
      label: "my.own_topic",
      section: "8",
      clause: "s8-cost-version-not-shown",
      spec: "Cost of GET /version: not shown.",
    });
  });
});
