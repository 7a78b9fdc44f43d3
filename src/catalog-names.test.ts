import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContract } from "./contract/index.js";
import { packageRoot } from "./contract/root.js";
import { RULES } from "../rules/index.js";

/**
 * Catalog names are read from the contract, never spelt in code: a rule reads fields from the catalog, and every
 * part reads IDs members, MCP tool names and paths from the operation model (src/contract/operations.ts,
 * docs/contract.md). Field names stay legitimate elsewhere in src/: the reference's records, its mutants and
 * variants, and the search oracles are about particular fields by design. Dataset names and operationIds are
 * typed unions (src/contract/types.ts), which the compiler checks.
 */
const contract = loadContract();
const root = packageRoot();

/** Names the operation model owns: IDs members, MCP tool names, route paths. */
const modelNames = new Set(
  [...contract.operations.values()].flatMap((o) => [o.tool, o.path, ...(o.kind === "system" ? [] : [o.idsMember])]),
);
/** Field names of the catalog long enough not to be ordinary words of code (id, name, city, ...). */
const fieldNames = new Set(
  Object.values(contract.datasets).flatMap((d) => [...d.fields.keys()].filter((n) => n.length >= 5)),
);

/**
 * Files of src/ that may spell model names, and why:
 * - tests (`*.test.ts`) state expected values;
 * - src/contract/compiled.ts is spec/ itself, generated;
 * - src/lint/corpus.ts is data: example request bodies as a user writes them;
 * - `testing/` folders hold test doubles (fake and hostile deployments, hostile bodies), which spell the wire
 *   format the way a deployment written by hand would.
 */
const ALLOWED = [/\.test\.ts$/, /^src\/contract\/compiled\.ts$/, /^src\/lint\/corpus\.ts$/, /\/testing\//];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** The code of a file without its comments (which may quote the spec) and a rule's message templates. */
function code(path: string): string {
  return readFileSync(join(root, path), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1")
    .replace(/messages: \{[\s\S]*?\n {4}\},/, "");
}

/**
 * Names the code spells: as a whole string literal, and with `keys`, a name of identifier form also as an
 * object key (`name:`) or a property (`.name`).
 */
function spelt(path: string, names: Iterable<string>, keys = false): string[] {
  const text = code(path);
  return [...names].filter((n) => {
    const name = n.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const key = keys && /^\w+$/.test(n) ? `|[{,\\s]${name}\\s*:|\\.${name}\\b` : "";
    return new RegExp(`["'\`]${name}["'\`]${key}`).test(text);
  });
}

describe("catalog names in code", () => {
  it("appear in no rule: rules read fields and operations from the contract", () => {
    // posted-absolute-date is about the one field clause s2-5-posted-relative-date names.
    const allowedFields = new Set(["posted"]);
    const found = RULES.map((r) => `rules/${r.meta.id}.ts`).flatMap((f) =>
      [...spelt(f, modelNames, true), ...spelt(f, fieldNames).filter((n) => !allowedFields.has(n))].map(
        (n) => `${f}: ${n}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it("appear in src/ only where the allow-list says why: IDs members, tools and paths come from the model", () => {
    const found = sources("src")
      .map((f) => relative(root, join(root, f)))
      .filter((f) => !ALLOWED.some((re) => re.test(f)))
      .flatMap((f) => spelt(f, modelNames, true).map((n) => `${f}: ${n}`));
    expect(found).toEqual([]);
  });

  it("are found where they are spelt (the check can fail)", () => {
    expect(spelt("src/lint/corpus.ts", modelNames, true).length).toBeGreaterThan(0);
    expect(spelt("src/runner/route-generators.ts", fieldNames).length).toBeGreaterThan(0);
  });
});
