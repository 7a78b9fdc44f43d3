import { emitSchema, emitScopeBinding, emitTypes } from "../src/types/emit.js";
import { typedDatasets } from "../src/types/model.js";

/** Every generated file, by its path in the repository, with its exact text. */
export function generatedFiles(): Map<string, string> {
  const datasets = typedDatasets();
  const files = new Map([
    ["src/types/queries.ts", emitTypes(datasets)],
    ["src/contract/scope-binding.ts", emitScopeBinding(datasets)],
  ]);
  for (const d of datasets)
    files.set(`schemas/${d.dataset}-query.schema.json`, `${JSON.stringify(emitSchema(d), null, 2)}\n`);
  return files;
}
