/**
 * Facts the rules derive from the contract (spec/ through loadContract()), computed once, so that
 * no rule repeats a field list: which clause quotes a field's §2.2 group or §2.3 value set, which
 * dataset owns a name, which field is the person-level twin of a sub-record field, ...
 */
import {
  DATASETS,
  loadContract,
  type Dataset,
  type DatasetSpec,
  type FieldSpec,
  type FieldTakes,
} from "../contract/index.js";

interface Facts {
  readonly groupClause: ReadonlyMap<string, string>;
  readonly valueSetClause: ReadonlyMap<string, string>;
  readonly owners: ReadonlyMap<string, readonly Dataset[]>;
}

let facts: Facts | undefined;

function build(): Facts {
  const contract = loadContract();
  const people = contract.datasets.people;
  const groupClause = new Map<string, string>();
  const valueSetClause = new Map<string, string>();
  for (const c of contract.clauses.values()) {
    const first = c.text[0] ?? "";
    const cell = first.split(" | ")[0]!;
    if (c.section === "2.2" && c.id.startsWith("s2-2-ops-")) {
      for (const f of people.fields.values()) if (f.groupLabel === cell) groupClause.set(f.group!, c.id);
    }
    if (c.section === "2.3" && c.id.startsWith("s2-3-values-")) {
      for (const name of cell.replace(/\s*\(.*\)$/, "").split(", ")) valueSetClause.set(name, c.id);
    }
  }
  const owners = new Map<string, Dataset[]>();
  for (const d of DATASETS) {
    for (const name of contract.datasets[d].fields.keys()) owners.set(name, [...(owners.get(name) ?? []), d]);
  }
  return { groupClause, valueSetClause, owners };
}

function get(): Facts {
  return (facts ??= build());
}

/** The clause quoting the §2.2 table row of a people field's group. */
export function groupClauseOf(field: FieldSpec): string | undefined {
  return field.group ? get().groupClause.get(field.group) : undefined;
}

/** The clause quoting the §2.3 value set of a people field. */
export function valueSetClauseOf(field: FieldSpec): string | undefined {
  return get().valueSetClause.get(field.name);
}

/** The datasets in which a name is queryable. */
export function datasetsOwning(name: string): readonly Dataset[] {
  return get().owners.get(name) ?? [];
}

/**
 * A platform-vocabulary field that is not a fixed set (§2.3: role, company_type): its §2.2 group
 * shares a row with fixed-set fields but the field itself has no value list and no `match`.
 */
export function isOpenVocabulary(field: FieldSpec, dataset: DatasetSpec): boolean {
  if (field.values || !field.group || field.operators.includes("match")) return false;
  for (const other of dataset.fields.values()) if (other.group === field.group && other.values) return true;
  return false;
}

/** The person-level field with the same fixed value set as a sub-record field (level -> management_level). */
export function personLevelTwin(field: FieldSpec, dataset: DatasetSpec): FieldSpec | undefined {
  if (!field.values || !field.scope) return undefined;
  const key = field.values.join("\u0000");
  for (const other of dataset.fields.values()) {
    if (other !== field && !other.scope && other.values && other.values.join("\u0000") === key) return other;
  }
  return undefined;
}

/** The field of a dataset that takes a given code (country_iso2 in people, country_iso_2 in jobs...). */
export function fieldTaking(dataset: DatasetSpec, takes: FieldTakes): FieldSpec | undefined {
  for (const f of dataset.fields.values()) if (f.takes === takes) return f;
  return undefined;
}
