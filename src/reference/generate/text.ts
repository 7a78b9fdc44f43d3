/** Lower-case ASCII slug for URLs: "José O'Neil" -> "jose-oneil". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A bijective 32-bit mix of a row number, so that slugs built from it never collide. */
export function rowTag(row: number, seed: number): string {
  const mixed = (Math.imul(row + 1, 0x9e3779b1) ^ Math.imul(seed, 0x85ebca6b)) >>> 0;
  return mixed.toString(16).padStart(8, "0");
}

/** "a", "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
