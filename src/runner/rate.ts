/**
 * Requests per second from the rate limit a key status reports (§4.5; its form is not shown, clause
 * s8-rate-limit-quota-not-shown): an object with a count (requests, limit, max, calls) and a window
 * (per_seconds, window, seconds, period; or a per-minute / per-hour name; or a member such as unit or window naming
 * it in words: "minute", "1m", "10 s"), or a number whose member name
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
  // A window named in words: {requests: 6000, unit: "minute"}, {limit: 100, window: "10s"}, {rate: 5, per: "1 sec"}.
  const spelt = Object.entries(value as Record<string, unknown>).find(
    ([k, v]) => /^(unit|per|window|interval|period|time_?unit)$/i.test(k) && typeof v === "string",
  );
  const seconds = spelt && durationSeconds(spelt[1] as string);
  if (count && seconds) return count[1] / seconds;
  const named = entries.find(([k]) => !isWindow(k) && unit(k) !== undefined);
  if (named) return named[1] / unit(named[0])!;
  return undefined;
}

/** Seconds of a window named in words: "second", "minute", "hour", "day", with a count or not ("10s", "1 min"). */
function durationSeconds(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)?\s*(s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = match[2]!.toLowerCase();
  const per = unit.startsWith("s") ? 1 : unit.startsWith("m") ? 60 : unit.startsWith("h") ? 3600 : 86_400;
  const seconds = Number(match[1] ?? 1) * per;
  return seconds > 0 ? seconds : undefined;
}
