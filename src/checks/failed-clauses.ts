import { loadContract } from "../contract/index.js";
/**
 * Which of a case's clauses a failed check shows broken. A check that judges one rule (the envelope, a
 * record's shape, the Credits charged) names the clauses of `spec/clauses.yaml` it rests on here; the
 * failure marks only those the case cites. A check that serves whatever its case asserts (a count, an
 * equality, a refusal, a subset) has no entry, and a check may rest on no clause its case cites (a detail
 * case whose detail call is not a success: what broke is the case's own promise, not the envelope clause):
 * such a failure rests on the clause its verdict quotes, the case's first `must` clause (src/runner/verdict.ts),
 * and marks that one only; the case's other clauses are not judged by it.
 */
const CHECK_CLAUSES: Readonly<Record<string, readonly string[]>> = {
  envelope: [
    "s1-envelope-every-success",
    "s4-envelope-code-200-msg-ok",
    "s9-envelope-unchanged",
    "s4-bodies-json",
    "s4-post-content-type-json",
  ],
  "response-schema": [
    "s1-envelope-every-success",
    "s4-envelope-code-200-msg-ok",
    "s4-bodies-json",
    "s1-search-returns-ids-cursor-count",
    "s1-search-never-returns-records",
    "s4-3-*-data-members",
    "s4-3-jobs-companies-ids-and-next",
    "s4-3-nl-returns-profile-ids",
    "s4-4-profile-response-members",
    "s4-4-companies-response-records",
    "s4-4-jobs-records-as-2-6",
    "s2-6-*",
  ],
  "ids-only": [
    "s1-search-never-returns-records",
    "s1-search-returns-ids-cursor-count",
    "s1-two-step-access",
    "s1-no-endpoint-does-both",
    "s2-1-ids-opaque-strings",
    "s4-3-jobs-companies-ids-and-next",
    "s4-3-nl-returns-profile-ids",
    "s4-3-people-query-data-members",
    "s4-6-search-tool-ids-only",
  ],
  "no-total": ["s4-3-jobs-companies-no-match-count"],
  "total-format": [
    "s4-3-total-exact-or-string",
    "s4-3-total-counts-matches",
    "s8-people-total",
    "s1-search-returns-ids-cursor-count",
  ],
  "page-size": [
    "s8-search-page-size",
    "s4-2-size-default-100",
    "s4-2-size-range",
    "s4-3-nl-size-range",
    "s9-pages-up-to-10000",
    "s9-result-window",
  ],
  "next-presence": [
    "s4-3-next-present-absent",
    "s4-3-jobs-companies-ids-and-next",
    "s4-3-jobs-companies-page-until-next-absent",
    "s4-2-after-cursor-from-next",
  ],
  "no-duplicates": [
    "s4-3-next-present-absent",
    "s4-3-total-counts-matches",
    "s4-3-jobs-companies-page-until-next-absent",
    "s4-2-after-cursor-from-next",
  ],
  "complete-set": [
    "s4-3-next-present-absent",
    "s4-3-total-counts-matches",
    "s4-3-jobs-companies-page-until-next-absent",
    "s4-2-after-cursor-from-next",
  ],
  "not-found": [
    "s7-unresolved-id-not-found-free",
    "s3-closed-posting-not-found",
    "s4-4-jobs-closed-in-not-found",
    "s4-4-profile-response-members",
  ],
  "detail-counts": [
    "s4-4-profile-response-members",
    "s4-4-profile-total-meaning",
    "s1-detail-up-to-100-ids",
    "s4-4-*-ids-up-to-100",
    "s4-4-profile-ids-1-to-100",
  ],
  "ids-resolve": [
    "s2-1-search-ids-accepted-by-detail",
    "s1-closed-posting-may-be-not-found",
    "s2-1-ids-opaque-strings",
    "s2-1-profile-linkedin-urls",
  ],
  "job-record": ["s2-6-*", "s4-4-jobs-*", "s3-application-active-only-state", "s4-4-source-alias-jobs-companies"],
  "profile-record": ["s2-4-*", "s4-4-profile-source-*", "s4-4-profile-response-members"],
  privacy: ["s1-people-prose-no-contact", "s1-contact-data-not-callable"],
  "privacy-scan": ["s1-people-prose-no-contact", "s1-contact-data-not-callable"],
  "no-contact-data": ["s1-people-prose-no-contact", "s1-contact-data-not-callable"],
  "key-status": ["s4-5-key-status-*", "s7-rejected-vs-exhausted-key-status", "s5-*", "s8-rate-limit-quota-not-shown"],
  "version-info": ["s4-5-version-*", "s9-version-route", "s9-deprecation-policy-not-shown"],
  credits: ["s8-cost-*", "s1-billed-in-credits", "s7-*", "s4-5-key-status-costs-nothing", "s5-key-status-no-cost"],
};

/** A clause id pattern: `*` stands for any run of characters. */
function globRegExp(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split("*")
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
}

/** Every clause id pattern, by check (for tests). */
export const CLAUSE_PATTERNS: Readonly<Record<string, readonly string[]>> = CHECK_CLAUSES;

/**
 * The clauses a failure of `check` shows broken, among those its case cites. `named` are the clauses its verdict
 * rests on (those the outcome names itself, else its check call, step or check: src/runner/stages/verdict.ts):
 * those the case cites, else all of them.
 */
export function failedClauses(check: string, caseClauses: readonly string[], named?: readonly string[]): string[] {
  const own = named?.filter((c) => caseClauses.includes(c));
  if (own?.length) return own;
  // Named clauses the case does not cite are still what the verdict quotes: the failure shows those broken.
  if (named?.length) return [...named];
  const patterns = (CHECK_CLAUSES[check] ?? []).map(globRegExp);
  const matched = caseClauses.filter((c) => patterns.some((p) => p.test(c)));
  if (matched.length) return matched;
  const clauses = loadContract().clauses;
  const must = caseClauses.find((id) => clauses.get(id)?.kind === "must");
  return must ? [must] : [...caseClauses];
}
