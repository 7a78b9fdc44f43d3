import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../src/contract/root.js";

/** The README and every page of docs/: the documentation a reader opens. */
const pages = [
  "README.md",
  ...readdirSync(join(packageRoot(), "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** Relative link targets of a Markdown page (in-page anchors and URLs left out). */
function relativeLinks(text: string): string[] {
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  return targets.filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith("#")).map((t) => t.split("#")[0]!);
}

describe("the documentation", () => {
  it.each(pages)("%s links only to files of the repository", (page) => {
    const text = readFileSync(join(packageRoot(), page), "utf8");
    for (const target of relativeLinks(text))
      expect(existsSync(join(packageRoot(), dirname(page), target)), `${page} links to ${target}`).toBe(true);
  });
});
