import { Refusal } from "../../refusal.js";
import type { Stage } from "../context.js";

/**
 * Takes one request from the key's bucket (§5, §8); an empty bucket is refused with 429, and with Retry-After unless
 * `retryAfter` is false (a variant: RFC 6585 makes the header optional), in seconds or as an HTTP date (RFC 9110
 * §10.2.3).
 */
export function rateLimitWith(options: RateLimitAnswer): Stage {
  return (ctx, next) => {
    const account = ctx.account!;
    const wait = account.take(ctx.service.now().getTime());
    if (wait !== undefined) {
      // Stryker disable all: the answer over the rate limit: wording, Retry-After (RFC 6585: optional), the variant
      // without it (§8 shows no numeric limit, §7 no failure's code or body)
      const { requests, perSeconds } = account.rateLimit;
      const limit = `rate limit of ${requests} requests per ${perSeconds} s exceeded`;
      if (!options.retryAfter) throw new Refusal(429, `${limit}; retry later`);
      // A date written as most servers write one (toUTCString): by the server's own clock, the milliseconds dropped.
      const at = new Date(ctx.service.now().getTime() + (options.clockAheadMs ?? 0) + wait * 1000).toUTCString();
      const retryAfter = options.retryAfter === "date" ? at : String(wait);
      throw new Refusal(429, `${limit}; retry after ${wait} s`, { "Retry-After": retryAfter });
    }
    // Stryker restore all
    return next();
  };
}

// Stryker disable next-line all: a variant's switch (variants/service.ts): Retry-After is optional (RFC 6585)
export const rateLimit: Stage = rateLimitWith({ retryAfter: true });

/** How a 429 over the rate limit is answered (the reference: Retry-After in seconds). */
interface RateLimitAnswer {
  /** Seconds (true), none (false), or an HTTP date. */
  readonly retryAfter: boolean | "date";
  /** How far the server's clock runs ahead of the client's, for the date (RFC 9110 §5.6.7: clocks are the server's). */
  readonly clockAheadMs?: number;
}
