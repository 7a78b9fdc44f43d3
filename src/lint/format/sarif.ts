/**
 * `--format sarif`: SARIF 2.1.0 for code scanning, written by Spectral's SARIF formatter and then
 * named for tdss (driver name, version, rules with their consequence and clauses, results with
 * their consequence, JSON Pointer and clauses).
 */
import { RULES } from "../../../rules/all.js";
import { packageVersion } from "../version.js";
import type { FileReport } from "./report.js";
import { toSpectralDiagnostics } from "./spectral.js";

interface SarifLog {
  runs: {
    tool: {
      driver: {
        name: string;
        version?: string;
        informationUri?: string;
        rules?: { id: string; properties?: object; fullDescription?: object }[];
      };
    };
    results?: { ruleId?: string; properties?: object }[];
  }[];
}

export async function formatSarif(files: readonly FileReport[]): Promise<string> {
  const { sarif } = await import("@stoplight/spectral-formatters");
  const version = packageVersion();
  const rules = Object.fromEntries(RULES.map((r) => [r.meta.id, { name: r.meta.id, description: r.meta.description }]));
  const text = sarif(toSpectralDiagnostics(files), { failSeverity: 0 }, {
    ruleset: { rules },
    spectralVersion: version,
  } as never);
  const log = JSON.parse(text) as SarifLog;
  const flat = files.flatMap((f) => f.diagnostics);
  for (const run of log.runs) {
    run.tool.driver.name = "tdss";
    run.tool.driver.version = version;
    run.tool.driver.informationUri = "https://github.com/tdss/tdss";
    for (const rule of run.tool.driver.rules ?? []) {
      const meta = RULES.find((r) => r.meta.id === rule.id)?.meta;
      if (meta)
        rule.properties = { consequence: meta.consequence, clauses: meta.clauses, fixable: meta.fixable ?? null };
    }
    (run.results ?? []).forEach((result, i) => {
      const d = flat[i];
      if (d && d.ruleId === result.ruleId)
        result.properties = { consequence: d.consequence, path: d.path, clauses: d.clauses };
    });
  }
  return JSON.stringify(log, null, 2) + "\n";
}
