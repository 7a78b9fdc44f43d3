/**
 * npm run generate — writes the typed queries (`src/types/queries.ts`) and the editors' JSON Schemas
 * (`schemas/<dataset>-query.schema.json`) from spec/catalog/. `src/types/generated.test.ts` fails when the
 * files in the repository differ from what this writes, so they cannot drift from the catalog.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../src/contract/index.js";
import { generatedFiles } from "../src/types/generated.js";

for (const [path, text] of generatedFiles()) {
  mkdirSync(join(packageRoot(), path, ".."), { recursive: true });
  writeFileSync(join(packageRoot(), path), text);
  console.log(`wrote ${path}`);
}
