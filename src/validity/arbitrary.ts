/**
 * fast-check arbitraries of request bodies built from the catalog (spec/catalog/): valid Query Spec trees
 * with single mistakes mixed in at every structural position, on the three datasets, and natural-language and
 * detail bodies with the forms the spec leaves open. The lint ⇔ reference property test and the differential
 * run step draw from them (docs/validity.md).
 */
import fc from "fast-check";
import {
  bodyOperation,
  DATASETS,
  loadContract,
  OPERATORS,
  routeOf,
  scopeKeys,
  type BodyOperationId,
  type Dataset,
  type FieldSpec,
  type Operator,
} from "../contract/index.js";

const WORDS = ["engineer", "data", "Paris", "Senior", "sales", "Acme", "a"];

/** Operators the catalog gives a field: its §2.2 group (people), else the natural ones for its type. */
export function operatorsOf(field: FieldSpec): readonly Operator[] {
  return field.dataset === "people" ? field.operators : loadContract().grammar.operatorsByType[field.type];
}

/** A value of the field's own kind. */
function valueOf(field: FieldSpec): fc.Arbitrary<unknown> {
  if (field.values) return fc.constantFrom(...field.values);
  switch (loadContract().grammar.valueKinds[field.type]) {
    case "number":
      return fc.integer({ min: 0, max: 400 });
    case "boolean":
      return fc.boolean();
    default:
      return field.type === "date"
        ? fc.constantFrom("2020-01-01", "2024-02-29", "now-30d", "now-6m")
        : fc.constantFrom(...WORDS);
  }
}

function argumentOf(field: FieldSpec, op: Operator): fc.Arbitrary<unknown> {
  if (op === "exists") return fc.constant(true);
  if (op === "match") return fc.constantFrom(...WORDS);
  if (op === "in") return fc.array(valueOf(field), { minLength: 1, maxLength: 3 });
  return valueOf(field);
}

/** A leaf the linter calls valid: a field of the dataset, one of its operators, a value of its kind. */
function validLeaf(dataset: Dataset): fc.Arbitrary<Record<string, unknown>> {
  const fields = [...loadContract().datasets[dataset].fields.values()];
  return fc
    .constantFrom(...fields)
    .chain((field) =>
      fc
        .constantFrom(...operatorsOf(field))
        .chain((op) => argumentOf(field, op).map((value) => ({ field: field.name, [op]: value }))),
    );
}

/** A name no dataset queries, and names of the other datasets. */
function foreignField(dataset: Dataset): fc.Arbitrary<string> {
  const own = loadContract().datasets[dataset].fields;
  const others = DATASETS.flatMap((d) => [...loadContract().datasets[d].fields.keys()]).filter((n) => !own.has(n));
  return fc.constantFrom("no_such_field", "salary", "citi", "", ...others);
}

const SCALARS = fc.oneof(
  fc.constantFrom("x", "12", "", "now-2w", "now-1y", "2023-02-30", "yesterday", "true"),
  fc.integer({ min: -2, max: 300 }),
  fc.boolean(),
  fc.constant(null),
);

/** A leaf with one mistake of any class: the field, the operators, the value or the leaf's own shape. */
function brokenLeaf(dataset: Dataset): fc.Arbitrary<unknown> {
  const fields = [...loadContract().datasets[dataset].fields.values()];
  const field = fc.constantFrom(...fields);
  return fc.oneof(
    fc
      .tuple(foreignField(dataset), fc.constantFrom(...OPERATORS), SCALARS)
      .map(([name, op, v]) => ({ field: name, [op]: v })),
    fc
      .tuple(fc.oneof(fc.integer(), fc.constant(null), fc.constant(["city"])), SCALARS)
      .map(([name, v]) => ({ field: name, eq: v })),
    field.map((f) => ({ field: f.name })),
    fc
      .tuple(field, fc.uniqueArray(fc.constantFrom(...OPERATORS), { minLength: 2, maxLength: 3 }), SCALARS)
      .map(([f, ops, v]) =>
        Object.fromEntries<unknown>([["field", f.name] as const, ...ops.map((op) => [op, v] as const)]),
      ),
    fc
      .tuple(validLeaf(dataset), fc.constantFrom("boost", "op", "value", "all", scopeKeys()[0]!), SCALARS)
      .map(([leaf, k, v]) => ({ ...leaf, [k]: v })),
    fc.tuple(field, fc.constantFrom(...OPERATORS), SCALARS).map(([f, op, v]) => ({ field: f.name, [op]: v })),
    fc
      .tuple(
        field,
        fc.constantFrom("eq", "match", "gte", "lte", "in"),
        fc.oneof(fc.constant({ a: 1 }), fc.constant([]), fc.array(SCALARS, { maxLength: 2 })),
      )
      .map(([f, op, v]) => ({ field: f.name, [op]: v })),
    fc
      .tuple(field, fc.oneof(SCALARS, fc.constant([]), fc.constant([{ a: 1 }])))
      .map(([f, v]) => ({ field: f.name, in: v })),
    fc.tuple(field, fc.oneof(SCALARS, fc.constant({}))).map(([f, v]) => ({ field: f.name, exists: v })),
    fc.tuple(fc.constantFrom(...OPERATORS), SCALARS).map(([op, v]) => ({ [op]: v })),
  );
}

/** A Query Spec tree of the dataset: mostly valid, with mistakes of every class at every structural position. */
export function queryNode(dataset: Dataset, brokenWeight = 1): fc.Arbitrary<unknown> {
  const scopes = scopeKeys();
  return fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: validLeaf(dataset), weight: 4 },
      { arbitrary: brokenLeaf(dataset), weight: brokenWeight },
      { arbitrary: fc.array(tie("node"), { maxLength: 3 }).map((nodes) => ({ all: nodes })), weight: 2 },
      { arbitrary: fc.array(tie("node"), { maxLength: 3 }).map((nodes) => ({ any: nodes })), weight: 2 },
      { arbitrary: tie("node").map((node) => ({ not: node })), weight: 1 },
      {
        arbitrary: fc.tuple(fc.constantFrom(...scopes), tie("node")).map(([k, node]) => ({ [k]: node })),
        weight: dataset === "people" ? 2 : brokenWeight,
      },
      {
        // Composite and node shapes of the wrong form.
        arbitrary: fc.oneof(
          fc.constantFrom<unknown>({}, "x", 3, null, [], { xor: [] }, { has_job: {} }),
          fc.tuple(tie("node"), tie("node")).map(([a, b]) => ({ all: [a], any: [b] })),
          tie("node").map((node) => ({ all: node })),
          fc.tuple(tie("node"), fc.constantFrom("field", "boost", "eq")).map(([node, k]) => ({ not: node, [k]: "x" })),
          fc.array(tie("node"), { maxLength: 2 }).map((nodes) => ({ not: nodes })),
        ),
        weight: brokenWeight,
      },
    ),
  })).node;
}

/** A search body: `where` drawn from queryNode, a small size, and now and then a mistake in the body itself. */
function searchBody(dataset: Dataset): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .oneof(
      { arbitrary: fc.record({ where: queryNode(dataset), size: fc.integer({ min: 1, max: 5 }) }), weight: 12 },
      { arbitrary: fc.record({ where: queryNode(dataset) }), weight: 1 },
      {
        arbitrary: fc.tuple(
          validLeaf(dataset),
          fc.constantFrom<[string, unknown]>(
            ["size", 0],
            ["size", "3"],
            ["size", 10001],
            ["after", 3],
            ["sort", "name"],
            ["where", undefined],
          ),
        ),
        weight: 1,
      },
    )
    .map((b) => (Array.isArray(b) ? withMember({ where: b[0], size: 1 }, b[1][0], b[1][1]) : b));
}

function withMember(body: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const out = { ...body, [key]: value };
  if (value === undefined) delete out[key];
  return out;
}

/** A dataset and a search body on it. */
const anySearch: fc.Arbitrary<[Dataset, Record<string, unknown>]> = fc
  .constantFrom(...DATASETS)
  .chain((d) => searchBody(d).map((b) => [d, b] as [Dataset, Record<string, unknown>]));

/** U+1F600: one code point and one user-perceived character, two UTF-16 units. */
const EMOJI = "\u{1F600}";
/** "e" and U+0301 (combining acute): two code points, one user-perceived character. */
const ACCENTED = "e\u0301";

/** A natural-language text: words, and texts near the length limit by each count of characters. */
const nlText: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }).map((w) => w.join(" ")),
    weight: 30,
  },
  { arbitrary: fc.constantFrom(4999, 5000, 5001).map((n) => "a".repeat(n)), weight: 1 },
  { arbitrary: fc.constantFrom(2500, 2501, 3000, 5000, 5001).map((n) => EMOJI.repeat(n)), weight: 2 },
  { arbitrary: fc.constantFrom(2500, 2501, 5000, 5001).map((n) => ACCENTED.repeat(n)), weight: 1 },
  { arbitrary: fc.constantFrom<unknown>("", 42, null, ["data"], {}), weight: 2 },
);

/** A natural-language body: text and size, now and then a mistake or a form the spec leaves open. */
const nlBody: fc.Arbitrary<unknown> = fc
  .tuple(
    nlText,
    fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 5 }), weight: 6 },
      { arbitrary: fc.constantFrom<unknown>(undefined, 0, 10001, "3", 1.5, null), weight: 1 },
    ),
    fc.oneof(
      { arbitrary: fc.constant<[string, unknown] | undefined>(undefined), weight: 8 },
      { arbitrary: fc.constantFrom<[string, unknown]>(["after", "c"], ["where", {}], ["text", undefined]), weight: 1 },
    ),
    fc.constantFrom<unknown>(undefined, undefined, undefined, undefined, [], 7),
  )
  .map(([text, size, member, notObject]) => {
    if (notObject !== undefined) return notObject;
    let body: Record<string, unknown> = { text };
    if (size !== undefined) body.size = size;
    if (member) body = withMember(body, member[0], member[1]);
    return body;
  });

/** Field names a `_source` may hold on a dataset: published ones, near misses and names nobody publishes. */
function sourceNames(dataset: Dataset): fc.Arbitrary<unknown> {
  const contract = loadContract();
  const published =
    dataset === "people"
      ? contract.records.people
      : dataset === "jobs"
        ? contract.records.jobs
        : [...contract.datasets.companies.fields.keys()];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...published), weight: 6 },
    {
      arbitrary: fc.constantFrom<unknown>("summary", "description", "website", "company.name", "nope", "full_nam", 3),
      weight: 2,
    },
  );
}

/** A `_source` (or `source`): an array of names, the object and boolean forms, and forms no route takes. */
function selection(dataset: Dataset): fc.Arbitrary<unknown> {
  const names = fc.array(sourceNames(dataset), { minLength: 0, maxLength: 3 });
  return fc.oneof(
    { arbitrary: names, weight: 6 },
    { arbitrary: fc.boolean(), weight: 1 },
    {
      arbitrary: fc.oneof(
        fc.record({ includes: names }, { requiredKeys: [] }),
        fc.record({ includes: names, excludes: names }),
        fc.constantFrom<unknown>({ includes: "full_name" }, { fields: ["name"] }, {}),
      ),
      weight: 2,
    },
    { arbitrary: fc.constantFrom<unknown>(null, 3, "full_name"), weight: 1 },
  );
}

/** A detail body: IDs (made up, so they resolve to not_found), a selection, now and then a mistake. */
function detailBody(dataset: Dataset): fc.Arbitrary<unknown> {
  const route = bodyOperation(routeOf(dataset, "detail"))!;
  const ids = fc.oneof(
    {
      arbitrary: fc.array(fc.constantFrom("tdss-a", "tdss-b", "https://www.linkedin.com/in/nobody"), {
        minLength: 1,
        maxLength: 3,
      }),
      weight: 8,
    },
    { arbitrary: fc.constantFrom(0, 100, 101).map((n) => Array.from({ length: n }, (_, i) => `tdss-${i}`)), weight: 1 },
    { arbitrary: fc.constantFrom<unknown>(undefined, "tdss-a", [1], ["tdss-a", null]), weight: 1 },
  );
  return fc
    .tuple(
      ids,
      fc.option(selection(dataset), { nil: undefined, freq: 2 }),
      fc.option(selection(dataset), { nil: undefined, freq: 1 }),
      fc.constantFrom<unknown>(undefined, undefined, undefined, undefined, undefined, 2),
      fc.constantFrom<unknown>(undefined, undefined, undefined, undefined, undefined, undefined, undefined, "x"),
    )
    .map(([list, underscore, alias, size, notObject]) => {
      if (notObject !== undefined) return notObject;
      const body: Record<string, unknown> = {};
      if (list !== undefined) body[route.idsMember] = list;
      if (underscore !== undefined) body._source = underscore;
      // `source` now and then on every route: profiles take it, on jobs and companies it is an extra member.
      if (alias !== undefined && (dataset === "people" || underscore === undefined)) body.source = alias;
      if (size !== undefined) body.size = size;
      return body;
    });
}

/** A route with a body and a body for it: search bodies of the three datasets, natural-language, detail. */
export const anyBody: fc.Arbitrary<[BodyOperationId, unknown]> = fc.oneof(
  { arbitrary: anySearch.map(([d, b]) => [routeOf(d, "search"), b] as [BodyOperationId, unknown]), weight: 6 },
  { arbitrary: nlBody.map((b) => ["searchPeople", b] as [BodyOperationId, unknown]), weight: 2 },
  {
    arbitrary: fc
      .constantFrom(...DATASETS)
      .chain((d) => detailBody(d).map((b) => [routeOf(d, "detail"), b] as [BodyOperationId, unknown])),
    weight: 3,
  },
);
