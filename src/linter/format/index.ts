import type { FileReport, FormatName } from "./report.js";
import { formatStylish } from "./stylish.js";

export { FORMATS, type FileReport, type FormatName } from "./report.js";

/**
 * Renders reports in a format; `color` applies to stylish only. A format other than the default stylish loads its
 * module when asked for, so that `tdss lint` starts without them (docs/benchmarks.md, "Start-up").
 */
export async function formatReport(
  name: FormatName,
  files: readonly FileReport[],
  options: { color?: boolean } = {},
): Promise<string> {
  switch (name) {
    case "stylish":
      return formatStylish(files, options.color ?? false);
    case "json":
      return (await import("./json.js")).formatJson(files);
    case "sarif":
      return (await import("./sarif.js")).formatSarif(files);
    case "junit":
      return (await import("./junit.js")).formatJunit(files);
    case "github":
      return (await import("./github.js")).formatGithub(files);
  }
}
