import { BALANCE_SHAPE, COUNT_SHAPE } from "../checks/key-status.js";
import { choiceTopic, type ChoiceTopic } from "../contract/choices.js";
import { loadContract } from "../contract/index.js";
import type { Report } from "./report.js";

/**
 * One row of the table of the deployment's choices (docs/reports.md, "The deployment's choices"): an `observed`
 * topic with its label, the clause and what the specification says there (spec/catalog/choices.yaml), and what the
 * deployment did, in words. The console, summary.md and report.html lay out the same rows.
 */
export interface ChoiceRow {
  readonly topic: string;
  readonly label: string;
  readonly clause?: string;
  readonly section?: string;
  readonly spec: string;
  /** What the deployment did, in at most about 300 characters: long lists are shortened by whole items. */
  readonly does: string;
  /** `does` when it is whole and at most 60 characters: the console shows these rows, and counts the others. */
  readonly brief?: string;
  /** `does` leaves items out: report.json `observed` holds them all. */
  readonly shortened: boolean;
}

export interface ChoiceTable {
  /** What the deployment chose, in the order of spec/catalog/choices.yaml, topics it does not name last. */
  readonly choices: readonly ChoiceRow[];
  /** What the run recorded about itself (its pace, what it could not conclude): not the deployment's choice. */
  readonly aboutRun: readonly ChoiceRow[];
}

const DOES_CHARACTERS = 300;
const BRIEF_CHARACTERS = 60;

interface Outcome {
  readonly outcome: string;
  readonly status?: number | null;
  readonly code?: unknown;
  readonly reason?: string;
  readonly request?: string;
}

const isOutcome = (v: unknown): v is Outcome =>
  v !== null && typeof v === "object" && typeof (v as { outcome?: unknown }).outcome === "string";

/** "refused (HTTP 400)", "served (HTTP 200)", "no answer (timed out)": one answer of the `observe` check. */
function outcomeWords(o: Outcome): string {
  const status = o.status === null || o.status === undefined ? "" : `HTTP ${o.status}`;
  const code = o.code !== undefined && o.code !== null && o.code !== o.status ? `code ${JSON.stringify(o.code)}` : "";
  const detail = [status, code, o.reason ?? ""].filter(Boolean).join(", ");
  return detail ? `${o.outcome} (${detail})` : o.outcome;
}

/** Items joined by `sep`, at most `cap` of them, then "… and N more". */
function joined(items: readonly string[], sep: string, cap: number): string {
  const more = items.length - Math.min(items.length, cap);
  return items.slice(0, cap).join(sep) + (more > 0 ? ` … and ${more} more` : "");
}

/** "; " between items that hold commas themselves, ", " otherwise. */
const listed = (items: readonly string[], cap: number) =>
  joined(items, items.some((i) => /[,;]/.test(i)) ? "; " : ", ", cap);

const key = (v: unknown) => JSON.stringify(v) ?? "undefined";

/** Answers grouped by outcome: "refused (HTTP 400): all 32", or "refused (HTTP 400): 30 of 32; served …: 2 (a, b)". */
function outcomesWords(items: readonly Outcome[], cap: number): string {
  const groups = new Map<string, Outcome[]>();
  for (const o of items) groups.set(outcomeWords(o), [...(groups.get(outcomeWords(o)) ?? []), o]);
  const largest = Math.max(...[...groups.values()].map((g) => g.length));
  const parts = [...groups].map(([words, group]) => {
    const labels = group.flatMap((o) => (o.request ? [o.request] : []));
    if (items.length === 1 || !labels.length) return words;
    const named = group.length < largest ? ` (${joined(labels, ", ", cap)})` : "";
    const count = group.length === items.length ? `all ${items.length}` : `${group.length} of ${items.length}`;
    return `${words}: ${count}${named}`;
  });
  return joined(parts, "; ", cap);
}

/**
 * Records of one kind (refusal shapes, tool forms): the members all of them share stated once, then the members
 * that vary, record by record: "members: code, data, msg (all 5); status/code: 401/401, 400/400, none/400".
 */
function recordsWords(items: readonly Record<string, unknown>[], cap: number): string {
  const keys = [...new Set(items.flatMap((i) => Object.keys(i)))];
  const shared = keys.filter((k) => items.every((i) => k in i && key(i[k]) === key(items[0]![k])));
  const varying = keys.filter((k) => !shared.includes(k));
  const parts = shared.map((k) => `${k}: ${words(items[0]![k], cap, true)} (all ${items.length})`);
  if (varying.length) {
    const each = items.map((i) => varying.map((k) => (k in i ? words(i[k], cap, true) : "none")).join("/"));
    parts.push(`${varying.join("/")}: ${listed([...new Set(each)], cap)}`);
  }
  return parts.join("; ");
}

/** A value in words, each list and object cut to `cap` items (the rest counted); `nested` inside another. */
function words(value: unknown, cap: number, nested = false): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    if (!value.length) return "none";
    if (value.every(isOutcome)) return outcomesWords(value, cap);
    if (value.length === 1) return words(value[0], cap, nested);
    if (value.every((v) => v !== null && typeof v === "object" && !Array.isArray(v)))
      return recordsWords(value as Record<string, unknown>[], cap);
    return listed([...new Set(value.map((v) => words(v, cap, true)))], cap);
  }
  const o = value as Record<string, unknown>;
  const entries = Object.entries(o);
  if (!entries.length) return "none";
  if (entries.length === 2 && typeof o.pointer === "string" && typeof o.source === "string")
    return `${o.pointer} (${o.source})`;
  // Many members sharing few values (operators per field): each value once, with the members that have it.
  const values = entries.map(([, v]) => v);
  if (entries.length > 4 && values.every((v) => typeof v === "string") && new Set(values).size < entries.length) {
    const byValue = new Map<string, string[]>();
    for (const [k, v] of entries) byValue.set(v as string, [...(byValue.get(v as string) ?? []), k]);
    return joined(
      [...byValue].map(([v, keys]) => `${v}: ${joined(keys, ", ", cap)}`),
      "; ",
      cap,
    );
  }
  const parts = entries.map(([k, v]) => {
    // The balance and other counts are kept as their kind (src/checks/key-status.ts): the member is the choice.
    if (v === BALANCE_SHAPE) return `${k} (the balance)`;
    if (v === COUNT_SHAPE) return `${k} (a count)`;
    const inner = words(v, cap, true);
    if (nested) return `${k} ${inner}`;
    const group = v !== null && typeof v === "object" && !Array.isArray(v) && /[,;]/.test(inner);
    return group ? `${k} (${inner})` : `${k}: ${inner}`;
  });
  return joined(parts, nested ? ", " : "; ", cap);
}

/** The value in words within `max` characters, lists shortened by whole items; a lone long text is counted. */
function fitted(value: unknown, max: number, unit?: string): { text: string; shortened: boolean } {
  const withUnit = (text: string) => (unit && typeof value === "number" ? `${text} ${unit}` : text);
  const full = withUnit(words(value, Infinity));
  if (full.length <= max) return { text: full, shortened: false };
  for (const cap of [40, 20, 12, 8, 5, 3, 2, 1]) {
    const text = withUnit(words(value, cap));
    if (text.length <= max) return { text, shortened: true };
  }
  const n = Array.isArray(value) ? value.length : value && typeof value === "object" ? Object.keys(value).length : 0;
  return { text: n ? `${n} items (report.json holds them)` : `a text of ${full.length} characters`, shortened: true };
}

/** A topic spec/catalog/choices.yaml does not name (a user's own suite records it): its clause's own words. */
function unnamed(id: string | undefined): Partial<ChoiceTopic> & { spec: string } {
  const clause = id ? loadContract().clauses.get(id) : undefined;
  if (!clause) return { spec: "(no clause named)" };
  return { clause: clause.id, section: clause.section, spec: clause.text.join(" ") };
}

/** The table of the deployment's choices, built once from report.json's `observed` for every reporter. */
export function choiceTable(observed: Report["observed"]): ChoiceTable {
  const rows = Object.entries(observed ?? {}).map(([topic, o]) => {
    const named = choiceTopic(topic) ?? unnamed(o.clauses[0]);
    const does = fitted(o.value, DOES_CHARACTERS, named.unit);
    const notKept = o.notKept ? ` … and ${o.notKept} more not kept` : "";
    const row: ChoiceRow = {
      topic,
      label: named.label ?? topic,
      spec: named.spec,
      ...(named.clause ? { clause: named.clause } : {}),
      ...(named.section ? { section: named.section } : {}),
      does: does.text + notKept,
      ...(!does.shortened && !notKept && does.text.length <= BRIEF_CHARACTERS ? { brief: does.text } : {}),
      shortened: does.shortened || notKept !== "",
    };
    return { row, order: named.order ?? Infinity, aboutRun: named.aboutRun ?? false };
  });
  const sorted = rows.sort((a, b) => a.order - b.order || a.row.topic.localeCompare(b.row.topic));
  return {
    choices: sorted.filter((r) => !r.aboutRun).map((r) => r.row),
    aboutRun: sorted.filter((r) => r.aboutRun).map((r) => r.row),
  };
}
