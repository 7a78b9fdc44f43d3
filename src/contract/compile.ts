import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { canonicalJson } from "./load.js";
import { specPath } from "./root.js";

/** Every YAML file of spec/ the contract is made of, by its path under spec/. */
function specFiles(): string[] {
  const catalog = readdirSync(specPath("catalog"))
    .filter((f) => f.endsWith(".yaml"))
    .sort();
  return ["openapi.yaml", "clauses.yaml", ...catalog.map((f) => `catalog/${f}`)];
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
  return [
    "// Generated from spec/ by npm run generate (src/contract/compile.ts); do not edit.",
    "",
    "/** The sha256 of the canonical JSON form of spec/openapi.yaml: the contract fingerprint. */",
    `export const FINGERPRINT = ${JSON.stringify(fingerprint)};`,
    "",
    "/** Each YAML file of spec/, parsed, by its path under spec/. */",
    `export const SPEC: Readonly<Record<string, unknown>> = JSON.parse(${JSON.stringify(JSON.stringify(files))});`,
    "",
  ].join("\n");
}

export function compiledContractPath(): string {
  return join("src", "contract", "compiled.ts");
}
