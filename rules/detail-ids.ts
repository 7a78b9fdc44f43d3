/**
 * §4.4 "profile_ids (string[], 1 to 100 items; IDs or LinkedIn URLs)", "job_ids (string[], up to
 * 100)", "company_ids (string[], up to 100)", §8 "IDs per detail request | 100 at most
 * (profile_ids has a minimum of 1)". An empty job_ids or company_ids is not refused by the spec
 * (clause s4-4-detail-minimum-ids).
 */
import { kindOf } from "../src/lint/nodes.js";
import { defineRule } from "../src/lint/rule.js";
import { isRecord } from "../src/lint/tree.js";

export default defineRule({
  meta: {
    id: "detail-ids",
    consequence: "refused",
    description:
      "A detail body with no IDs member, fewer IDs than the route's minimum, more than 100, or an ID that is " +
      "not a string.",
    clauses: [
      "s4-4-profile-ids-1-to-100",
      "s4-4-jobs-ids-up-to-100",
      "s4-4-companies-ids-up-to-100",
      "s8-detail-max-ids",
      "s4-4-detail-minimum-ids",
    ],
    messages: {
      missing: "{{route}} needs `{{member}}`, an array of {{min}} to {{max}} IDs.",
      kind: "`{{member}}` must be an array of IDs (strings); got {{kind}}.",
      tooFew: "`{{member}}` is empty; {{route}} takes {{min}} to {{max}} IDs.",
      tooMany: "`{{member}}` has {{count}} IDs; at most {{max}} are accepted per request.",
      item: "An ID is a string; got {{kind}}.",
    },
  },
  create: (context) => {
    const member = context.route.idsMember ?? "";
    const limits = { minIds: context.route.minIds, maxIds: context.route.maxIds };
    const clauses =
      context.dataset.name === "people"
        ? ["s4-4-profile-ids-1-to-100", "s8-detail-max-ids"]
        : [
            context.dataset.name === "jobs" ? "s4-4-jobs-ids-up-to-100" : "s4-4-companies-ids-up-to-100",
            "s8-detail-max-ids",
          ];
    return {
      Body(body) {
        if (body.kind !== "detail" || !isRecord(body.value)) return;
        const data = { route: context.route.operationId, member, min: limits.minIds, max: limits.maxIds };
        if (!Object.hasOwn(body.value, member)) {
          context.report({ messageId: "missing", data, at: body.path, clauses });
          return;
        }
        const ids = body.value[member];
        const at = [...body.path, member];
        if (!Array.isArray(ids)) {
          context.report({ messageId: "kind", data: { ...data, kind: kindOf(ids) }, at, clauses });
          return;
        }
        if (ids.length < limits.minIds)
          context.report({ messageId: "tooFew", data, at, clauses: [...clauses, "s4-4-detail-minimum-ids"] });
        if (ids.length > limits.maxIds)
          context.report({ messageId: "tooMany", data: { ...data, count: ids.length }, at, clauses });
        ids.forEach((id, i) => {
          if (typeof id !== "string")
            context.report({ messageId: "item", data: { kind: kindOf(id) }, at: [...at, i], clauses });
        });
      },
    };
  },
});
