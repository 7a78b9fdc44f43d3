import { isRecord } from "../../lint/tree.js";
import { createHash } from "node:crypto";
import { rewriteData, SEARCH_ROUTES } from "../mutants/rewrite.js";
import { badRequest } from "../refusal.js";
import type { Variant } from "./variant.js";

/** Sort values of the last hit, as a search engine's `search_after` state carries them: 3 KB of them here. */
function sortValues(cursor: string): string[] {
  const out: string[] = [];
  let seed = createHash("sha256").update(cursor).digest("hex");
  while (out.join("").length < 3000) {
    out.push(seed);
    seed = createHash("sha256").update(seed).digest("hex");
  }
  return out;
}

/** The reference's cursor inside a long one of the variant's own, or undefined when `after` is not one. */
function innerCursor(after: string): string | undefined {
  try {
    const state = JSON.parse(Buffer.from(after, "base64url").toString("utf8")) as unknown;
    return isRecord(state) && typeof state.pit === "string" ? state.pit : undefined;
  } catch {
    return undefined;
  }
}

/** How long a cursor of `search-cursor-expires` stays valid after it was issued. */
const CURSOR_LIFETIME_MS = 10_000;
/** When each cursor was last issued, for `search-cursor-expires`. */
const issuedAt = new Map<string, number>();

/** Choices of a search cursor the specification leaves open (§4.2: "Cursor; pass the next value"). */
export const CURSOR_VARIANTS: readonly Variant[] = [
  {
    id: "search-unreadable-cursor-from-start",
    clause: "s4-2-cursor-not-issued",
    area: "query-spec",
    description:
      "An after the server cannot read as a cursor it issued (a character changed, a cursor of another query) is " +
      "taken as no cursor: the search starts from its first page, as code that falls back to offset 0 when a cursor " +
      "does not decode does, instead of refusing it.",
    faults: { skip: ["cursor"] },
  },
  {
    id: "search-pages-overlap",
    clause: "s4-2-rule5-page-contents",
    area: "query-spec",
    description:
      "Every page after the first of a search (of more than one ID a page) starts with the last ID of the page " +
      "before, as offset paging over an index that gained a record before the offset between two calls answers: " +
      "§4.2 rule 5 says pages are not consistent with each other, and a set that must be exact is collected in a " +
      "single pass.",
    faults: { cursorOffset: (_dataset, offset, size) => (size > 1 ? Math.max(0, offset - 1) : offset) },
  },
  {
    id: "search-cursor-long",
    clause: "s4-2-cursor-form",
    area: "query-spec",
    description:
      "Every next is a cursor of about 4 KB (base64url of a search engine's point-in-time id and the sort values " +
      "of the last hit, unsigned), as scroll and search_after cursors are; a cursor whose sort values were " +
      "changed still reads, from the page its point in time says.",
    faults: {
      response: rewriteData(SEARCH_ROUTES, (d) =>
        typeof d.next === "string"
          ? {
              ...d,
              next: Buffer.from(JSON.stringify({ search_after: sortValues(d.next), pit: d.next })).toString(
                "base64url",
              ),
            }
          : d,
      ),
      request: (op, body) => {
        if (!SEARCH_ROUTES.includes(op) || !isRecord(body) || typeof body.after !== "string") return body;
        const inner = innerCursor(body.after);
        return inner === undefined ? body : { ...body, after: inner };
      },
    },
  },
  {
    id: "search-cursor-expires",
    clause: "s4-2-cursor-form",
    area: "query-spec",
    description:
      "A cursor is valid for 10 s after it was issued, as a search engine's scroll or point in time is kept alive " +
      "for a while and then freed: an after older than that is refused (400, at no cost), and the search has to " +
      "start again.",
    faults: {
      response: rewriteData(SEARCH_ROUTES, (d) => {
        if (typeof d.next === "string") issuedAt.set(d.next, Date.now());
        return d;
      }),
      request: (op, body) => {
        if (!SEARCH_ROUTES.includes(op) || !isRecord(body) || typeof body.after !== "string") return body;
        const at = issuedAt.get(body.after);
        if (at !== undefined && Date.now() - at > CURSOR_LIFETIME_MS)
          throw badRequest("after: the cursor has expired; start the search again");
        return body;
      },
    },
  },
];
