/**
 * What the reference server does with each form the linter calls `unspecified` (the spec leaves it open):
 * refuse it (400, at no cost), serve it, or, for a `_source` name outside the published fields, refuse it unless
 * its own record has that field (clause s4-4-unknown-source-name-which). Keyed by rule id, or by `rule/messageId`
 * where one rule covers forms the reference treats differently. The reference validates every body with the
 * linter's rules and this table (body-validation.ts), so its choices are written once; docs/validity.md lists
 * them with their reasons.
 */
export type Reading = "refuse" | "serve" | "refuse-unless-own-field";

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
  /** A people operator outside its §2.2 group: the operator column read as exhaustive (s2-2-operator-not-allowed). */
  "operator-not-allowed": "refuse",
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
  /** A people or companies `_source` name outside the published fields: served when the reference's record has it. */
  "source-unspecified/unpublished": "refuse-unless-own-field",
  /** An object or boolean `_source`: true selects the whole record, false none, an object {includes, excludes}. */
  "source-unspecified/form": "serve",
  /** An object `_source` with another member than includes and excludes, or one of them not an array of names. */
  "source-unspecified/objectMembers": "refuse",
  /** `_source` and `source` together: refused rather than one chosen (s4-4-source-with-alias). */
  "source-unspecified/both": "refuse",
  /** A text of at most 5000 code points and more UTF-16 units: served, a character is a code point. */
  "nl-unspecified/units": "serve",
  /** A text of more than 5000 code points and at most 5000 user-perceived characters: refused. */
  "nl-unspecified/codePoints": "refuse",
  /** A natural-language `size` outside 1..10000: refused, as for the Query Spec (s4-3-nl-size-range). */
  "nl-unspecified/size": "refuse",
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
