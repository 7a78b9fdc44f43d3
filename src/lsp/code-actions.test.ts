import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodeAction, Diagnostic, TextEdit } from "vscode-languageserver";
import { fixSource } from "../linter/index.js";
import { applyEdits, startClient, type TestClient } from "./testing/client.js";

const dir = mkdtempSync(join(tmpdir(), "tdss-lsp-actions-"));
let client: TestClient;
beforeAll(async () => {
  client = await startClient(dir);
});
afterAll(() => client.close());

const actionsFor = (file: string, diagnostic: Diagnostic, only?: string[]) =>
  client.connection.sendRequest<CodeAction[]>("textDocument/codeAction", {
    textDocument: { uri: client.uri(file) },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], ...(only ? { only } : {}) },
  });

const editsOf = (file: string, action: CodeAction): TextEdit[] => action.edit!.changes![client.uri(file)]!;

const nested = '{\n  "where": {"all": [{"field": "city", "in": ["Paris"]}]},\n  "size": 1\n}\n';

describe("tdss lsp: quick fixes and fix all", () => {
  it("offers a diagnostic's fix as the preferred quick fix, with the linter's edit", async () => {
    const file = join(dir, "in.json");
    const found = await client.open(file, nested);
    const inOne = found.find((d) => d.code === "single-value-in")!;
    const actions = await actionsFor(file, inOne);
    const fix = actions.find((a) => a.isPreferred)!;
    expect(fix.title).toBe("Fix this single-value-in problem");
    expect(fix.kind).toBe("quickfix");
    expect(fix.diagnostics).toEqual([inOne]);
    expect(applyEdits(nested, editsOf(file, fix))).toBe(
      '{\n  "where": {"all": [{"field": "city", "eq": "Paris"}]},\n  "size": 1\n}\n',
    );
  });

  it("offers each suggestion with a fix as its own quick fix, never preferred", async () => {
    const file = join(dir, "senior.json");
    const text = '{"where": {"field": "management_level", "eq": "senior"}, "size": 1}';
    const [d] = await client.open(file, text);
    const actions = await actionsFor(file, d!);
    const suggestion = actions.find((a) => a.title === 'Use "Senior".')!;
    expect(suggestion.isPreferred).toBeUndefined();
    expect(applyEdits(text, editsOf(file, suggestion))).toBe(
      '{"where": {"field": "management_level", "eq": "Senior"}, "size": 1}',
    );
    // A suggestion changes which records match: "fix all" (tdss lint --fix) leaves it, so none is offered here.
    expect(actions.some((a) => a.title.startsWith("Fix all"))).toBe(false);
  });

  it("fix all in file (source.fixAll) gives what tdss lint --fix writes, changing only what differs", async () => {
    const file = join(dir, "all.json");
    const found = await client.open(file, nested);
    const actions = await actionsFor(file, found[0]!, ["source.fixAll"]);
    expect(actions.map((a) => a.kind)).toEqual(["source.fixAll.tdss"]);
    const edits = editsOf(file, actions[0]!);
    expect(applyEdits(nested, edits)).toBe(fixSource(nested).output);
    expect(applyEdits(nested, edits)).toBe('{\n  "where": {"field": "city", "eq": "Paris"},\n  "size": 1\n}\n');
    expect(edits).toHaveLength(1);
    expect(edits[0]!.range.start.line).toBe(1);
  });

  it("fixes a JSON Lines file line by line", async () => {
    const file = join(dir, "log.jsonl");
    const lines = [
      '{"where": {"field": "city", "in": ["Paris"]}, "size": 1}',
      '{"where": {"field": "city", "eq": "Lyon"}, "size": 1}',
      '{"route": "jobs", "body": {"where": {"not": {"not": {"field": "city", "eq": "Paris"}}}, "size": 1}}',
    ];
    const text = lines.join("\n") + "\n";
    const found = await client.open(file, text);
    const [all] = await actionsFor(file, found[0]!, ["source.fixAll"]);
    expect(applyEdits(text, editsOf(file, all!)).split("\n")).toEqual([
      '{"where": {"field": "city", "eq": "Paris"}, "size": 1}',
      lines[1],
      '{"route": "jobs", "body": {"where": {"field": "city", "eq": "Paris"}, "size": 1}}',
      "",
    ]);
  });
});
