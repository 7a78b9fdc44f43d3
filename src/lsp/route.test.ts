import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startClient } from "./testing/client.js";

/** A jobs query: clean on jobs, `posted` unknown on people and companies. */
const jobsQuery = (extra = "") => `{${extra}"where": {"field": "posted", "gte": "now-30d"}, "size": 1}`;
const codes = (found: { code?: string | number }[]) => found.map((d) => d.code);

describe("tdss lsp: the route a document is linted for", () => {
  it("from a $schema member naming a query schema, then the file name, else inferred from the body", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-lsp-route-"));
    const client = await startClient(dir);
    try {
      // Inferred from its fields, as the CLI infers it: `posted` is a jobs field.
      expect(codes(await client.open(join(dir, "plain.json"), jobsQuery()))).toEqual([]);
      const mixed = '{"where": {"all": [{"field": "posted", "gte": "now-30d"}, {"field": "skills", "eq": "go"}]}}';
      expect(codes(await client.open(join(dir, "mixed.json"), mixed))).toEqual(["unknown-field"]);
      expect(codes(await client.open(join(dir, "senior.jobs.json"), jobsQuery()))).toEqual([]);
      expect(codes(await client.open(join(dir, "senior.queryJobs.json"), jobsQuery()))).toEqual([]);
      // The file is named for jobs, but its $schema says companies: the member wins (and, the file's annotation for
      // its editor, is no member of the body).
      const schema = '"$schema": "../node_modules/tdss/schemas/companies-query.schema.json", ';
      expect(codes(await client.open(join(dir, "other.jobs.json"), jobsQuery(schema)))).toEqual(["unknown-field"]);
      const jobsSchema = '"$schema": "tdss/schemas/jobs-query.schema.json", ';
      expect(codes(await client.open(join(dir, "plain2.json"), jobsQuery(jobsSchema)))).toEqual([]);
      // Inferred from the body, as the CLI infers it: a natural-language body.
      const nl = await client.open(join(dir, "nl.json"), '{"text": ""}');
      expect(codes(nl)).toEqual(["nl-body"]);
    } finally {
      client.close();
    }
  });

  it("from the configuration's route and its overrides, over the file name", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tdss-lsp-route-config-"));
    writeFileSync(
      join(dir, "tdss.config.json"),
      JSON.stringify({ lint: { route: "jobs", overrides: [{ files: ["companies/**"], route: "companies" }] } }),
    );
    mkdirSync(join(dir, "companies"));
    const client = await startClient(dir);
    try {
      expect(codes(await client.open(join(dir, "q.json"), jobsQuery()))).toEqual([]);
      expect(codes(await client.open(join(dir, "companies", "q.json"), jobsQuery()))).toEqual(["unknown-field"]);
      expect(codes(await client.open(join(dir, "q.people.json"), jobsQuery()))).toEqual([]);
    } finally {
      client.close();
    }
  });
});
