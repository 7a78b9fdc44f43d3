import type { FileReport } from "./report.js";
import { jsonStream, renderStream } from "./stream.js";

/** `--format json`: exactly one JSON document, {"files": [{"file", "diagnostics": [...]}]}. */
export function formatJson(files: readonly FileReport[]): string {
  return renderStream(jsonStream(), files);
}
