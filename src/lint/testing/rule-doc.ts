import type { Clause } from "../../contract/index.js";
import { runRules } from "../engine.js";
import type { Rule } from "../rule.js";
import type { LintOptions } from "../types.js";

/** The cases of a rule's tester, as its page shows them. */
export interface DocCases {
  readonly valid: readonly {
    readonly code: string | { readonly value: unknown };
    readonly route?: LintOptions["route"];
    readonly document?: boolean;
  }[];
  readonly invalid: readonly {
    readonly code: string;
    readonly route?: LintOptions["route"];
    readonly document?: boolean;
  }[];
}

/** Where a case is linted, when not as a body of the default route: "On `jobs`:", "In a query file:". */
function where(c: { readonly route?: LintOptions["route"]; readonly document?: boolean }): string[] {
  const on = [
    ...(c.document ? ["In a query file (`tdss lint`, the editor), not a body sent"] : []),
    ...(c.route ? [`On \`${c.route}\``] : []),
  ];
  return on.length ? [`${on.join(", ")}:`, ""] : [];
}

const EXAMPLES = 4;
const WHAT: Readonly<Record<string, string>> = {
  refused: "the service refuses the request (at no cost)",
  empty: "the request is accepted and certain to return zero results",
  broadened: "the request is accepted and matches more or other records than it reads as meaning",
  narrowed: "a value of an `in` list can never match; the list's other values still do",
  unspecified: "the specification does not say how the service treats this form; it may be refused",
  cost: "information: the most Credits the request can spend",
  style: "a simpler equivalent form exists",
};

const FIX: Readonly<Record<string, string>> = {
  "meaning-preserving": "`--fix` applies it (the meaning is kept)",
  suggestion: "suggestions, applied by `--fix-suggestions` where there is one",
};

/**
 * Longest example shown whole; a longer one (a generated body at a size or depth limit) is folded to its
 * beginning, so that every page stays short (under 20 KB, rules/rules.test.ts) and `--explain` fits a terminal.
 */
const EXAMPLE_CHARS = 600;
/** Longest pointer or message line shown whole. */
const LINE_CHARS = 240;

function fenced(text: string, id: string): string[] {
  if (text.length <= EXAMPLE_CHARS) return ["```json", text, "```"];
  return [
    `A body of ${text.length.toLocaleString("en-US")} characters, made by rules/${id}.test.ts; it begins:`,
    "",
    "```text",
    `${text.slice(0, 200)}…`,
    "```",
  ];
}

/** A line cut in its middle when too long to read (a pointer 64 nodes deep). */
function short(text: string): string {
  return text.length <= LINE_CHARS ? text : `${text.slice(0, 150)}…${text.slice(-60)}`;
}

/**
 * A rule's page (docs/rules/<id>.md), written from its meta, the clauses it cites (quoted from spec/clauses.yaml)
 * and its tester's cases, each invalid one with the diagnostics the rule gives it now: the page cannot drift from
 * the rule, since the tester compares it with the file.
 */
export function renderRuleDoc(rule: Rule, cases: DocCases, clauses: ReadonlyMap<string, Clause>, mark: string): string {
  const m = rule.meta;
  const out = [
    `# \`${m.id}\``,
    "",
    `<!-- Generated from rules/${m.id}.ts and rules/${m.id}.test.ts by npm run docs:rules; do not edit. -->`,
    "",
    m.description,
    "",
    `- **Consequence**: \`${m.consequence}\`: ${WHAT[m.consequence] ?? m.consequence}.`,
    `- **Severity**: \`${m.severity}\`.`,
    `- **Fix**: ${(m.fixable && FIX[m.fixable]) ?? "none"}.`,
    "",
    "## The specification",
    "",
  ];
  for (const id of m.clauses) {
    const c = clauses.get(id);
    const quoted = c ? c.text.map((t) => `"${t}"`).join(" ") : "missing from spec/clauses.yaml";
    const reading = c?.reading ? ` Reading: ${c.reading}` : "";
    out.push(`- \`${id}\` (${c?.section ?? "?"}, ${c?.kind ?? "?"}): ${quoted}${reading}`);
  }
  out.push("", "## Wrong", "");
  for (const c of cases.invalid.slice(0, EXAMPLES)) {
    const text = c.code.replaceAll(mark, "");
    const options = { ...(c.route ? { route: c.route } : {}), ...(c.document ? { document: true } : {}) };
    const found = runRules(text, [rule], options).filter((d) => d.ruleId === m.id);
    out.push(...where(c), ...fenced(text, m.id), "");
    for (const d of found) {
      out.push(`- \`${short(d.path || "/")}\`: ${short(d.message)}`);
      for (const s of d.suggestions) out.push(`  - ${short(s.message)}`);
    }
    out.push("");
  }
  out.push("## Right", "");
  for (const c of cases.valid.slice(0, EXAMPLES)) {
    const text = typeof c.code === "string" ? c.code : JSON.stringify(c.code.value);
    out.push(...where(c), ...fenced(text, m.id), "");
  }
  out.push(
    "## Options",
    "",
    `Its severity, or \`off\`: \`tdss lint --rule ${m.id}=off\`, or \`"${m.id}": "warning"\` in the \`rules\` of ` +
      "the configuration (docs/lint.md, Configuration).",
  );
  return `${out.join("\n").trimEnd()}\n`;
}
