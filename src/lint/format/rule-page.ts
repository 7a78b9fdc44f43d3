/**
 * A rule's page, docs/rules/<id>.md (written from its meta and its tests by `npm run docs:rules`): its address
 * for SARIF `helpUri` and the github format, and its text for SARIF `help` and `tdss lint --explain`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../contract/root.js";

/** Where tdss is published; the rule pages are under docs/rules/ of its default branch. */
export const HOME_PAGE = "https://github.com/tdss/tdss";

export function rulePageUrl(id: string): string {
  return `${HOME_PAGE}/blob/main/docs/rules/${id}.md`;
}

/** The page's markdown, or undefined for an id without one (a diagnostic the command itself makes). */
export function rulePage(id: string): string | undefined {
  try {
    return readFileSync(join(packageRoot(), "docs", "rules", `${id}.md`), "utf8");
  } catch {
    return undefined;
  }
}
