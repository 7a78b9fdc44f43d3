/**
 * §2.4 "Full people record field list: not shown beyond the four names above and the queryable
 * names", §2.7 "Company record fields: not shown" and §4.4 "the meaning of the object and boolean forms of
 * `_source`: not shown". A people or companies `_source` name outside the published fields may be refused
 * (§4.4 "an unknown name is refused": which names are unknown is the deployment's, clause
 * s4-4-unknown-source-name-which) or served; an object or boolean `_source` selects something the spec does not
 * describe (the project reads the object as {includes, excludes}, clause s4-4-source-object-members); and
 * "`_source` or `source`" does not say what both together do (clause s4-4-source-with-alias).
 */
import { quote } from "../src/lint/nodes.js";
import { defineRule, type Path } from "../src/lint/rule.js";
import { didYouMean } from "../src/lint/suggest.js";
import { isRecord } from "../src/lint/tree.js";

const OBJECT_MEMBERS = ["includes", "excludes"];

export default defineRule({
  meta: {
    id: "source-unspecified",
    consequence: "unspecified",
    description:
      "A people or companies `_source` name outside the published fields, an object or boolean `_source` whose " +
      "meaning is not shown, or `_source` and `source` together.",
    clauses: [
      "s2-4-full-record-fields-not-shown",
      "s2-2-returnable-wider-than-queryable",
      "s2-7-company-record-fields-not-shown",
      "s4-4-unknown-source-name-which",
      "s4-4-source-object-boolean-not-shown",
      "s4-4-source-object-members",
      "s4-4-source-with-alias",
      "s4-4-profile-source-unknown-refused",
    ],
    fixable: "suggestion",
    messages: {
      unpublished: "{{name}} is not a published {{record}} record field ({{published}}); the service may refuse it.",
      form:
        "The {{kind}} form of `{{member}}` selects fields in a way the spec does not show; name the fields in " +
        "an array.",
      objectMembers:
        "The object form of `{{member}}` is read as {includes, excludes}, each an array of field names; {{what}}.",
      both: "`_source` and `source` together: the spec gives one or the other, not what both select.",
      didYouMean: "Did you mean `{{name}}`?",
    },
  },
  create: (context) => {
    const people = context.dataset.name === "people";
    const published = people ? context.contract.records.people : [...context.contract.datasets.companies.fields.keys()];
    const record = people ? "people" : "companies";
    const described = people
      ? "the four shown in §2.4 and the queryable names"
      : "§2.7 shows none; the queryable names are taken as fields";
    const clauses = people
      ? ["s2-4-full-record-fields-not-shown", "s4-4-unknown-source-name-which", "s4-4-profile-source-unknown-refused"]
      : ["s2-7-company-record-fields-not-shown", "s4-4-unknown-source-name-which"];
    const names = (value: unknown[], at: Path) =>
      value.forEach((name, i) => {
        if (typeof name !== "string" || published.includes(name)) return;
        const path = [...at, i];
        context.report({
          messageId: "unpublished",
          data: { name: quote(name), record, published: described },
          at: path,
          clauses,
          suggestions: didYouMean(name, published, path),
        });
      });
    const objectForm = (value: Record<string, unknown>, member: string, at: Path) => {
      const extra = Object.keys(value).find((k) => !OBJECT_MEMBERS.includes(k));
      const what =
        extra !== undefined
          ? `\`${extra}\` is neither`
          : (OBJECT_MEMBERS.filter((k) => Object.hasOwn(value, k)).find(
              (k) => !Array.isArray(value[k]) || (value[k] as unknown[]).some((n) => typeof n !== "string"),
            ) ?? "");
      if (what !== "")
        context.report({
          messageId: "objectMembers",
          data: { member, what: extra !== undefined ? what : `\`${what}\` is not an array of names` },
          at: extra !== undefined ? [...at, extra] : [...at, what],
          clauses: ["s4-4-source-object-members", "s4-4-source-object-boolean-not-shown"],
        });
      for (const k of OBJECT_MEMBERS) if (Array.isArray(value[k])) names(value[k] as unknown[], [...at, k]);
    };
    return {
      Body(body) {
        if (body.kind !== "detail" || !isRecord(body.value) || context.dataset.name === "jobs") return;
        const given = ["_source", "source"].filter(
          (m) => Object.hasOwn(body.value as object, m) && context.route.bodyMembers.includes(m),
        );
        if (given.length === 2)
          context.report({
            messageId: "both",
            at: [...body.path, "source"],
            atKey: true,
            clauses: ["s4-4-source-with-alias"],
          });
        for (const member of given) {
          const value = body.value[member];
          const at = [...body.path, member];
          if (typeof value === "boolean" || isRecord(value)) {
            context.report({
              messageId: "form",
              data: { kind: typeof value === "boolean" ? "boolean" : "object", member },
              at,
              clauses: ["s4-4-source-object-boolean-not-shown"],
            });
            if (isRecord(value)) objectForm(value, member, at);
            continue;
          }
          if (Array.isArray(value)) names(value, at);
        }
      },
    };
  },
});
