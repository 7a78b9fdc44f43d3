import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletionItem, TextEdit } from "vscode-languageserver";
import { loadContract } from "../contract/index.js";
import { applyEdits, positionOf, startClient, type TestClient } from "./testing/client.js";

const dir = mkdtempSync(join(tmpdir(), "tdss-lsp-completion-"));
let client: TestClient;
beforeAll(async () => {
  client = await startClient(dir);
});
afterAll(() => client.close());

let n = 0;
/** Opens `text` as a new file and asks for completion where `needle` ends (plus `shift`). */
async function completeAt(name: string, text: string, needle: string, shift = needle.length) {
  const file = join(dir, `${n++}-${name}`);
  await client.open(file, text);
  const items = await client.connection.sendRequest<CompletionItem[]>("textDocument/completion", {
    textDocument: { uri: client.uri(file) },
    position: positionOf(text, needle, shift),
  });
  const pick = (label: string) => applyEdits(text, [items.find((i) => i.label === label)!.textEdit as TextEdit]);
  return { labels: items.map((i) => i.label), items, pick };
}

const people = loadContract().datasets.people;

describe("tdss lsp: completion", () => {
  it("offers the route's field names, replacing the string typed so far", async () => {
    const text = '{"where": {"field": "ti", "eq": "x"}}';
    const { labels, pick, items } = await completeAt("q.json", text, '"ti');
    expect(labels).toEqual([...people.fields.keys()]);
    expect(pick("title")).toBe('{"where": {"field": "title", "eq": "x"}}');
    expect(items.find((i) => i.label === "title")!.detail).toBe("Role text");
  });

  it("offers the jobs fields for a file named for the jobs route", async () => {
    const { labels } = await completeAt("q.jobs.json", '{"where": {"field": ""}}', '"field": "');
    expect(labels).toEqual([...loadContract().datasets.jobs.fields.keys()]);
  });

  it("offers the fields of the dataset the linter infers from the other field names", async () => {
    const text = '{"where": {"all": [{"field": "posted", "gte": "now-30d"}, {"field": "", "eq": "x"}]}}';
    const { labels } = await completeAt("inferred.json", text, '{"field": "');
    expect(labels).toEqual([...loadContract().datasets.jobs.fields.keys()]);
  });

  it("inside a scope, offers only the fields of its sub-record", async () => {
    const text = '{"where": {"has_education": {"field": ""}}}';
    const { labels } = await completeAt("scope.json", text, '"field": "');
    const education = [...people.fields.values()].filter((f) => f.scope === "education").map((f) => f.name);
    expect(labels).toEqual(education);
    expect(labels.length).toBeGreaterThan(0);
  });

  it("offers the operators the field takes, once it names one", async () => {
    const text = '{"where": {"field": "experience_months", "": 3}}';
    const { labels } = await completeAt("ops.json", text, '"experience_months", "');
    expect(labels).toEqual([...people.fields.get("experience_months")!.operators]);
    expect(labels).not.toContain("match");
  });

  it("in an empty node, offers field, operators and node forms: scope keys on people, not in a scope", async () => {
    const onPeople = await completeAt("node.json", '{"where": {}}', '"where": {');
    expect(onPeople.labels).toEqual(
      expect.arrayContaining(["field", "all", "any", "not", "has_experience", "has_education", "has_language"]),
    );
    expect(onPeople.pick("has_experience")).toBe('{"where": {"has_experience"}}');
    const onJobs = await completeAt("node.jobs.json", '{"where": {}}', '"where": {');
    expect(onJobs.labels).toContain("all");
    expect(onJobs.labels.filter((l) => l.startsWith("has_"))).toEqual([]);
    const inScope = await completeAt("nested.json", '{"where": {"has_experience": {}}}', '"has_experience": {');
    expect(inScope.labels).toEqual(expect.arrayContaining(["field", "all", "any", "not"]));
    expect(inScope.labels.filter((l) => l.startsWith("has_"))).toEqual([]);
  });

  it("offers a fixed-set field's values spelt exactly, as an array right after in", async () => {
    const eq = await completeAt("fixed.json", '{"where": {"field": "management_level", "eq": "se"}}', '"se');
    expect(eq.labels).toEqual([...people.fields.get("management_level")!.values!]);
    expect(eq.pick("Senior")).toBe('{"where": {"field": "management_level", "eq": "Senior"}}');
    const inList = await completeAt("in.json", '{"where": {"field": "management_level", "in": }}', '"in": ');
    expect(inList.pick("Senior")).toBe('{"where": {"field": "management_level", "in": ["Senior"]}}');
    const inArray = await completeAt(
      "in2.json",
      '{"where": {"field": "management_level", "in": ["Owner", ]}}',
      '"Owner", ',
    );
    expect(inArray.pick("Senior")).toBe('{"where": {"field": "management_level", "in": ["Owner", "Senior"]}}');
  });

  it("offers relative date forms for a date, in the units the contract shows", async () => {
    const { labels, pick } = await completeAt(
      "date.jobs.json",
      '{"where": {"field": "posted", "gte": ""}}',
      '"gte": "',
    );
    expect(labels).toEqual(["now-7d", "now-30d", "now-90d", "now-3m", "now-6m", "now-12m"]);
    expect(pick("now-30d")).toBe('{"where": {"field": "posted", "gte": "now-30d"}}');
  });

  it("offers the body's members at the top, those not written yet", async () => {
    const { labels } = await completeAt("top.json", '{"where": {"field": "city", "eq": "Paris"}, }', "}, ");
    expect(labels).toEqual(["size", "after"]);
  });

  it("completes a JSON Lines line with its wrapper's route", async () => {
    const text =
      '{"where": {"field": "city", "eq": "Paris"}}\n{"route": "companies", "body": {"where": {"field": ""}}}\n';
    const { labels } = await completeAt("log.jsonl", text, '"field": ""}}}', 10);
    expect(labels).toEqual([...loadContract().datasets.companies.fields.keys()]);
  });
});
