import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hover, MarkupContent } from "vscode-languageserver";
import { positionOf, startClient, type TestClient } from "./testing/client.js";

const dir = mkdtempSync(join(tmpdir(), "tdss-lsp-hover-"));
let client: TestClient;
beforeAll(async () => {
  client = await startClient(dir);
});
afterAll(() => client.close());

async function hoverAt(name: string, text: string, needle: string, shift = 1): Promise<string | undefined> {
  const file = join(dir, name);
  await client.open(file, text);
  const hover = await client.connection.sendRequest<Hover | null>("textDocument/hover", {
    textDocument: { uri: client.uri(file) },
    position: positionOf(text, needle, shift),
  });
  return hover ? (hover.contents as MarkupContent).value : undefined;
}

describe("tdss lsp: hover", () => {
  it("on a field name: its group, operators, sub-record and fixed values from the catalog", async () => {
    const text = '{"where": {"field": "management_level", "eq": "Senior"}, "size": 1}';
    const value = await hoverAt("q.json", text, '"management_level"', 3);
    expect(value).toContain("**`management_level`**: a people field");
    expect(value).toContain("- Group: ");
    expect(value).toContain("- Operators: `eq`, `in`, `exists`");
    expect(value).toContain("`Senior`");
    const title = await hoverAt("t.json", '{"where": {"field": "title", "match": "x"}, "size": 1}', '"title"', 2);
    expect(title).toContain("- Sub-record: experience (scope `has_experience`)");
  });

  it("on a diagnostic: the head of its rule's page, without its examples", async () => {
    const text = '{"where": {"field": "titel", "eq": "x"}, "size": 1}';
    const value = await hoverAt("d.json", text, '"titel"', 2);
    expect(value).toContain("# `unknown-field`");
    expect(value).toContain("## The specification");
    expect(value).not.toContain("## Wrong");
    expect(value).toContain("docs/rules/unknown-field.md");
  });

  it("nothing where there is nothing to say", async () => {
    expect(await hoverAt("n.json", '{"where": {"field": "city", "eq": "Paris"}, "size": 1}', '"size"', 2)).toBe(
      undefined,
    );
  });
});
