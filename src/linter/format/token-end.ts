/**
 * The span of a diagnostic in its text: the editor (src/lsp/diagnostics.ts) and the formats that carry an end
 * position (github, sarif: src/linter/format/annotations.ts) underline the token a diagnostic is at, never a zero-width
 * point.
 */

/**
 * Where the JSON token at `start` ends: a string (to its closing quote), a number or literal (its last
 * character), one character for a bracket or anything else, and at least one character where the text has one.
 */
export function tokenEnd(text: string, start: number): number {
  if (start >= text.length) return start;
  const c = text.charCodeAt(start);
  if (c === 0x22) {
    for (let i = start + 1; i < text.length; i++) {
      const k = text.charCodeAt(i);
      if (k === 0x5c) i++;
      else if (k === 0x22) return i + 1;
      else if (k === 0x0a) return i;
    }
    return text.length;
  }
  let i = start;
  while (i < text.length && /[\w.+-]/.test(text[i]!)) i++;
  return Math.max(i, start + 1);
}

/**
 * 1-based line and column (UTF-16 units) just past the token at `line`:`column` in `text` (a token never spans lines:
 * a string is cut at its line's end); undefined when the text has no such line.
 */
export function tokenEndPosition(
  text: string,
  line: number,
  column: number,
): { line: number; column: number } | undefined {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", offset);
    if (next < 0) return undefined;
    offset = next + 1;
  }
  const start = Math.min(offset + column - 1, text.length);
  return { line, column: column + Math.max(0, tokenEnd(text, start) - start) };
}
