import { SCOPE_OF_ROUTE } from "../keys.js";
import { rewriteData } from "../mutants/rewrite.js";
import { operationOf } from "../pipeline/context.js";
import { Refusal } from "../refusal.js";
import type { Variant } from "./variant.js";

/** The scope the keys of `auth-key-without-companies-scope` do not hold. */
const WITHHELD = "companies:read";

/**
 * Keys that lack a scope: the tester's key is the account holder's to scope (§5: "Scope names and which route
 * requires which scope: not shown"), so a deployment that gives it every scope but one is conformant, and the run must
 * leave the routes it cannot reach unjudged (not run: scope), never failed (docs/verdicts.md, "A key without a scope").
 */
export const KEY_SCOPE_VARIANTS: readonly Variant[] = [
  {
    id: "auth-key-without-companies-scope",
    clause: "s5-scope-names-not-shown",
    area: "auth",
    description:
      "The keys hold every scope but companies:read: key status lists people:read and jobs:read, and the two " +
      "companies routes (REST and their MCP tools) refuse them with 403.",
    faults: {
      stages: [
        {
          stage: "scope",
          wrap: (inner) => (ctx, next) => {
            if (SCOPE_OF_ROUTE[operationOf(ctx)] === WITHHELD)
              throw new Refusal(403, `the API key lacks the scope ${WITHHELD} this route requires`);
            return inner(ctx, next);
          },
        },
      ],
      response: rewriteData(["getKeyStatus"], (d) => ({
        ...d,
        scopes: (d.scopes as string[]).filter((s) => s !== WITHHELD),
      })),
    },
    keyOutOfScope: ["queryCompanies", "getCompanies"],
  },
];
