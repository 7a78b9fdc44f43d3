import type { Diagnostic, Suggestion } from "../linter/index.js";

/** HTTP status of a request the gateway answers itself: the body is well-formed, its content is the problem. */
export const BLOCKED_STATUS = 422;

/** A diagnostic as a blocked response carries it: what, where, why, and the replacements a client can apply. */
interface WireDiagnostic {
  readonly rule: string;
  readonly consequence: string;
  readonly pointer: string;
  readonly message: string;
  readonly clauses: readonly string[];
  readonly suggestions: readonly WireSuggestion[];
}

/**
 * A suggestion as the client applies it: the text edits of the body it sent (ranges in UTF-16 code units), and,
 * where the suggestion replaces one value, that value.
 */
interface WireSuggestion {
  readonly message: string;
  readonly edits?: readonly { readonly range: readonly [number, number]; readonly text: string }[];
  readonly replacement?: unknown;
}

function wireSuggestion(s: Suggestion): WireSuggestion {
  if (!s.fix) return { message: s.message };
  const single = s.fix.edits.length === 1 ? parsed(s.fix.edits[0]!.text) : undefined;
  return { message: s.message, edits: s.fix.edits, ...(single !== undefined ? { replacement: single.value } : {}) };
}

function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function wireDiagnostic(d: Diagnostic): WireDiagnostic {
  return {
    rule: d.ruleId,
    consequence: d.consequence,
    pointer: d.path,
    message: d.message,
    clauses: d.clauses,
    suggestions: d.suggestions.map(wireSuggestion),
  };
}

const WHY: Readonly<Record<string, string>> = {
  refused: "the service would refuse it",
  empty: "it would certainly match nobody",
  broadened: "it would match more or other records than it reads as meaning",
  unspecified: "the specification does not say how the service treats it",
};

/** One diagnostic in plain words, with its place and its first suggestion: `msg` of the blocked envelope. */
function plainWords(d: Diagnostic): string {
  const at = d.path === "" ? "the body" : d.path;
  const advice = d.suggestions[0]?.message;
  return `Not sent (${WHY[d.consequence] ?? d.consequence}): ${d.message} At ${at}.${advice ? ` ${advice}` : ""}`;
}

/** The envelope of a blocked request (§4: {code, msg, data}), with every diagnostic the linter had. */
export function blockedEnvelope(blocking: readonly Diagnostic[], all: readonly Diagnostic[]) {
  return {
    code: BLOCKED_STATUS,
    msg: plainWords(blocking[0]!),
    data: { blocked_by: ruleIds(blocking), diagnostics: all.map(wireDiagnostic) },
  };
}

/** A blocked tool call's text: one line per diagnostic, each with what to change, for an agent to act on. */
export function agentText(blocking: readonly Diagnostic[], all: readonly Diagnostic[]): string {
  const lines = all.map((d) => {
    const fixes = d.suggestions.map((s) => s.message).join(" ");
    return `- ${d.path || "(body)"} [${d.ruleId}, ${d.consequence}]: ${d.message}${fixes ? ` ${fixes}` : ""}`;
  });
  const why = [...new Set(blocking.map((d) => WHY[d.consequence] ?? d.consequence))].join("; ");
  return (
    `The call was not sent to the service, and cost nothing: ${why}. Change the arguments and call ` +
    `again.\n${lines.join("\n")}`
  );
}

/** Distinct rule ids in order of first appearance (header values and metrics labels). */
export function ruleIds(diagnostics: readonly Diagnostic[]): string[] {
  return [...new Set(diagnostics.map((d) => d.ruleId))];
}
