/**
 * Date values of the Query Spec (§4.2 rule 3): YYYY-MM-DD or a relative offset such as now-30d or now-6m.
 * Units beyond d and m are not shown (§4.2 rule 6), so they parse as `relative` with `knownUnit: false`.
 */
export type QueryDate =
  | { readonly kind: "absolute"; readonly year: number; readonly month: number; readonly day: number }
  | { readonly kind: "relative"; readonly amount: number; readonly unit: string; readonly knownUnit: boolean };

const ABSOLUTE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RELATIVE = /^now-(\d{1,6})([a-zA-Z]+)$/;
const KNOWN_UNITS = new Set(["d", "m"]);

function isRealCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** Parses a Query Spec date; null when it is neither a real calendar date nor a relative offset. */
export function parseQueryDate(value: unknown): QueryDate | null {
  if (typeof value !== "string") return null;
  const abs = ABSOLUTE.exec(value);
  if (abs) {
    const [year, month, day] = [Number(abs[1]), Number(abs[2]), Number(abs[3])];
    return isRealCalendarDate(year, month, day) ? { kind: "absolute", year, month, day } : null;
  }
  const rel = RELATIVE.exec(value);
  if (rel) return { kind: "relative", amount: Number(rel[1]), unit: rel[2]!, knownUnit: KNOWN_UNITS.has(rel[2]!) };
  return null;
}

/**
 * The day a parsed date stands for, as YYYY-MM-DD, relative offsets counted back from `now` (UTC): d are days,
 * m are calendar months clamped to the month's last day (now-1m on 31 March is the last day of February).
 */
export function resolveQueryDate(date: QueryDate, now: Date = new Date()): string {
  if (date.kind === "absolute") return isoDay(date.year, date.month, date.day);
  if (date.unit === "d") {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - date.amount));
    return d.toISOString().slice(0, 10);
  }
  if (date.unit !== "m") throw new RangeError(`relative date unit ${date.unit} is not one the specification shows`);
  const months = now.getUTCFullYear() * 12 + now.getUTCMonth() - date.amount;
  const year = Math.floor(months / 12);
  const month = months - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoDay(year, month, Math.min(now.getUTCDate(), last));
}

function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
