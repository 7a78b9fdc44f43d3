import { eachExchange, excerpt, fail, pageLabel, unreadable, type Check } from "./check.js";

/**
 * A success (§1, §4): HTTP 2xx, a JSON body, and the envelope {code: 200, msg: "ok", data}.
 * Records each response's Content-Type (§4: "All bodies are JSON").
 */
export const envelope: Check = {
  description: 'HTTP 2xx with the success envelope {code: 200, msg: "ok", data}',
  run: (ctx) =>
    eachExchange(ctx, (e, i) => {
      const at = pageLabel(ctx, i);
      const broken = unreadable(e);
      if (broken)
        return fail(
          `${at}${broken}`,
          "a JSON success envelope",
          e.bodyText === undefined ? e.error : excerpt(e.bodyText),
        );
      if (e.headers?.["content-type"])
        ctx.run.observed.add("responses.content_type", e.headers["content-type"].split(";")[0], "s4-bodies-json");
      const body = e.json as Record<string, unknown> | null;
      const status = e.status;
      const problems: string[] = [];
      if (status !== undefined && (status < 200 || status > 299)) problems.push(`HTTP status ${status}`);
      if (body === null || typeof body !== "object" || Array.isArray(body))
        return fail(`${at}body is not an object`, { code: 200, msg: "ok", data: "…" }, excerpt(body));
      if (body.code !== 200) problems.push(`code is ${excerpt(body.code, 40)}`);
      if (body.msg !== "ok") problems.push(`msg is ${excerpt(body.msg, 200)}`);
      if (!Object.hasOwn(body, "data")) problems.push("no data member");
      if (problems.length)
        return fail(
          `${at}not a success envelope: ${problems.join(", ")}`,
          { status: "2xx", code: 200, msg: "ok", data: "present" },
          { status, code: body.code, msg: body.msg, members: Object.keys(body) },
        );
      return undefined;
    }),
};
