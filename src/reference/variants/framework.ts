import { isRecord } from "../../lint/tree.js";
import { bodyOperation, type OperationId } from "../../contract/index.js";
import { DETAIL_ROUTES, SEARCH_ROUTES } from "../mutants/rewrite.js";
import type { Variant } from "./variant.js";

/** The member of the profile detail body that holds its IDs and URLs (§4.4), from the contract. */
const PROFILE_IDS = bodyOperation("getProfiles")!.idsMember;

/** The members each body of §4.2 and §4.4 names; the natural-language search's are closed by a must (§4.3). */
const NAMED_MEMBERS: Readonly<Partial<Record<OperationId, readonly string[]>>> = {
  ...Object.fromEntries(SEARCH_ROUTES.map((op) => [op, ["where", "size", "after"]])),
  ...Object.fromEntries(
    DETAIL_ROUTES.map((op) => [
      op,
      [bodyOperation(op)?.idsMember ?? "", "_source", ...(op === "getProfiles" ? ["source"] : [])],
    ]),
  ),
};

/** A LinkedIn profile URL in any form a user pastes: scheme or none, www or none, any case, a trailing slash. */
const LINKEDIN_PROFILE = /^(?:https?:\/\/)?(?:www\.)?linkedin\.com\/in\/([^/?#\s]+)\/?(?:[?#].*)?$/i;

/** The one form the variant stores and echoes: https, www, the handle in lower case, no trailing slash. */
function normalisedLinkedInUrl(entry: unknown): unknown {
  if (typeof entry !== "string") return entry;
  const handle = LINKEDIN_PROFILE.exec(entry.trim())?.[1];
  return handle ? `https://www.linkedin.com/in/${handle.toLowerCase()}` : entry;
}

/**
 * Choices a web framework's request validation makes for a deployment written in a hurry (FastAPI with pydantic,
 * Express with a schema validator), where the specification states a type or a member list and no refusal.
 */
export const FRAMEWORK_VARIANTS: readonly Variant[] = [
  {
    id: "body-size-numeric-text-accepted",
    clause: "s4-2-size-integer-forms",
    area: "query-spec",
    description:
      'A search size written as decimal text ("10") is read as that integer, as pydantic\'s lax mode reads an int ' +
      "field, on every Query Spec search and the natural-language one; a size out of range, or no whole number, is " +
      "still refused.",
    faults: {
      request: (op, body) =>
        (SEARCH_ROUTES.includes(op) || op === "searchPeople") &&
        isRecord(body) &&
        typeof body.size === "string" &&
        /^\s*[0-9]+\s*$/.test(body.size)
          ? { ...body, size: Number(body.size) }
          : body,
    },
  },
  {
    id: "body-extra-members-ignored",
    clause: "s4-2-body-other-members",
    area: "query-spec",
    description:
      "A member of a Query Spec search or detail body beyond those §4.2 and §4.4 name is ignored, not refused, as a " +
      "pydantic model ignores extra members by default; the natural-language search still refuses one (§4.3: no " +
      "other parameter is accepted).",
    faults: {
      request: (op, body) => {
        const named = NAMED_MEMBERS[op];
        if (!named || !isRecord(body)) return body;
        return Object.fromEntries(Object.entries(body).filter(([member]) => named.includes(member)));
      },
    },
  },
  {
    id: "detail-linkedin-url-forms",
    clause: "s2-1-linkedin-url-forms",
    area: "detail",
    description:
      "Profile detail takes a LinkedIn URL in any form a user pastes (http or https, with or without www, any " +
      "case, a trailing slash or a query string), normalised to one form before the lookup, and lists an " +
      "unresolved URL in not_found as normalised (https://www.linkedin.com/in/<handle in lower case>), not as sent.",
    faults: {
      request: (op, body) =>
        op === "getProfiles" && isRecord(body) && Array.isArray(body[PROFILE_IDS])
          ? { ...body, [PROFILE_IDS]: body[PROFILE_IDS].map(normalisedLinkedInUrl) }
          : body,
    },
  },
];
