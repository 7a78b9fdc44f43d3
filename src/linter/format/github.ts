/**
 * `--format github`: GitHub Actions workflow annotations (::error file=...,line=...::message), by Spectral's
 * formatter; each message carries the diagnostic's suggestions and the address of the rule's page.
 */
import type { FileReport } from "./report.js";
import { rulePageUrl } from "./rule-page.js";
import { toSpectralDiagnostics } from "./spectral.js";

export async function formatGithub(files: readonly FileReport[]): Promise<string> {
  const { githubActions } = await import("@stoplight/spectral-formatters");
  const used = new Set(files.flatMap((f) => f.diagnostics.map((d) => d.ruleId)));
  const rules = Object.fromEntries([...used].map((id) => [id, { documentationUrl: rulePageUrl(id) }]));
  const text = githubActions(toSpectralDiagnostics(files, { suggestions: true }), { failSeverity: 0 }, {
    ruleset: { rules },
  } as never);
  return text ? `${text}\n` : "";
}
