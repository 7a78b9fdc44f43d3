import { formatGithub } from "./github.js";
import { formatJson } from "./json.js";
import { formatJunit } from "./junit.js";
import type { FileReport, FormatName } from "./report.js";
import { formatSarif } from "./sarif.js";
import { formatStylish } from "./stylish.js";

export { FORMATS, type FileReport, type FormatName } from "./report.js";

/** Renders reports in a format; `color` applies to stylish only. */
export async function formatReport(
  name: FormatName,
  files: readonly FileReport[],
  options: { color?: boolean } = {},
): Promise<string> {
  switch (name) {
    case "stylish":
      return formatStylish(files, options.color ?? false);
    case "json":
      return formatJson(files);
    case "sarif":
      return formatSarif(files);
    case "junit":
      return formatJunit(files);
    case "github":
      return formatGithub(files);
  }
}
