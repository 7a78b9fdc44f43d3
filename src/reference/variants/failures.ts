import type { Faults } from "../faults.js";
import { inventedAccount } from "../mutants/rewrite.js";
import type { ServiceResponse } from "../service.js";
import type { Variant } from "./variant.js";

/** A failure answer rewritten by a variant; successes (HTTP 200) pass untouched. */
function failures(rewrite: (response: ServiceResponse) => ServiceResponse): NonNullable<Faults["response"]> {
  return (_op, response) => (response.status === 200 ? response : rewrite(response));
}

const CODES: Readonly<Record<number, string>> = {
  400: "INVALID_REQUEST",
  401: "UNAUTHENTICATED",
  402: "INSUFFICIENT_CREDITS",
  403: "FORBIDDEN",
  429: "RATE_LIMITED",
};

/**
 * §7 leaves the statuses, codes and body shape of failures open (s7-failure-shape-not-shown), and §5 what a
 * missing key gets.
 */
export const FAILURE_VARIANTS: readonly Variant[] = [
  {
    id: "failures-422-own-codes",
    clause: "s7-failure-shape-not-shown",
    area: "envelope",
    description:
      'Malformed requests get HTTP 422 and every failure carries a code of its own ("INVALID_REQUEST", ...) ' +
      "in the envelope.",
    faults: {
      response: failures((r) => {
        const status = r.status === 400 ? 422 : r.status;
        return {
          ...r,
          status,
          envelope: { ...r.envelope, code: CODES[r.status] ?? `E${r.status}` },
        };
      }),
    },
  },
  {
    id: "failures-problem-body",
    clause: "s7-failure-shape-not-shown",
    area: "envelope",
    description: "Failures answer a body that is not the envelope: {error: {type, message}} with the same HTTP status.",
    faults: {
      response: failures((r) => ({
        ...r,
        envelope: { error: { type: CODES[r.status] ?? "ERROR", message: r.envelope.msg } } as never,
      })),
    },
  },
  {
    id: "failures-in-band-http-200",
    clause: "s7-failure-shape-not-shown",
    area: "envelope",
    description:
      "Every refusal of a route (a malformed query, an unknown field, a missing key, an exhausted balance) is " +
      "answered HTTP 200 with the envelope carrying a code of its own (40001, 40101, 40201, ...) and data null, as " +
      "APIs built around a {code, msg, data} envelope often answer: §7 leaves the HTTP status of a failure open, and " +
      "the design's refusal is an envelope whose code is not 200.",
    faults: {
      response: failures((r) => ({
        ...r,
        status: 200,
        envelope: { code: r.status * 100 + 1, msg: r.envelope.msg, data: null },
      })),
    },
  },
  {
    id: "auth-missing-key-403",
    clause: "s5-request-without-valid-key",
    area: "auth",
    description:
      "A request without a valid key gets HTTP 403 (not 401) on REST, and GET /version answers without any key.",
    faults: {
      response: failures((r) => (r.status === 401 ? { ...r, status: 403, envelope: { ...r.envelope, code: 403 } } : r)),
      authorize: (op, _authorization, account) => account ?? (op === "getVersion" ? anonymousAccount() : undefined),
    },
  },
  {
    id: "credits-exhausted-429",
    clause: "s7-insufficient-balance-cost",
    area: "credits",
    description:
      "A request the balance cannot pay for is refused with HTTP 429 and code QUOTA_EXCEEDED instead of 402.",
    faults: {
      response: failures((r) =>
        r.status === 402 ? { ...r, status: 429, envelope: { ...r.envelope, code: "QUOTA_EXCEEDED" } } : r,
      ),
    },
  },
];

/** The account GET /version is served with when it takes no key (it charges nothing here). */
function anonymousAccount() {
  return inventedAccount(0);
}
