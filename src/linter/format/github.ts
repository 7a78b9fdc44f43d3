/**
 * `--format github`: GitHub Actions workflow commands (`::error file=...,line=...::message`), one a diagnostic,
 * each message with the diagnostic's suggestions and the address of the rule's page. Data and properties are
 * escaped as GitHub's own toolkit escapes them (@actions/core, "command.ts"), so that a `%`, a newline, a `:` or a
 * `,` in a message or a file name cannot end the command early.
 */
import type { Severity } from "../../lint/types.js";
import { annotations } from "./annotations.js";
import type { FileReport } from "./report.js";
import { rulePageUrl } from "./rule-page.js";

const COMMAND: Readonly<Record<Severity, string>> = { error: "error", warning: "warning", info: "notice" };

const escapeData = (text: string) => text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
const escapeProperty = (text: string) => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");

export function formatGithub(files: readonly FileReport[]): string {
  return annotations(files)
    .map((a) => {
      const properties = Object.entries({
        title: a.diagnostic.ruleId,
        file: a.file,
        col: a.start.column,
        endColumn: a.end.column,
        line: a.start.line,
        endLine: a.end.line,
      }).map(([name, value]) => `${name}=${escapeProperty(String(value))}`);
      const text = `${a.message}\nDocumentation: ${rulePageUrl(a.diagnostic.ruleId)}`;
      return `::${COMMAND[a.severity]} ${properties.join(",")}::${escapeData(text)}\n`;
    })
    .join("");
}
