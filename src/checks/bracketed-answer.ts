import { canonicalJson } from "../contract/index.js";
import { excerpt, fail, pass, type CheckOutcome } from "./check.js";

/** The items of `from` left once each item of `take` has matched one equal item (by canonical JSON), in any order. */
function without(from: readonly unknown[], take: readonly unknown[]): unknown[] {
  const spare = new Map<string, number>();
  for (const item of take) spare.set(canonicalJson(item), (spare.get(canonicalJson(item)) ?? 0) + 1);
  return from.filter((item) => {
    const key = canonicalJson(item);
    const n = spare.get(key) ?? 0;
    if (n > 0) spare.set(key, n - 1);
    return n === 0;
  });
}

/** The items two lists hold alike, each matched once, in any order. */
function common(left: readonly unknown[], right: readonly unknown[]): unknown[] {
  return without(left, without(left, right));
}

/**
 * Whether one change per item explains a tool's answer between two REST answers to the same request (REST asked
 * before the tool and once more after it: src/runner/stages/second-look.ts) that differ, so the data was refreshed
 * between them (§1, s1-snapshot-data-lag). Each item REST answered alike before and after the tool, unchanged if it
 * changed at most once, must be in the tool's answer; the tool's other items are of the data that changed, so they may
 * be neither REST answer's, but no more of them than the items either REST answer holds otherwise. A `fail` says that
 * some item changed more than once between REST's answers, as a deployment refreshing part of its data often does
 * within one case (`data-snapshot-rolling`): mcp-parity then observes the comparison as not judged. `what` names the
 * items (IDs, records). Undefined where REST answered alike twice: nothing changed, and the plain comparison stands.
 */
export function bracketedAnswer(
  what: "ids" | "records",
  before: readonly unknown[],
  after: readonly unknown[],
  tool: readonly unknown[],
): { outcome: CheckOutcome; changed: number } | undefined {
  const alike = common(before, after);
  // Counted in both answers: an ID that left or joined the set is in one of them, a record changed in both.
  const changed = before.length + after.length - 2 * alike.length;
  if (changed === 0) return undefined;
  const missed = without(alike, tool);
  if (missed.length)
    return {
      changed,
      outcome: fail(
        `the tool left out ${missed.length} of the ${alike.length} ${what} REST answered alike before and after it ` +
          `(${changed} changed between REST's two answers, a refresh)`,
        excerpt(missed, 200),
        excerpt(tool, 200),
      ),
    };
  const others = without(tool, alike);
  if (others.length > changed)
    return {
      changed,
      outcome: fail(
        `the tool answered ${others.length} ${what} beyond the ${alike.length} REST answered alike before and after ` +
          `it, more than the ${changed} that changed between REST's two answers`,
        excerpt(without(after, alike), 200),
        excerpt(others, 200),
      ),
    };
  return {
    changed,
    outcome: pass(
      `the ${alike.length} ${what} REST answered alike before and after the tool are the tool's too; its ` +
        `${others.length} others are of the ${changed} a refresh changed between REST's two answers`,
    ),
  };
}
