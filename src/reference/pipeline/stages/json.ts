import type { IncomingMessage } from "node:http";
import { decodeUtf8 } from "../../../lint/json/source.js";
import { badRequest } from "../../refusal.js";
import type { Stage } from "../context.js";
import { MAX_BODY_BYTES, readBody } from "./body-limit.js";

function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/**
 * The body's JSON value, read as the linter reads it (src/lint/json/source.ts, clause s4-bodies-json-encoding):
 * bytes that are not UTF-8 are not JSON and are refused (not decoded to U+FFFD and served); a leading byte order
 * mark is refused, where the linter says unspecified; an empty body and a body that does not parse are refused.
 */
export const json: Stage = (ctx, next) => {
  if (!ctx.bytes) return next();
  const { text, error, bom } = decodeUtf8(ctx.bytes);
  if (error) throw badRequest(`the request body is not JSON: ${error.message}`);
  if (bom)
    throw badRequest("the request body begins with a byte order mark; a JSON text must not (RFC 8259 section 8.1)");
  if (text.trim() === "") throw badRequest("the request body is empty; send a JSON object (§4)");
  try {
    ctx.body = JSON.parse(text);
  } catch (error) {
    throw badRequest(`the request body is not valid JSON: ${shorten((error as Error).message)}`);
  }
  return next();
};

/** The JSON body of a request, or undefined when it has none or it is not JSON (for the routes a fault adds). */
export async function lenientJsonBody(req: IncomingMessage): Promise<unknown> {
  try {
    const { text, error, bom } = decodeUtf8(await readBody(req, MAX_BODY_BYTES));
    return error || bom || text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
