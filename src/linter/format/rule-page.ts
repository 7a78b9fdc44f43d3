/**
 * A rule's page, docs/rules/<id>.md (written from its meta and its tests by `npm run docs:rules`): its address
 * for SARIF `helpUri` and the github format, and its text for SARIF `help` and `tdss lint --explain`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../contract/root.js";

let home: string | undefined;

/**
 * Where tdss is published: the `repository` of package.json (one place for the address), as a web address
 * (`git+https://host/owner/name.git` -> `https://host/owner/name`). The rule pages are under docs/rules/ of its
 * default branch.
 */
export function homePage(): string {
  if (home !== undefined) return home;
  const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as {
    repository?: string | { url?: string };
  };
  const url = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  if (url === undefined) throw new Error("tdss: package.json names no repository (the rule pages' address)");
  return (home = url.replace(/^git\+/, "").replace(/\.git$/, ""));
}

/** A file of the published repository, by its path from the package root (`docs/rules/cost.md`). */
export function repositoryFileUrl(path: string): string {
  return `${homePage()}/blob/main/${path}`;
}

export function rulePageUrl(id: string): string {
  return repositoryFileUrl(`docs/rules/${id}.md`);
}

/** The page's markdown, or undefined for an id without one (a diagnostic the command itself makes). */
function rulePage(id: string): string | undefined {
  try {
    return readFileSync(join(packageRoot(), "docs", "rules", `${id}.md`), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The page's head, up to its examples: the rule's title, what it finds, consequence, severity, fix and the
 * clauses it rests on, then its address (SARIF `help`, the language server's hover).
 */
export function rulePageHead(id: string): string | undefined {
  const page = rulePage(id);
  if (page === undefined) return undefined;
  const cut = page.indexOf("\n## Wrong");
  const head = (cut < 0 ? page : page.slice(0, cut)).trimEnd();
  return `${head}\n\nWrong and right examples, options: ${rulePageUrl(id)}\n`;
}
