/** A decimal number written as text: digits, an optional fraction, nothing else (no unit, no grouping). */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * The remaining Credits a key status member holds: a finite number, or the same written as a decimal string
 * ("999771"), as APIs that keep large counts exact in JSON send them; §4.5 shows neither the member nor its type
 * (s4-5-key-status-members-not-shown). Undefined for anything else.
 */
export function balanceValue(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || !DECIMAL_TEXT.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * A remaining-quota member that says the key has no quota: null, or a word for it ("unlimited"), as an unmetered or
 * enterprise key shows (§8: quota sizes are not shown).
 */
export function showsNoQuota(value: unknown): boolean {
  return value === null || (typeof value === "string" && /unlimit|unmetered|infinit|^none$/i.test(value.trim()));
}
