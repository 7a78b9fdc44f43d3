const MAX_DEPTH = 72;

/**
 * A key-order-independent text form of a JSON value, for comparing nodes; undefined for values
 * nested deeper than a node tree may be (they are refused anyway), so a hostile depth costs no stack.
 */
export function canonicalForm(value: unknown, depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const item of value) {
      const s = canonicalForm(item, depth + 1);
      if (s === undefined) return undefined;
      parts.push(s);
    }
    return `[${parts.join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const s = canonicalForm((value as Record<string, unknown>)[key], depth + 1);
      if (s === undefined) return undefined;
      parts.push(`${JSON.stringify(key)}:${s}`);
    }
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
