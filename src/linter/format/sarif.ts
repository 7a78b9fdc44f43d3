/**
 * `--format sarif`: SARIF 2.1.0 for code scanning, written by Spectral's SARIF formatter and then named for
 * tdss: the driver's name and version; each rule with its consequence, clauses, `helpUri` (its page,
 * docs/rules/<id>.md) and `help` (the page's head: what the rule finds and the clauses it rests on, with the
 * address of the whole page, so that a log of many results stays small); each result with its consequence, JSON
 * Pointer and clauses, its suggestions in the message, and its fix and each suggestion's edits as SARIF `fixes`.
 */
import { RULES } from "../../../rules/all.js";
import type { Diagnostic, Fix } from "../../lint/types.js";
import { packageVersion } from "../../lint/version.js";
import type { FileReport } from "./report.js";
import { homePage, rulePageHead, rulePageUrl } from "./rule-page.js";
import { toSpectralDiagnostics } from "./spectral.js";

interface SarifRule {
  id: string;
  properties?: object;
  help?: { text: string; markdown: string };
}

interface SarifResult {
  ruleId?: string;
  properties?: object;
  message: { text: string };
  locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[];
  fixes?: object[];
}

interface SarifLog {
  runs: {
    tool: { driver: { name: string; version?: string; informationUri?: string; rules?: SarifRule[] } };
    results?: SarifResult[];
  }[];
}

export async function formatSarif(files: readonly FileReport[]): Promise<string> {
  const { sarif } = await import("@stoplight/spectral-formatters");
  const version = packageVersion();
  const used = new Set(files.flatMap((f) => f.diagnostics.map((d) => d.ruleId)));
  const rules = Object.fromEntries(
    RULES.filter((r) => used.has(r.meta.id)).map((r) => [
      r.meta.id,
      { name: r.meta.id, description: r.meta.description, documentationUrl: rulePageUrl(r.meta.id) },
    ]),
  );
  const text = sarif(toSpectralDiagnostics(files, { suggestions: true }), { failSeverity: 0 }, {
    ruleset: { rules },
    spectralVersion: version,
  } as never);
  const log = JSON.parse(text) as SarifLog;
  const flat = files.flatMap((f) => f.diagnostics.map((d) => ({ d, jsonl: f.jsonl === true })));
  for (const run of log.runs) {
    run.tool.driver.name = "tdss";
    run.tool.driver.version = version;
    run.tool.driver.informationUri = homePage();
    for (const rule of run.tool.driver.rules ?? []) {
      const meta = RULES.find((r) => r.meta.id === rule.id)?.meta;
      if (!meta) continue;
      rule.properties = { consequence: meta.consequence, clauses: meta.clauses, fixable: meta.fixable ?? null };
      const head = rulePageHead(rule.id);
      if (head !== undefined) {
        const more = `Wrong and right examples, options: ${rulePageUrl(rule.id)}`;
        rule.help = { text: `${meta.description}\n\n${more}`, markdown: head };
      }
    }
    (run.results ?? []).forEach((result, i) => {
      const { d, jsonl } = flat[i] ?? {};
      if (!d || d.ruleId !== result.ruleId) return;
      result.properties = { consequence: d.consequence, path: d.path, clauses: d.clauses };
      const uri = result.locations?.[0]?.physicalLocation?.artifactLocation?.uri;
      const fixes = uri === undefined ? [] : sarifFixes(d, uri, jsonl === true);
      if (fixes.length > 0) result.fixes = fixes;
    });
  }
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
