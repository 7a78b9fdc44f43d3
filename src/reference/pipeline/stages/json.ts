import type { IncomingMessage } from "node:http";
import { decodeUtf8 } from "../../../lint/json/source.js";
import { badRequest } from "../../refusal.js";
import type { Stage } from "../context.js";
import { MAX_BODY_BYTES, readBody } from "./body-limit.js";

// Stryker disable all: the wording of a refusal, which §7 leaves open
function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

// Stryker restore all

/**
 * The body's JSON value, read as the linter reads it (src/lint/json/source.ts, clause s4-bodies-json-encoding):
 * bytes that are not UTF-8 are not JSON and are refused (not decoded to U+FFFD and served); a leading byte order
 * mark is refused, where the linter says unspecified; an empty body and a body that does not parse are refused.
 */
export const json: Stage = (ctx, next) => {
  if (!ctx.bytes) return next();
  const { text, error, bom } = decodeUtf8(ctx.bytes);
  // Stryker disable all: bytes not UTF-8 and a byte order mark, the reference's reading of s4-bodies-json-encoding
  if (error) throw badRequest(`the request body is not JSON: ${error.message}`);
  if (bom)
    throw badRequest("the request body begins with a byte order mark; a JSON text must not (RFC 8259 section 8.1)");
  // Stryker restore all
  // Stryker disable next-line all: wording only: an empty body fails JSON.parse below, refused (400, free) anyway
  if (text.trim() === "") throw badRequest("the request body is empty; send a JSON object (§4)");
  try {
    ctx.body = JSON.parse(text);
  } catch (error) {
    // Stryker disable next-line all: the wording of a refusal, which §7 leaves open
    throw badRequest(`the request body is not valid JSON: ${shorten((error as Error).message)}`);
  }
  return next();
};

// Stryker disable all: the body of the routes a hand-written mutant adds (faults.ts), never served by the reference
/** The JSON body of a request, or undefined when it has none or it is not JSON (for the routes a fault adds). */
export async function lenientJsonBody(req: IncomingMessage): Promise<unknown> {
  try {
    const { text, error, bom } = decodeUtf8(await readBody(req, MAX_BODY_BYTES));
    return error || bom || text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
