import { RatePolicy, type RatePolicyOptions } from "./rate-policy.js";

/**
 * A RatePolicy for each key a run holds. A rate limit is a key's ("the key status route reports the values for a
 * key", clause s8-rate-limit-quota-not-shown): a 429 answered to one key holds and slows that key's requests only, so
 * the exhausted key's refusals never pace the primary key's cases. Requests are told apart by their Authorization
 * header; requests without one (the §5 probes of a missing key) share one policy of their own.
 */
export class KeyRatePolicies {
  private readonly byAuthorization = new Map<string, RatePolicy>();
  private reportedPerSecond: number | undefined;

  constructor(private readonly options: RatePolicyOptions = {}) {}

  /** The policy of the key an Authorization header value carries (undefined: no header). */
  for(authorization: string | undefined): RatePolicy {
    const id = authorization ?? "";
    let policy = this.byAuthorization.get(id);
    if (!policy) {
      policy = new RatePolicy(this.options);
      policy.setRate(this.reportedPerSecond);
      this.byAuthorization.set(id, policy);
    }
    return policy;
  }

  /** The policy of a request, by its Authorization header (named in any letter case, as HTTP allows). */
  forHeaders(headers: Readonly<Record<string, string>> | undefined): RatePolicy {
    const name = headers && Object.keys(headers).find((key) => key.toLowerCase() === "authorization");
    return this.for(name === undefined ? undefined : headers![name]);
  }

  /**
   * Paces every key at `perSecond`: the rate the key status reports for the run's key. The run's other keys are
   * paced alike, since their status is not read; a slower limit on one of them is learned from its 429s.
   */
  setRate(perSecond: number | undefined): void {
    this.reportedPerSecond = perSecond;
    for (const policy of this.byAuthorization.values()) policy.setRate(perSecond);
  }
}
