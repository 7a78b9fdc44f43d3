/**
 * Requests per second from the rate limit a key status reports (§4.5; its form is not shown, clause
 * s8-rate-limit-quota-not-shown): an object with a count (requests, limit, max, calls) and a window
 * (per_seconds, window, seconds, period; or a per-minute / per-hour name), or a number whose member name
 * says its unit (per_minute, rpm, per_second, rps, per_hour). Undefined when the form is not understood:
 * the run then relies on retrying 429 alone.
 */
export function requestsPerSecond(value: unknown, memberName = ""): number | undefined {
  const unit = (name: string) =>
    /per_?min|minute|rpm/i.test(name)
      ? 60
      : /per_?hour|hour|rph/i.test(name)
        ? 3600
        : /per_?sec|second|rps/i.test(name)
          ? 1
          : undefined;
  if (typeof value === "number") {
    const seconds = unit(memberName);
    return value > 0 && seconds ? value / seconds : undefined;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>).filter(
    (e): e is [string, number] => typeof e[1] === "number" && e[1] > 0,
  );
  const isWindow = (k: string) => /^(per_?seconds?|window(_?seconds)?|seconds|period(_?seconds)?|interval)$/i.test(k);
  const count = entries.find(([k]) => /^(requests|limit|max|count|calls|rate)$/i.test(k));
  const window = entries.find(([k]) => isWindow(k));
  if (count && window) return count[1] / window[1];
  const named = entries.find(([k]) => !isWindow(k) && unit(k) !== undefined);
  if (named) return named[1] / unit(named[0])!;
  return undefined;
}
