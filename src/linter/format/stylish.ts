import type { FileReport } from "./report.js";
import { renderStream, stylishStream } from "./stream.js";

/**
 * `--format stylish` (the default): `file:line:col  severity  [consequence]  message  rule-id`, suggestions, a summary.
 */
export function formatStylish(files: readonly FileReport[], color = false): string {
  return renderStream(stylishStream(color), files);
}
