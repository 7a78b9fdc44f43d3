import { parseQueryDate, resolveQueryDate, type QueryDate } from "../contract/dates.js";

/** Dates are stored as day numbers: whole days since 1970-01-01 (UTC), so that gte/lte compare integers. */
const MS_PER_DAY = 86_400_000;

function dayOf(year: number, month: number, day: number): number {
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

/** The day number a Query Spec date stands for (§4.2 rule 3); see resolveQueryDate for relative offsets. */
export function queryDay(date: QueryDate, now: Date): number {
  return toDay(resolveQueryDate(date, now))!;
}
