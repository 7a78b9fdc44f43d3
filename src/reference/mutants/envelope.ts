import { idsMemberOf } from "../../contract/index.js";
import type { Mutant } from "./mutant.js";
import { idsIn, rewriteData } from "./rewrite.js";
import type { RequestContext } from "../pipeline/context.js";

/** A profiles detail request without IDs but with where, given the IDs of that search's first 100 matches. */
function searchFirst(ctx: RequestContext): RequestContext {
  const body = ctx.body as Record<string, unknown> | null;
  const ids = idsMemberOf("people");
  if (ctx.operationId !== "getProfiles" || !body || typeof body !== "object" || !("where" in body) || ids in body)
    return ctx;
  const search = ctx.service.validate("queryPeople", { where: body.where, size: 100 });
  const found = ctx.service.serve("queryPeople", search, ctx.account!).data as Record<string, unknown>;
  const { where: _where, ...rest } = body;
  ctx.body = { ...rest, [ids]: found[ids] };
  return ctx;
}

export const ENVELOPE_MUTANTS: readonly Mutant[] = [
  {
    id: "envelope-msg-uppercase-ok",
    clause: "s4-envelope-code-200-msg-ok",
    area: "envelope",
    description: 'Successes carry msg "OK" instead of "ok".',
    faults: {
      response: (_op, response) =>
        response.status === 200 ? { ...response, envelope: { ...response.envelope, msg: "OK" } } : response,
    },
  },
  {
    id: "envelope-code-string",
    clause: "s4-envelope-code-200-msg-ok",
    area: "envelope",
    description: 'Successes carry code as the string "200" instead of the number 200.',
    faults: {
      response: (_op, response) =>
        response.status === 200 ? { ...response, envelope: { ...response.envelope, code: "200" } } : response,
    },
  },
  {
    id: "envelope-data-missing-on-version",
    clause: "s1-envelope-every-success",
    area: "envelope",
    description: "GET /version answers {code, msg} with no data member; the version and fingerprint sit beside them.",
    faults: {
      response: (op, response) => {
        if (op !== "getVersion" || response.status !== 200) return response;
        const { data, ...rest } = response.envelope;
        return { ...response, envelope: { ...rest, ...(data as object) } as typeof response.envelope };
      },
    },
  },
  {
    id: "envelope-search-returns-records",
    clause: "s1-search-never-returns-records",
    area: "envelope",
    description: "A people search returns, beside its IDs, a record for each ID (the two-step model broken).",
    faults: {
      response: rewriteData(["queryPeople"], (data, op) => ({
        ...data,
        results: ((idsIn(op, data) as string[] | undefined) ?? []).map((id) => ({
          profile_id: id,
          full_name: null,
          skills: [],
        })),
      })),
    },
  },
  {
    id: "envelope-empty-page-ids-omitted",
    clause: "s4-3-people-query-data-members",
    area: "envelope",
    description: "A people search that matches nobody answers data without profile_ids (only total) instead of [].",
    faults: {
      response: rewriteData(["queryPeople"], (data) => {
        const ids = idsMemberOf("people");
        if (Array.isArray(data[ids]) && data[ids].length === 0) delete data[ids];
        return data;
      }),
    },
  },
  {
    id: "envelope-detail-serves-where",
    clause: "s1-no-endpoint-does-both",
    area: "envelope",
    routes: ["getProfiles"],
    description:
      "The profiles detail route, given where instead of profile_ids, searches and returns the records of the " +
      "first 100 matches: one endpoint doing both steps.",
    faults: { stages: [{ stage: "validation", wrap: (inner) => (ctx, next) => inner(searchFirst(ctx), next) }] },
  },
  {
    id: "envelope-jobs-search-returns-records",
    clause: "s1-two-step-access",
    area: "envelope",
    routes: ["queryJobs"],
    description:
      "A jobs search answers, beside job_ids, a summary record of each posting (id, title, company_name): the " +
      "two steps folded into one for the jobs dataset.",
    faults: {
      response: rewriteData(["queryJobs"], (data, op) => ({
        ...data,
        results: ((idsIn(op, data) as string[] | undefined) ?? []).map((id) => ({
          id,
          title: null,
          company_name: null,
        })),
      })),
    },
  },
];
