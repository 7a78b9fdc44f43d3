/**
 * §8 Credit cost: a Query Spec search costs ceil(returned IDs / 25), a natural-language search
 * 5 + ceil(returned IDs / 25), a detail call ceil(found records / 5); §4.2 "default 100 when
 * omitted". The most a request can spend is that formula at its page size (or ID count). A
 * request the service refuses costs nothing (§7). With `after`, §4.2 rule 5 applies: pages are not
 * consistent with each other.
 */
import { creditCost } from "../src/contract/index.js";
import { defineRule } from "../src/lint/rule.js";
import { isRecord } from "../src/lint/tree.js";

// Shared by every cost diagnostic, so frozen.
const SEARCH = Object.freeze(["s8-cost-query-search"]);
const SEARCH_DEFAULT = Object.freeze(["s8-cost-query-search", "s4-2-size-default-100"]);
const NL = Object.freeze(["s8-cost-nl-search"]);
const NL_DEFAULT = Object.freeze(["s8-cost-nl-search", "s4-2-size-default-100"]);
const PAGING = Object.freeze(["s8-cost-query-search", "s4-2-rule5-pages-not-consistent"]);

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
    const limits = context.contract.limits;
    const op = context.route.operationId;
    const costs = new Map<number, string>();
    const credits = (count: number): string => {
      let text = costs.get(count);
      if (text === undefined) {
        const n = creditCost(op, count);
        text = n === 1 ? "1 Credit" : `${n} Credits`;
        if (costs.size < 20_000) costs.set(count, text);
      }
      return text;
    };
    return {
      Body(body) {
        const value = body.value;
        if (!isRecord(value)) return;
        if (body.kind === "detail") {
          const ids = value[context.route.idsMember ?? ""];
          const max = context.route.maxIds;
          const count = Array.isArray(ids) ? Math.min(max, ids.filter((id) => typeof id === "string").length) : 0;
          context.report({
            messageId: "detail",
            data: { credits: credits(count), count },
            at: body.path,
            clauses: ["s8-cost-detail"],
          });
          return;
        }
        const range = body.kind === "search" ? limits.search.size : limits.naturalLanguage.size;
        const given = body.bare ? undefined : value.size;
        const valid = typeof given === "number" && Number.isInteger(given) && given >= range.min && given <= range.max;
        const size = valid ? given : range.default;
        const data = { credits: credits(size), size, sizeNote: valid ? "" : " (the default size)", max: range.max };
        if (body.kind === "natural-language") {
          context.report({ messageId: "nl", data, at: body.path, clauses: valid ? NL : NL_DEFAULT });
        } else if (!body.bare && Object.hasOwn(value, "after")) {
          context.report({ messageId: "paging", data, at: body.path, clauses: PAGING });
        } else {
          context.report({ messageId: "search", data, at: body.path, clauses: valid ? SEARCH : SEARCH_DEFAULT });
        }
      },
    };
  },
});
