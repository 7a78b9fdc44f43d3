// Generated from spec/catalog/ by npm run generate (src/types/emit.ts); do not edit.

/** A scope key of the Query Spec (§4.2, people only) and the sub-record it binds (spec/catalog/). */
export interface ScopeBinding {
  readonly has_experience: "experience";
  readonly has_education: "education";
  readonly has_language: "language";
}
