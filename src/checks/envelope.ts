import { eachExchange, excerpt, fail, pageLabel, unreadable, type Check, type CheckOutcome } from "./check.js";
import type { Exchange } from "./exchange.js";

/** §4: a success carries code 200 and msg "ok"; §1: every success is in {code, msg, data}; §4: bodies are JSON. */
const CODE_MSG = "s4-envelope-code-200-msg-ok";
const EVERY_SUCCESS = "s1-envelope-every-success";
const JSON_BODIES = "s4-bodies-json";

/**
 * The clauses an HTTP 2xx answer outside the success envelope breaks; undefined for an envelope, a refusal, or a
 * surface that does not fill the status (MCP) or refuses in a form of its own.
 */
function envelopeBreaks(e: Exchange): string[] | undefined {
  const status = e.status;
  if (status === undefined || status < 200 || status > 299 || e.toolError || e.rpcError !== undefined) return undefined;
  if (e.error !== undefined) return undefined;
  if (e.jsonError) return [JSON_BODIES, EVERY_SUCCESS];
  const body = e.json;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [EVERY_SUCCESS];
  const b = body as Record<string, unknown>;
  if (b.code !== 200 || b.msg !== "ok") return [CODE_MSG, EVERY_SUCCESS];
  return Object.hasOwn(b, "data") ? undefined : [EVERY_SUCCESS];
}

/**
 * A check's failure on an answer that is not a success: when it is a 2xx answer outside the envelope, that is what
 * broke (the envelope clauses), not what the check or its case asserts of a success.
 */
export function withEnvelopeClauses(e: Exchange, outcome: CheckOutcome): CheckOutcome {
  const clause = envelopeBreaks(e);
  return clause ? { ...outcome, clause } : outcome;
}

/**
 * A success (§1, §4): HTTP 2xx, a JSON body, and the envelope {code: 200, msg: "ok", data}.
 * Records each response's Content-Type (§4: "All bodies are JSON"). A 2xx answer outside the envelope breaks the
 * envelope's clauses, which its failure names; a refusal where a success was expected breaks what the case asserts.
 */
export const envelope: Check = {
  description: 'HTTP 2xx with the success envelope {code: 200, msg: "ok", data}',
  run: (ctx) =>
    eachExchange(ctx, (e, i) => {
      const at = pageLabel(ctx, i);
      const status = e.status;
      const broken = unreadable(e);
      if (broken)
        return withEnvelopeClauses(
          e,
          fail(`${at}${broken}`, "a JSON success envelope", e.bodyText === undefined ? e.error : excerpt(e.bodyText)),
        );
      if (e.headers?.["content-type"])
        ctx.run.observed.add("responses.content_type", e.headers["content-type"].split(";")[0], "s4-bodies-json");
      const body = e.json as Record<string, unknown> | null;
      const problems: string[] = [];
      if (status !== undefined && (status < 200 || status > 299)) problems.push(`HTTP status ${status}`);
      if (body === null || typeof body !== "object" || Array.isArray(body))
        return withEnvelopeClauses(
          e,
          fail(`${at}body is not an object`, { code: 200, msg: "ok", data: "…" }, excerpt(body)),
        );
      if (body.code !== 200) problems.push(`code is ${excerpt(JSON.stringify(body.code) ?? "absent", 40)}`);
      if (body.msg !== "ok") problems.push(`msg is ${excerpt(JSON.stringify(body.msg) ?? "absent", 200)}`);
      if (!Object.hasOwn(body, "data")) problems.push("no data member");
      if (problems.length)
        return withEnvelopeClauses(
          e,
          fail(
            `${at}not a success envelope: ${problems.join(", ")}`,
            { status: "2xx", code: 200, msg: "ok", data: "present" },
            { status, code: body.code, msg: body.msg, members: Object.keys(body) },
          ),
        );
      return undefined;
    }),
};
