/**
 * `--format junit`: one test suite per input; an error or a warning is a failing test case (named
 * `tdss.<rule>(#<JSON Pointer>)`, its text with the line, column, consequence, message, suggestions and the
 * rule's page), and an input with neither is one passing test case named for it, so a CI's test view counts
 * clean files too. Information (style notes, the cost line) is not a test.
 */
import type { Diagnostic } from "../../lint/types.js";
import type { FileReport } from "./report.js";
import { rulePageUrl } from "./rule-page.js";
import { STDIN_NAME } from "./annotations.js";

const XML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text for XML 1.0: no control character but tab, newline and return, no lone surrogate (each becomes U+FFFD). */
function xmlText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/gu, "\ufffd");
}

function attr(text: string): string {
  return xmlText(text)
    .replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!)
    .replace(/\n/g, "&#10;");
}

function cdata(text: string): string {
  return `<![CDATA[${xmlText(text).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

export function formatJunit(files: readonly FileReport[]): string {
  let out = '<?xml version="1.0" encoding="utf-8"?>\n<testsuites>\n';
  for (const f of files) {
    const source = f.file === "-" ? STDIN_NAME : f.file;
    const classname = source.replace(/\.[^./\\]*$/, "");
    const failures = f.diagnostics.filter((d) => d.severity !== "info");
    const tests = Math.max(1, failures.length);
    out +=
      `<testsuite package="tdss" time="0" tests="${tests}" errors="0" failures="${failures.length}" ` +
      `name="${attr(source)}">\n`;
    if (failures.length === 0) out += `<testcase time="0" name="${attr(source)}" classname="${attr(classname)}" />\n`;
    for (const d of failures) {
      out += `<testcase time="0" name="${attr(`tdss.${d.ruleId}(#${d.path})`)}" classname="${attr(classname)}">`;
      out += `<failure message="${attr(`[${d.consequence}] ${d.message}`)}" type="${d.severity}">`;
      out += `${cdata(failureText(d))}</failure></testcase>\n`;
    }
    out += "</testsuite>\n";
  }
  return `${out}</testsuites>\n`;
}

function failureText(d: Diagnostic): string {
  const lines = [`line ${d.line ?? 1}, col ${d.column ?? 1}, [${d.consequence}] ${d.message} (${d.ruleId})`];
  lines.push(`at path #${d.path}`);
  for (const s of d.suggestions) lines.push(`suggestion: ${s.message}`);
  lines.push(`rule: ${rulePageUrl(d.ruleId)}`);
  return lines.join("\n");
}
