/**
 * The length of a text in "characters" under each reading the spec leaves open (clause
 * s4-3-nl-text-characters-counted): UTF-16 code units (what JavaScript's `length` counts), Unicode code points
 * (what JSON Schema's `maxLength` counts) and user-perceived characters (extended grapheme clusters). For any text
 * the three are ordered: graphemes ≤ code points ≤ UTF-16 units.
 */
export interface CharacterCounts {
  readonly units: number;
  readonly codePoints: number;
  /** Counted only when the code points are over `limit`; otherwise at most the limit, given as the code points. */
  readonly graphemes: number;
}

let segmenter: Intl.Segmenter | undefined;
/** The last text counted: the linter's two rules on a text, and the reference after the linter, count it once. */
let last: { text: string; limit: number; counts: CharacterCounts } | undefined;

function graphemes(text: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** Below U+0300 and with no CR (CR LF is one grapheme), every unit is one code point and one grapheme. */
function plain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 || c >= 0x300) return false;
  }
  return true;
}

/**
 * The three counts of `text`, as far as they decide whether it is over `limit`: segmenting graphemes is slow
 * (microseconds a character), so it is done only when the code points are over the limit.
 */
export function characterCounts(text: string, limit: number): CharacterCounts {
  if (last?.text === text && last.limit === limit) return last.counts;
  const units = text.length;
  let counts: CharacterCounts;
  if (plain(text)) counts = { units, codePoints: units, graphemes: units };
  else {
    let codePoints = 0;
    for (const _ of text) codePoints++;
    counts = { units, codePoints, graphemes: codePoints > limit ? graphemes(text) : codePoints };
  }
  last = { text, limit, counts };
  return counts;
}
