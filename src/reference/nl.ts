import type { Store } from "./store/store.js";
import { words } from "./store/dictionary.js";
import type { TextColumn, ListColumn } from "./store/table.js";

/** Words that carry no search meaning in a request such as "find senior python developers in Berlin". */
const STOPWORDS = new Set(
  (
    "a an the and or in at of for with who whose which that to from on by as is are be been being me us i we you " +
    "find search show list get give looking look want need someone somebody people person persons profiles profile " +
    "candidates candidate based located living lives working works work experienced experience years year months " +
    "month some any all good great strong top best plus near around within into"
  ).split(" "),
);

/** Fields a remaining keyword may match, by word (§2.2 role text and attributes; match is allowed on each). */
const KEYWORD_FIELDS = ["title", "active_title", "headline", "skills"] as const;
/**
 * Most role words one text is read as; later ones are listed as ignored (a 5000-character text stays one small query).
 */
export const MAX_KEYWORDS = 25;
const LOCATION_FIELDS = ["city", "state", "country"] as const;

export interface Interpretation {
  /** The Query Spec node the text was read as (null: nothing recognised, no match). */
  readonly where: Record<string, unknown> | null;
  /** Words of the text that matched no location, skill or role word and were left out. */
  readonly ignored: readonly string[];
}

function phraseIn(haystack: string, phrase: string): boolean {
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(phrase, from);
    if (at < 0) return false;
    const before = haystack[at - 1];
    const after = haystack[at + phrase.length];
    if ((before === undefined || before === " ") && (after === undefined || after === " ")) return true;
    from = at + 1;
  }
}

/**
 * The reference's natural-language search (§4.3; the method is not shown, s4-3-nl-data-members-not-shown):
 * a transparent keyword reading. Place names of the dataset found in the text become location conditions
 * (any of them), skills named in it become skill conditions, and every other word that is not a stopword
 * must match a title held, the current title, the headline or a skill. Words that match none are ignored, as
 * are repeated words and role words beyond the first MAX_KEYWORDS.
 * The resulting Query Spec is returned with the IDs so that a client sees exactly what was searched.
 */
export class NaturalLanguageReader {
  constructor(private readonly store: Store) {}

  interpret(text: string): Interpretation {
    const tokens = words(text);
    let normalised = ` ${tokens.join(" ")} `;
    const conditions: Record<string, unknown>[] = [];

    const places: Record<string, unknown>[] = [];
    for (const field of LOCATION_FIELDS) {
      for (const value of this.dictionary("person", field).values) {
        const phrase = words(value).join(" ");
        if (phrase && phraseIn(normalised.trim(), phrase)) {
          places.push({ field, eq: value });
          normalised = normalised.replace(` ${phrase} `, " ");
        }
      }
    }
    if (places.length === 1) conditions.push(places[0]!);
    else if (places.length > 1) conditions.push({ any: places });

    for (const value of this.dictionary("person", "skills").values) {
      const phrase = words(value).join(" ");
      if (phrase && !STOPWORDS.has(phrase) && phraseIn(normalised.trim(), phrase)) {
        conditions.push({ field: "skills", eq: value });
        normalised = normalised.replace(` ${phrase} `, " ");
      }
    }

    const ignored: string[] = [];
    const seen = new Set<string>();
    let keywords = 0;
    for (const word of normalised.trim().split(" ").filter(Boolean)) {
      if (seen.has(word)) continue;
      seen.add(word);
      if (STOPWORDS.has(word) || /^\d+$/.test(word) || keywords >= MAX_KEYWORDS) {
        ignored.push(word);
        continue;
      }
      const fields = KEYWORD_FIELDS.filter(
        (f) => this.dictionary(f === "title" ? "experience" : "person", f).withWords([word]).length > 0,
      );
      if (fields.length === 0) {
        ignored.push(word);
        continue;
      }
      keywords++;
      conditions.push(
        fields.length === 1
          ? { field: fields[0], match: word }
          : { any: fields.map((field) => ({ field, match: word })) },
      );
    }
    const where = conditions.length === 0 ? null : conditions.length === 1 ? conditions[0]! : { all: conditions };
    return { where, ignored };
  }

  private dictionary(table: "person" | "experience", column: string) {
    return (this.store.tables[table].columns.get(column) as TextColumn | ListColumn).dict;
  }
}
