/**
 * §8 Credit cost: a Query Spec search costs ceil(returned IDs / 25), a natural-language search
 * 5 + ceil(returned IDs / 25), a detail call ceil(found records / 5); §4.2 "default 100 when
 * omitted". The most a request can spend is that formula at its page size (or ID count), priced
 * by src/contract/worst-case.ts under the assumptions the run's plan and the gateway use. A request
 * the service refuses costs nothing (§7). With `after`, §4.2 rule 5 applies: pages are not
 * consistent with each other.
 */
import { pageRange, worstCase, type PageBasis } from "../src/contract/worst-case.js";
import { defineRule } from "../src/lint/rule.js";
import { isRecord } from "../src/lint/tree.js";

// Shared by every cost diagnostic, so frozen: the clauses of a search's price by where its page comes from.
const SEARCH: Readonly<Record<PageBasis, readonly string[]>> = {
  size: Object.freeze(["s8-cost-query-search"]),
  default: Object.freeze(["s8-cost-query-search", "s4-2-size-default-100"]),
  largest: Object.freeze(["s8-cost-query-search", "s4-2-size-range"]),
};
const NL: Readonly<Record<PageBasis, readonly string[]>> = {
  size: Object.freeze(["s8-cost-nl-search"]),
  default: Object.freeze(["s8-cost-nl-search", "s4-2-size-default-100"]),
  largest: Object.freeze(["s8-cost-nl-search", "s4-3-nl-size-range"]),
};
const PAGING = Object.freeze(["s8-cost-query-search", "s4-2-rule5-pages-not-consistent"]);
const SIZE_NOTE: Readonly<Record<PageBasis, string>> = {
  size: "",
  default: " (the default size)",
  largest: " (the largest page: a server that accepts a size that is not valid may ignore it)",
};

export default defineRule({
  meta: {
    id: "cost",
    consequence: "cost",
    description: "The most Credits the request can spend if the service accepts it (§8).",
    clauses: [
      "s8-cost-query-search",
      "s8-cost-nl-search",
      "s8-cost-detail",
      "s4-2-size-default-100",
      "s4-2-size-range",
      "s4-3-nl-size-range",
      "s4-2-rule5-pages-not-consistent",
    ],
    messages: {
      search:
        "At most {{credits}}: up to {{size}} IDs{{sizeNote}}, one Credit per 25 IDs returned; nothing when " +
        "nothing matches or the request is refused.",
      nl: "At most {{credits}}: 5 on any success plus one per 25 of up to {{size}} IDs{{sizeNote}}.",
      detail: "At most {{credits}}: one per 5 records found among {{count}} IDs; IDs not found are free.",
      paging:
        "At most {{credits}} for this page of up to {{size}} IDs{{sizeNote}}. Pages are not consistent with " +
        "each other: collect a set that must be exact in one page (size up to {{max}}).",
    },
  },
  create: (context) => {
    const op = context.route.operationId;
    const max = pageRange(op).max;
    const costs = new Map<number, string>();
    const credits = (n: number): string => {
      let text = costs.get(n);
      if (text === undefined) {
        text = n === 1 ? "1 Credit" : `${n} Credits`;
        if (costs.size < 20_000) costs.set(n, text);
      }
      return text;
    };
    return {
      Body(body) {
        const value = body.value;
        if (!isRecord(value)) return;
        // A bare node stands for a body with nothing but its where: the default size.
        const worst = worstCase(op, body.bare ? {} : value);
        if (body.kind === "detail") {
          const data = { credits: credits(worst.credits), count: worst.ids };
          context.report({ messageId: "detail", data, at: body.path, clauses: ["s8-cost-detail"] });
          return;
        }
        const page = worst.page ?? "size";
        const data = { credits: credits(worst.credits), size: worst.ids, sizeNote: SIZE_NOTE[page], max };
        if (body.kind === "natural-language") {
          context.report({ messageId: "nl", data, at: body.path, clauses: NL[page] });
        } else if (!body.bare && Object.hasOwn(value, "after")) {
          context.report({ messageId: "paging", data, at: body.path, clauses: PAGING });
        } else {
          context.report({ messageId: "search", data, at: body.path, clauses: SEARCH[page] });
        }
      },
    };
  },
});
