import { Refusal } from "../../refusal.js";
import type { Stage } from "../context.js";

/** Takes one request from the key's bucket (§5, §8); an empty bucket is refused with 429 and Retry-After. */
export const rateLimit: Stage = (ctx, next) => {
  const account = ctx.account!;
  const wait = account.take(ctx.service.now().getTime());
  if (wait !== undefined) {
    const { requests, perSeconds } = account.rateLimit;
    throw new Refusal(429, `rate limit of ${requests} requests per ${perSeconds} s exceeded; retry after ${wait} s`, {
      "Retry-After": String(wait),
    });
  }
  return next();
};
