/**
 * What a run saw where the specification leaves the choice to the deployment (implementation-defined
 * clauses): member names, failure shapes, the cost of GET /version, ... Never a failure; always written
 * down in the report's `observed` section, each topic with the clauses it documents.
 */
export interface ObservedEntry {
  readonly value: unknown;
  readonly clauses: readonly string[];
  /** Distinct items seen but not kept, when a topic's list reached its 40 items. */
  readonly notKept?: number;
}

const MAX_ITEMS = 40;

export class Observed {
  private readonly entries = new Map<string, { value: unknown; clauses: Set<string>; dropped?: Set<string> }>();

  /** Records one value for a topic (the latest wins). */
  set(topic: string, value: unknown, clause?: string): void {
    const entry = this.entry(topic, clause);
    entry.value = value;
  }

  /** Adds a distinct item to a topic's list (at most 40 kept). */
  add(topic: string, item: unknown, clause?: string): void {
    const entry = this.entry(topic, clause);
    const list = Array.isArray(entry.value) ? (entry.value as unknown[]) : [];
    const key = JSON.stringify(item);
    if (!list.some((x) => JSON.stringify(x) === key)) {
      if (list.length < MAX_ITEMS) list.push(item);
      else (entry.dropped ??= new Set()).add(key);
    }
    entry.value = list;
  }

  get(topic: string): unknown {
    return this.entries.get(topic)?.value;
  }

  toJSON(): Record<string, ObservedEntry> {
    const out: Record<string, ObservedEntry> = {};
    for (const [topic, e] of [...this.entries].sort(([a], [b]) => a.localeCompare(b))) {
      const notKept = e.dropped ? { notKept: e.dropped.size } : {};
      out[topic] = { value: e.value, clauses: [...e.clauses].sort(), ...notKept };
    }
    return out;
  }

  private entry(topic: string, clause?: string): { value: unknown; clauses: Set<string>; dropped?: Set<string> } {
    let entry = this.entries.get(topic);
    if (!entry) {
      entry = { value: undefined, clauses: new Set() };
      this.entries.set(topic, entry);
    }
    if (clause) entry.clauses.add(clause);
    return entry;
  }
}
