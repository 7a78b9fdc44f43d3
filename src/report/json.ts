import type { Report } from "./report.js";

/** report.json, stable and pretty-printed. */
export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
