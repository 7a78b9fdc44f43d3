import { Refusal } from "../../refusal.js";
import type { Stage } from "../context.js";

/**
 * Takes one request from the key's bucket (§5, §8); an empty bucket is refused with 429, and with Retry-After unless
 * `retryAfter` is false (a variant: RFC 6585 makes the header optional).
 */
export function rateLimitWith(options: { readonly retryAfter: boolean }): Stage {
  return (ctx, next) => {
    const account = ctx.account!;
    const wait = account.take(ctx.service.now().getTime());
    if (wait !== undefined) {
      // Stryker disable all: the answer over the rate limit: wording, Retry-After (RFC 6585: optional), the variant
      // without it (§8 shows no numeric limit, §7 no failure's code or body)
      const { requests, perSeconds } = account.rateLimit;
      const limit = `rate limit of ${requests} requests per ${perSeconds} s exceeded`;
      if (!options.retryAfter) throw new Refusal(429, `${limit}; retry later`);
      throw new Refusal(429, `${limit}; retry after ${wait} s`, { "Retry-After": String(wait) });
    }
    // Stryker restore all
    return next();
  };
}

// Stryker disable next-line all: a variant's switch (variants/service.ts): Retry-After is optional (RFC 6585)
export const rateLimit: Stage = rateLimitWith({ retryAfter: true });
