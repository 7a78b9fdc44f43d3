/** `--format junit`: Spectral's JUnit formatter (errors and warnings are failures), named for tdss. */
import type { FileReport } from "./report.js";
import { toSpectralDiagnostics } from "./spectral.js";

export async function formatJunit(files: readonly FileReport[]): Promise<string> {
  const { junit } = await import("@stoplight/spectral-formatters");
  const text = junit(toSpectralDiagnostics(files), { failSeverity: 1 });
  return text.replace(/package="org\.spectral"/g, 'package="tdss"').replace(/name="org\.spectral\./g, 'name="tdss.');
}
