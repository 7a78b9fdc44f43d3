/**
 * `--format github`: GitHub Actions workflow annotations (::error file=...,line=...::message), by Spectral's formatter.
 */
import type { FileReport } from "./report.js";
import { toSpectralDiagnostics } from "./spectral.js";

export async function formatGithub(files: readonly FileReport[]): Promise<string> {
  const { githubActions } = await import("@stoplight/spectral-formatters");
  const text = githubActions(toSpectralDiagnostics(files), { failSeverity: 0 });
  return text ? `${text}\n` : "";
}
