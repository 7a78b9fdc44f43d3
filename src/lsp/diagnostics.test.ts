import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiagnosticSeverity } from "vscode-languageserver";
import { lint } from "../linter/index.js";
import { startClient, type TestClient } from "./testing/client.js";

const dir = mkdtempSync(join(tmpdir(), "tdss-lsp-"));
let client: TestClient;
beforeAll(async () => {
  client = await startClient(dir);
});
afterAll(() => client.close());

const senior = '{\n  "where": {"field": "management_level", "eq": "senior"},\n  "size": 1\n}\n';

describe("tdss lsp: diagnostics", () => {
  it("publishes the linter's diagnostics on open: consequence in the message, severity, code, page", async () => {
    const diagnostics = await client.open(join(dir, "senior.json"), senior);
    expect(diagnostics).toHaveLength(1);
    const [d] = diagnostics;
    const [expected] = lint(senior).filter((e) => e.consequence !== "cost");
    expect(d!.message).toBe(`[empty] ${expected!.message}`);
    expect(d!.severity).toBe(DiagnosticSeverity.Error);
    expect(d!.code).toBe("fixed-set-value");
    expect(d!.codeDescription?.href).toBe("https://github.com/tdss/tdss/blob/main/docs/rules/fixed-set-value.md");
    expect(d!.source).toBe("tdss");
    // The CLI's 2:48, as the editor's 0-based line and character, over the whole string token "senior".
    expect(d!.range).toEqual({ start: { line: 1, character: 47 }, end: { line: 1, character: 55 } });
  });

  it("lints again on every change: one diagnostic per problem, none once the text is clean", async () => {
    const file = join(dir, "typing.json");
    expect(await client.open(file, '{"where": {"field": "city", "eq": "Paris"}, "size": 1}')).toEqual([]);
    const two = await client.change(file, '{"where": {"field": "citty", "eq": "Paris", "match": "x"}, "size": 1}');
    expect(two.map((d) => d.code).sort()).toEqual(["leaf-operator-count", "unknown-field"]);
    const broken = await client.change(file, '{"where": {"field": "city", "eq": "Paris"},\n}');
    expect(broken.map((d) => [d.code, d.range.start.line])).toEqual([["invalid-json", 1]]);
    expect(await client.change(file, '{"where": {"field": "city", "eq": "Paris"}, "size": 1}')).toEqual([]);
  });

  it("maps severities as the CLI does: the configuration's failOn and rules, and cost only with cost", async () => {
    const project = mkdtempSync(join(tmpdir(), "tdss-lsp-config-"));
    writeFileSync(
      join(project, "tdss.config.json"),
      JSON.stringify({ lint: { failOn: ["refused"], cost: true, rules: { "extra-member": "error" } } }),
    );
    const other = await startClient(project);
    try {
      const found = await other.open(join(project, "q.json"), senior.replace('"size": 1', '"size": 1, "x": 1'));
      const by = Object.fromEntries(found.map((d) => [d.code, d.severity]));
      // empty is not in failOn: a warning, as `tdss lint --fail-on refused` makes it; the rule set to error is one.
      expect(by).toEqual({
        cost: DiagnosticSeverity.Information,
        "fixed-set-value": DiagnosticSeverity.Warning,
        "extra-member": DiagnosticSeverity.Error,
      });
    } finally {
      other.close();
    }
  });

  it("shows a broken configuration on the document, as the CLI stops on it, and lints nothing else", async () => {
    const project = mkdtempSync(join(tmpdir(), "tdss-lsp-bad-"));
    writeFileSync(join(project, "tdss.config.json"), JSON.stringify({ lint: { failOn: ["nothing"] } }));
    const other = await startClient(project);
    try {
      const [d, ...rest] = await other.open(join(project, "q.json"), senior);
      expect(rest).toEqual([]);
      expect(d!.message).toContain('configuration tdss.config.json: lint.failOn[0]: "nothing" is not one of');
      expect(d!.severity).toBe(DiagnosticSeverity.Error);
    } finally {
      other.close();
    }
  });

  it("lints a .jsonl file line by line, positions on each line, a wrapper's route honoured", async () => {
    const text =
      '{"where": {"field": "city", "eq": "Paris"}, "size": 1}\n\n' +
      '{"route": "jobs", "body": {"where": {"field": "posted", "gte": "now-2w"}, "size": 1}}\n' +
      '{"route": "nope", "body": {"where": {"field": "city", "eq": "Paris"}, "size": 1}}\n';
    const found = await client.open(join(dir, "log.jsonl"), text);
    expect(found.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
      ["relative-date-unit", 2, 63],
      ["jsonl-route", 3, 0],
    ]);
  });

  it("leaves tdss's own configuration and ignored files alone", async () => {
    expect(await client.open(join(dir, "package.json"), '{"name": "x", "version": "1.0.0"}')).toEqual([]);
    writeFileSync(join(dir, ".tdssignore"), "fixtures/\n");
    mkdirSync(join(dir, "fixtures"));
    writeFileSync(join(dir, "fixtures", "bad.json"), "{");
    expect(await client.open(join(dir, "fixtures", "bad.json"), "{")).toEqual([]);
    // The same text outside the ignored folder is linted.
    expect((await client.open(join(dir, "bad.json"), "{")).map((d) => d.code)).toEqual(["invalid-json"]);
  });

  it("lints every open document again when the configuration is saved or its file changes", async () => {
    const project = mkdtempSync(join(tmpdir(), "tdss-lsp-watch-"));
    const other = await startClient(project);
    try {
      const query = join(project, "q.json");
      const before = await other.open(query, senior);
      expect(before.map((d) => d.severity)).toEqual([DiagnosticSeverity.Error]);
      // Saved in the editor: the configuration is read again for the query.
      const config = join(project, "tdss.config.json");
      writeFileSync(config, JSON.stringify({ lint: { rules: { "fixed-set-value": "info" } } }));
      expect(await other.open(config, "{}")).toEqual([]);
      const again = other.next(query);
      await other.connection.sendNotification("textDocument/didSave", { textDocument: { uri: other.uri(config) } });
      expect((await again).map((d) => d.severity)).toEqual([DiagnosticSeverity.Information]);
      // Changed on disk, as a client's file watcher reports it.
      writeFileSync(config, JSON.stringify({ lint: { rules: { "fixed-set-value": "off" } } }));
      const off = other.next(query);
      await other.connection.sendNotification("workspace/didChangeWatchedFiles", {
        changes: [{ uri: other.uri(config), type: 2 }],
      });
      expect(await off).toEqual([]);
    } finally {
      other.close();
    }
  });

  it("lints only the extensions tdss lint reads (.json, .jsonl, and the configuration's ext)", async () => {
    expect(await client.open(join(dir, "notes.txt"), "{")).toEqual([]);
    expect((await client.open(join(dir, "notes.json"), "{")).map((d) => d.code)).toEqual(["invalid-json"]);
  });
});
