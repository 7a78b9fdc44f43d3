import type { Mutant } from "./mutant.js";
import { badRequest } from "../refusal.js";
import { rewriteBody } from "./rewrite.js";

export const NL_SEARCH_MUTANTS: readonly Mutant[] = [
  {
    id: "nl-extra-member-accepted",
    clause: "s4-3-nl-no-other-parameter",
    area: "nl-search",
    description: "The natural-language search accepts (and ignores) members other than text and size.",
    faults: { skip: ["nl-members"] },
  },
  {
    id: "nl-text-over-5000-accepted",
    clause: "s8-nl-text-length",
    area: "nl-search",
    description: "A text longer than 5000 characters is cut to 5000 and served instead of refused.",
    faults: {
      request: rewriteBody(["searchPeople"], (body) =>
        typeof body.text === "string" && [...body.text].length > 5000
          ? { ...body, text: [...body.text].slice(0, 5000).join("") }
          : body,
      ),
    },
  },
  {
    id: "nl-size-ignored",
    clause: "s4-3-nl-request-text",
    area: "nl-search",
    description: "The natural-language search ignores size and returns up to 100 IDs.",
    faults: {
      request: rewriteBody(["searchPeople"], (body) => {
        delete body.size;
        return body;
      }),
    },
  },
  {
    id: "nl-text-5000-refused",
    clause: "s8-nl-text-length",
    area: "nl-search",
    description: "A text of exactly 5000 characters is refused: the length check is off by one (under 5000).",
    faults: {
      request: rewriteBody(["searchPeople"], (body) => {
        if (typeof body.text === "string" && [...body.text].length >= 5000) throw badRequest("text: too long");
        return body;
      }),
    },
  },
  {
    id: "nl-empty-text-served",
    clause: "s8-nl-text-length",
    area: "nl-search",
    description: "An empty text is served (as a search of no words, matching by size alone) instead of refused.",
    faults: {
      request: rewriteBody(["searchPeople"], (body) => (body.text === "" ? { ...body, text: " " } : body)),
    },
  },
];
