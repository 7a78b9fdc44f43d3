import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { didYouMeanHint } from "../lint/suggest.js";
import { ConfigError } from "./config.js";
import type { CaseResult } from "./types.js";

/** Known failures (like WPT expectation files and test262 status files): case id -> reason. */
export type Expectations = ReadonlyMap<string, string>;

/**
 * Reads an expectations file:
 *   expected_failures:
 *     - id: detail/jobs-record-shape
 *       reason: the vendor omits empty fields (ticket 123)
 * Every id must name a known case, so that a typo cannot hide a failure.
 */
export function loadExpectations(file: string, knownIds: ReadonlySet<string>): Expectations {
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ConfigError(`expectations file not found: ${file}`);
    if (code !== undefined) throw new ConfigError(`expectations ${file}: cannot read the file (${code})`);
    throw new ConfigError(`expectations ${file}: ${(error as Error).message.split("\n")[0]}`);
  }
  const list = (raw as { expected_failures?: unknown } | null)?.expected_failures;
  if (
    !raw ||
    typeof raw !== "object" ||
    Object.keys(raw).some((k) => k !== "expected_failures") ||
    !Array.isArray(list)
  ) {
    throw new ConfigError(`expectations ${file}: expected one member, expected_failures: a list of {id, reason}`);
  }
  const out = new Map<string, string>();
  list.forEach((entry, i) => {
    const e = entry as { id?: unknown; reason?: unknown };
    const where = `expectations ${file}: expected_failures[${i}]`;
    if (
      !e ||
      typeof e !== "object" ||
      typeof e.id !== "string" ||
      typeof e.reason !== "string" ||
      !e.reason.trim() ||
      Object.keys(e).some((k) => k !== "id" && k !== "reason")
    ) {
      throw new ConfigError(`${where}: each entry is {id: <case id>, reason: <why it is expected to fail>}`);
    }
    if (!knownIds.has(e.id))
      throw new ConfigError(`${where}: no case has the id ${e.id}${didYouMeanHint(e.id, [...knownIds])}`);
    out.set(e.id, e.reason);
  });
  return out;
}

/** Applies expectations: an expected failure is `expected-failure`, a listed case that passes is `unexpected-pass`. */
export function applyExpectations(result: CaseResult, expectations: Expectations): CaseResult {
  const reason = expectations.get(result.id);
  if (reason === undefined) return result;
  if (result.status === "failed") return { ...result, status: "expected-failure", reason };
  if (result.status === "passed") return { ...result, status: "unexpected-pass", reason };
  return result;
}
