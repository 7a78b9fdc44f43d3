/**
 * npm run generate — writes every generated file of the repository: the compiled contract
 * (`src/contract/compiled.ts`, from spec/; pass `contract`) or the typed queries and editor schemas (from the
 * compiled contract; pass `types`). `npm run generate` runs both, with a build between them. Tests fail when a
 * checked-in file differs from what this writes, so none can drift from spec/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { compiledContractPath, compiledContractSource } from "./compile-contract.js";
import { packageRoot } from "../src/contract/root.js";
import { generatedFiles } from "./generate-types.js";

const which = process.argv[2];
if (which !== "contract" && which !== "types") {
  console.error("usage: node dist/scripts/generate.js contract|types");
  process.exit(2);
}
const files = which === "contract" ? new Map([[compiledContractPath(), compiledContractSource()]]) : generatedFiles();
for (const [path, text] of files) {
  mkdirSync(dirname(join(packageRoot(), path)), { recursive: true });
  writeFileSync(join(packageRoot(), path), text);
  console.log(`wrote ${path}`);
}
