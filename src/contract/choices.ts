import { loadContract } from "./load.js";

/** An `observed` topic as the reports name it (spec/catalog/choices.yaml), its label and section resolved. */
export interface ChoiceTopic {
  readonly label: string;
  readonly clause?: string;
  /** The section of the specification the entry rests on (its clause's), without "§". */
  readonly section?: string;
  readonly spec: string;
  readonly unit?: string;
  /** The run's own record (its pace, what it could not conclude), not the deployment's choice. */
  readonly aboutRun: boolean;
  /** Where the entry stands in spec/catalog/choices.yaml: the reports list topics in that order. */
  readonly order: number;
}

const patterns = new Map<string, RegExp>();

/** `members.*.ids` as a regular expression: `*` is one or more dot-separated words, kept as the first group. */
function patternOf(topic: string): RegExp {
  let re = patterns.get(topic);
  if (!re) {
    const parts = topic.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
    re = new RegExp(`^${parts.join("(.+)")}$`);
    patterns.set(topic, re);
  }
  return re;
}

/**
 * The first entry of spec/catalog/choices.yaml whose topic matches `topic` (an exact topic before a pattern that
 * comes later), or undefined for a topic the catalog does not name (one a user's own suite records).
 */
export function choiceTopic(topic: string): ChoiceTopic | undefined {
  const entries = loadContract().choices;
  for (const [order, e] of entries.entries()) {
    const match = patternOf(e.topic).exec(topic);
    if (!match) continue;
    const section = e.section ?? (e.clause ? loadContract().clauses.get(e.clause)?.section : undefined);
    return {
      label: e.label.replace("{*}", match[1] ?? ""),
      ...(e.clause ? { clause: e.clause } : {}),
      ...(section ? { section } : {}),
      spec: e.spec,
      ...(e.unit ? { unit: e.unit } : {}),
      aboutRun: e.about === "run",
      order,
    };
  }
  return undefined;
}
