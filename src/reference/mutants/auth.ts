import type { Mutant } from "./mutant.js";
import { inventedAccount, rewriteData } from "./rewrite.js";

export const AUTH_MUTANTS: readonly Mutant[] = [
  {
    id: "auth-missing-key-accepted",
    clause: "s5-bearer-header",
    area: "auth",
    description: "A request without an Authorization header is served (on a fresh account) instead of refused.",
    faults: { authorize: (_op, authorization, account) => (authorization === undefined ? inventedAccount() : account) },
  },
  {
    id: "auth-unknown-key-accepted",
    clause: "s5-request-without-valid-key",
    area: "auth",
    description: "A well-formed Bearer key the server does not know is served (on a fresh account) instead of refused.",
    faults: {
      authorize: (_op, authorization, account) =>
        account === undefined && /^Bearer\s+svc_\S+$/i.test(authorization ?? "") ? inventedAccount() : account,
    },
  },
  {
    id: "auth-exhausted-key-served",
    clause: "s7-insufficient-balance-cost",
    area: "auth",
    description:
      "A key with no Credits left is served (on an overdraft) instead of refused; its key status still says 0.",
    faults: {
      authorize: (op, _authorization, account) =>
        account && op !== "getKeyStatus" && account.remaining === 0 ? inventedAccount() : account,
    },
  },
  {
    id: "auth-key-status-answers-unknown-key",
    clause: "s7-rejected-vs-exhausted-key-status",
    area: "auth",
    description:
      "GET /auth/key/status answers for an unknown key as for an exhausted one (0 Credits), so they cannot be " +
      "told apart.",
    faults: {
      authorize: (op, authorization, account) =>
        op === "getKeyStatus" && account === undefined && authorization !== undefined ? inventedAccount(0) : account,
    },
  },
  {
    id: "auth-key-status-scopes-missing",
    clause: "s4-5-key-status-reports",
    area: "auth",
    description: "GET /auth/key/status reports activity, rate limit and quota but not the key's scopes.",
    faults: {
      response: rewriteData(["getKeyStatus"], (data) => {
        delete data.scopes;
        return data;
      }),
    },
  },
  {
    id: "auth-key-status-refused-when-exhausted",
    clause: "s4-5-key-status-rejected-vs-exhausted",
    area: "auth",
    description:
      "GET /auth/key/status refuses a key with no Credits left as it refuses an unknown key (the balance is checked " +
      "before the route), so the two cannot be told apart.",
    faults: {
      authorize: (op, _authorization, account) =>
        op === "getKeyStatus" && account !== undefined && account.remaining === 0 ? undefined : account,
    },
  },
  {
    id: "auth-key-status-always-active",
    clause: "s4-5-key-status-reports",
    area: "auth",
    description: "GET /auth/key/status reports every key it answers for as active (a constant), an inactive one too.",
    faults: { response: rewriteData(["getKeyStatus"], (data) => ({ ...data, active: true })) },
  },
];
