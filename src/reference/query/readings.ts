/**
 * What the reference server does with each form the linter calls `unspecified` (the spec leaves it open):
 * refuse it (400, at no cost) or serve it. Keyed by rule id, or by `rule/messageId` where one rule covers
 * forms the reference treats differently. The reference validates with the linter's rules and this table
 * (query/validate.ts), so its choices are written once; docs/validity.md lists them with their reasons.
 */
export type Reading = "refuse" | "serve";

export const READINGS: Readonly<Record<string, Reading>> = Object.freeze({
  /** A repeated member name: JSON.parse keeps the last one (RFC 8259 leaves it open). */
  "duplicate-key": "serve",
  /** A body member other than where, size, after (or the detail route's): the route takes only its own. */
  "extra-member": "refuse",
  /** `not` over an array or a scalar, `in` over a scalar or `[]`, `exists` other than true or false: refused. */
  "argument-form": "refuse",
  /** `exists: false`: records with no value of the field (outside a scope: no sub-record with one). */
  "argument-form/existsFalse": "serve",
  /** An empty `all` matches every record, an empty `any` none. */
  "argument-form/empty": "serve",
  /** `match` on role or company_type: the reference follows the §2.2 operator column (eq, in, exists). */
  "match-role-company-type": "refuse",
  /** A jobs or companies operator outside spec/catalog/grammar.yaml `operatorsByType` for the field's type. */
  "operator-type": "refuse",
  /** A value of another JSON kind than the field's type, `match` on a non-string, null. */
  "value-type": "refuse",
  /** A relative date with a unit other than d and m. */
  "relative-date-unit": "refuse",
  /** An absolute date on jobs `posted`: compared like any date. */
  "posted-absolute-date": "serve",
  /** A field inside a scope whose sub-record does not have it: evaluated as outside the scope. */
  "field-not-in-scope": "serve",
  /** A scope inside a scope: the inner scope asks about the person, as at the top. */
  "nested-scope": "serve",
  /** A people `_source` name outside the published fields, or an object or boolean `_source` (detail routes). */
  "source-unspecified": "serve",
  /** A body that starts with a UTF-8 byte-order mark: refused, as the HTTP layer reads bodies (docs/lint.md). */
  "byte-order-mark": "refuse",
  /** A body over 1 MiB (spec/catalog/limits.yaml): refused with 413 before it is read whole. */
  "body-size": "refuse",
  /** A query tree of more nodes than spec/catalog/limits.yaml allows: refused rather than evaluated for seconds. */
  "node-count": "refuse",
});

/** The reference's reading of an `unspecified` diagnostic (its message id first, then its rule). */
export function readingOf(ruleId: string, messageId: string): Reading | undefined {
  return READINGS[`${ruleId}/${messageId}`] ?? READINGS[ruleId];
}
