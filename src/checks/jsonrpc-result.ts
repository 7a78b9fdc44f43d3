import { excerpt, fail, pass, type Check } from "./check.js";

/** JSON-RPC messages in a body that is JSON or an event stream of `data:` lines (MCP Streamable HTTP). */
function messages(body: string): unknown[] {
  try {
    const parsed = JSON.parse(body) as unknown;
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return body
      .split(/\r?\n/)
      .filter((l) => l.startsWith("data:"))
      .flatMap((l) => {
        try {
          return [JSON.parse(l.slice(5)) as unknown];
        } catch {
          return [];
        }
      });
  }
}

/** An MCP request over HTTP was answered with a JSON-RPC result, not an error (used by auth cases, §5). */
export const jsonrpcResult: Check = {
  description: "the HTTP answer is 2xx and carries a JSON-RPC result",
  run: (ctx) => {
    const e = ctx.exchanges.at(-1);
    if (!e) return fail("no response");
    if (e.error || e.status === undefined || e.status < 200 || e.status > 299)
      return fail("not answered with 2xx", "2xx with a JSON-RPC result", e.error ?? e.status);
    const result = messages(e.bodyText ?? "").find((m) => m && typeof m === "object" && "result" in m);
    return result ? pass() : fail("no JSON-RPC result in the answer", "a JSON-RPC result", excerpt(e.bodyText, 200));
  },
};
