import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { canonicalJson } from "../src/contract/load.js";
import { specPath } from "../src/contract/root.js";

/** Every YAML file of spec/ the contract is made of, by its path under spec/. */
function specFiles(): string[] {
  const catalog = readdirSync(specPath("catalog"))
    .filter((f) => f.endsWith(".yaml"))
    .sort();
  return ["openapi.yaml", "clauses.yaml", ...catalog.map((f) => `catalog/${f}`)];
}

/** The normalization clause quotes are matched against the specification under: no backticks, bold, extra spaces. */
export const normalizeSpecText = (text: string) =>
  text.replaceAll("`", "").replaceAll("**", "").replace(/\s+/g, " ").trim();

/**
 * Each clause quoting several passages of spec/interface-spec.md, its passages joined as a reader finds them: a space
 * between passages that follow each other in the specification, an ellipsis between those that do not.
 */
function clauseQuotes(clauses: readonly { id: string; text: string | readonly string[] }[], spec: string) {
  const text = normalizeSpecText(spec);
  const quotes: Record<string, string> = {};
  for (const c of clauses) {
    if (typeof c.text === "string" || c.text.length < 2) continue;
    const parts = c.text.map(normalizeSpecText);
    quotes[c.id] = c.text.reduce((out, quote, i) =>
      text.includes(`${parts[i - 1]} ${parts[i]}`) ? `${out} ${quote}` : `${out} … ${quote}`,
    );
  }
  return quotes;
}

/**
 * `src/contract/compiled.ts`: spec/ parsed once, at build time, into a module, so that loading the contract reads
 * no file and parses no YAML (the linter starts at once and runs in a browser). Written by `npm run generate`;
 * src/contract/compiled.test.ts fails when the checked-in module differs from this, so it cannot drift from spec/.
 */
export function compiledContractSource(): string {
  const files: Record<string, unknown> = {};
  for (const path of specFiles()) files[path] = parse(readFileSync(specPath(...path.split("/")), "utf8"));
  const fingerprint = "sha256:" + createHash("sha256").update(canonicalJson(files["openapi.yaml"])).digest("hex");
  const quotes = clauseQuotes(
    (files["clauses.yaml"] as { clauses: { id: string; text: string | string[] }[] }).clauses,
    readFileSync(specPath("interface-spec.md"), "utf8"),
  );
  return [
    "// Generated from spec/ by npm run generate (scripts/compile-contract.ts); do not edit.",
    "",
    "/** The sha256 of the canonical JSON form of spec/openapi.yaml: the contract fingerprint. */",
    `export const FINGERPRINT = ${JSON.stringify(fingerprint)};`,
    "",
    "/** Each YAML file of spec/, parsed, by its path under spec/. */",
    `export const SPEC: Readonly<Record<string, unknown>> = JSON.parse(${JSON.stringify(JSON.stringify(files))});`,
    "",
    "/** Each clause of several quotes as reports quote it: passages apart in the specification joined by ellipses. */",
    `export const QUOTES: Readonly<Record<string, string>> = ${JSON.stringify(quotes, null, 2)};`,
    "",
  ].join("\n");
}

export function compiledContractPath(): string {
  return join("src", "contract", "compiled.ts");
}
