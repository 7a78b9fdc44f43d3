import { parseQueryDate, type QueryDate } from "../contract/dates.js";

/** Dates are stored as day numbers: whole days since 1970-01-01 (UTC), so that gte/lte compare integers. */
const MS_PER_DAY = 86_400_000;

export function dayOf(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** The day number of a YYYY-MM-DD string or a day number; null for null. Throws on anything else. */
export function toDay(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  const parsed = parseQueryDate(value);
  if (!parsed || parsed.kind !== "absolute") throw new RangeError(`not a YYYY-MM-DD date: ${value}`);
  return dayOf(parsed.year, parsed.month, parsed.day);
}

export function dayString(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function yearOfDay(day: number): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}

export function todayDay(now: Date = new Date()): number {
  return Math.floor(now.getTime() / MS_PER_DAY);
}

/**
 * The day a Query Spec date stands for, relative offsets counted back from `now` (UTC, §4.2 rule 3): d are
 * days, m are calendar months, clamped to the month's last day (now-1m on 31 March is 28 or 29 February).
 */
export function queryDay(date: QueryDate, now: Date): number {
  if (date.kind === "absolute") return dayOf(date.year, date.month, date.day);
  const today = todayDay(now);
  if (date.unit === "d") return today - date.amount;
  if (date.unit !== "m") throw new RangeError(`relative date unit ${date.unit} is not one the reference takes`);
  const months = now.getUTCFullYear() * 12 + now.getUTCMonth() - date.amount;
  const year = Math.floor(months / 12);
  const month = months - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return dayOf(year, month, Math.min(now.getUTCDate(), last));
}
