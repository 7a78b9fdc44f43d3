import { loadContract } from "./load.js";
import { DATASETS, type ClauseKind } from "./types.js";

/** A plain-text overview of spec/: routes, fields per dataset, clause counts by kind. */
export function formatContractSummary(): string {
  const c = loadContract();
  const lines: string[] = ["tdss contract summary (spec/)", "", "Routes (§4.1):"];
  for (const op of c.operations.values()) {
    lines.push(
      `  ${op.method.padEnd(4)} ${op.path.padEnd(36)} ${op.operationId.padEnd(15)} ${op.tool.padEnd(20)} ` +
        `credits: ${op.creditFormula}`,
    );
  }
  lines.push("", "Queryable fields (§2.2, §2.5, §2.7):");
  for (const d of DATASETS) {
    const fields = [...c.datasets[d].fields.values()];
    const fixed = fields.filter((f) => f.values).length;
    const scoped = fields.filter((f) => f.scope).length;
    lines.push(
      `  ${d.padEnd(10)} ${String(fields.length).padStart(3)} fields, ${fixed} with a fixed value ` +
        `set, ${scoped} in a scope sub-record`,
    );
  }
  const byKind = new Map<ClauseKind, number>();
  for (const clause of c.clauses.values()) byKind.set(clause.kind, (byKind.get(clause.kind) ?? 0) + 1);
  lines.push("", `Clauses (spec/clauses.yaml): ${c.clauses.size}`);
  for (const kind of ["must", "lint", "implementation-defined", "ambiguous"] as const) {
    lines.push(`  ${kind.padEnd(24)} ${byKind.get(kind) ?? 0}`);
  }
  lines.push("", `Contract fingerprint: ${c.fingerprint}`);
  return lines.join("\n") + "\n";
}
