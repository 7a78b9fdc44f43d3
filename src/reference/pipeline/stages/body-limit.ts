import type { IncomingMessage } from "node:http";
import { loadContract } from "../../../contract/index.js";
import { badRequest, Refusal } from "../../refusal.js";
import type { Stage } from "../context.js";

/**
 * Largest request body the reference reads (spec/catalog/limits.yaml, project.maxBodyBytes: 1 MiB);
 * a larger one is refused with 413. §8 is silent (clause s8-limits-silent-size-nodes): the linter's
 * body-size rule says unspecified for the same bodies.
 */
export const MAX_BODY_BYTES = loadContract().limits.project.maxBodyBytes;

// Stryker disable all: the body-size bound (413), a reading of s8-limits-silent-size-nodes
function tooLarge(limit: number): Refusal {
  return new Refusal(413, `the request body is larger than ${limit} bytes, the most the reference reads`, {
    Connection: "close",
  });
}

// Stryker restore all

/** The body's bytes, or a refusal as soon as more than `limit` arrive (the rest is never buffered). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      // Stryker disable all: the body-size bound (413), a reading of s8-limits-silent-size-nodes
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        reject(tooLarge(limit));
        return;
      }
      // Stryker restore all
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks));
      }
    });
    req.on("error", () => {
      if (!done) {
        done = true;
        reject(badRequest("the request body could not be read"));
      }
    });
  });
}

/**
 * Reads the body of a REST request up to `limit` bytes: a declared Content-Length above it is refused before
 * a byte is read, a body that grows past it while streaming is refused there (413, Connection: close).
 */
export function bodyLimit(limit: number = MAX_BODY_BYTES): Stage {
  return async (ctx, next) => {
    if (ctx.method === "GET" || !ctx.req) return next();
    // Stryker disable all: the body-size bound (413), a reading of s8-limits-silent-size-nodes
    const declared = Number(ctx.req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
    // Stryker restore all
    ctx.bytes = await readBody(ctx.req, limit);
    return next();
  };
}
