/**
 * `--format sarif`: SARIF 2.1.0 (OASIS, sarif-v2.1.0-os) for code scanning: the tool named tdss with its version;
 * each rule that has a result, with its consequence, clauses, `helpUri` (its page, docs/rules/<id>.md) and `help`
 * (the page's head: what the rule finds and the clauses it rests on, with the address of the whole page, so that a
 * log of many results stays small); each result with its level, its span, its consequence, JSON Pointer and
 * clauses, its suggestions in the message, and its fix and each suggestion's edits as SARIF `fixes`.
 */
import { RULES } from "../../../rules/all.js";
import type { Diagnostic, Fix, Severity } from "../../lint/types.js";
import { packageVersion } from "../../lint/version.js";
import { annotations } from "./annotations.js";
import type { FileReport } from "./report.js";
import { homePage, rulePageHead, rulePageUrl } from "./rule-page.js";

const LEVEL: Readonly<Record<Severity, string>> = { error: "error", warning: "warning", info: "note" };

export function formatSarif(files: readonly FileReport[]): string {
  const found = annotations(files);
  const used = new Set(found.map((a) => a.diagnostic.ruleId));
  const rules = RULES.filter((r) => used.has(r.meta.id)).map(({ meta }) => {
    const head = rulePageHead(meta.id);
    const helpUri = rulePageUrl(meta.id);
    const more = `Wrong and right examples, options: ${helpUri}`;
    return {
      id: meta.id,
      shortDescription: { text: meta.description },
      helpUri,
      properties: { consequence: meta.consequence, clauses: meta.clauses, fixable: meta.fixable ?? null },
      ...(head !== undefined ? { help: { text: `${meta.description}\n\n${more}`, markdown: head } } : {}),
    };
  });
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const artifacts = [...new Set(found.map((a) => a.file))];
  const results = found.map((a) => {
    const d = a.diagnostic;
    const fixes = sarifFixes(d, a.file, a.jsonl);
    return {
      level: LEVEL[a.severity],
      message: { text: a.message },
      ruleId: d.ruleId,
      ...(ruleIndex.has(d.ruleId) ? { ruleIndex: ruleIndex.get(d.ruleId) } : {}),
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: a.file, index: artifacts.indexOf(a.file) },
            region: {
              startLine: a.start.line,
              startColumn: a.start.column,
              endLine: a.end.line,
              endColumn: a.end.column,
            },
          },
        },
      ],
      properties: { consequence: d.consequence, path: d.path, clauses: d.clauses },
      ...(fixes.length > 0 ? { fixes } : {}),
    };
  });
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "tdss", version: packageVersion(), informationUri: homePage(), rules } },
        artifacts: artifacts.map((uri) => ({ location: { uri } })),
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

/**
 * The diagnostic's fix, then each suggestion's, as SARIF fix objects. A whole-file input's edits count UTF-16
 * code units of its text (after a byte order mark) and become `charOffset`/`charLength`; a JSON Lines input's
 * count in the text of the diagnostic's line and become a region on that line (1-based columns).
 */
function sarifFixes(d: Diagnostic, uri: string, jsonl: boolean): object[] {
  const out: object[] = [];
  const add = (description: string, fix: Fix | undefined) => {
    if (!fix || fix.edits.length === 0) return;
    const replacements = fix.edits.map((e) => ({
      deletedRegion: jsonl
        ? { startLine: d.line ?? 1, startColumn: e.range[0] + 1, endLine: d.line ?? 1, endColumn: e.range[1] + 1 }
        : { charOffset: e.range[0], charLength: e.range[1] - e.range[0] },
      insertedContent: { text: e.text },
    }));
    out.push({ description: { text: description }, artifactChanges: [{ artifactLocation: { uri }, replacements }] });
  };
  add(`Fix: ${d.message}`, d.fix);
  for (const s of d.suggestions) add(s.message, s.fix);
  return out;
}
