import { canonicalJson } from "../../contract/index.js";
import type { CheckContext } from "../../checks/index.js";
import type { Exchange } from "../../checks/exchange.js";
import { observeSnapshotChanged } from "../../checks/snapshot-changed.js";
import { viewOf } from "../../checks/views.js";
import { resolve, type Generator } from "../template.js";
import type { CheckCall } from "../types.js";
import { captureAll } from "./capture.js";
import { runCheck } from "./check.js";
import type { CaseRun, Judged, RunDeps, SentExpansion, VersionCost } from "./context.js";
import { keep } from "./keep.js";
import { sendUnmeasured } from "./send.js";

/**
 * What an earlier step answered when asked once more: its captures, the exchange, the captures that changed, and the
 * captures it no longer holds (a record gone: `/data/results/0` of an answer listing its ID in not_found).
 */
interface Look {
  readonly vars: Record<string, unknown>;
  readonly exchange: Exchange;
  readonly changed: readonly string[];
  readonly missing: readonly string[];
}

/**
 * The second looks of one step (docs/verdicts.md, "What a check assumes about the data staying still"). A check that
 * compares this step's answer with an earlier step's (a tool's records with the route's, a record re-read with the
 * one read first) fails when §1's refresh of the data (s1-snapshot-data-lag) falls between the two requests, which
 * the specification allows. So where such a check fails, the earlier step is asked once more, after every request of
 * this step (the two answers of the earlier step bracket this step's), and the check is judged again with the second
 * answer's captures: it fails only when it fails against both. When the second answer differs from the first, the
 * run observes the refresh. The earlier step is asked at most once however many expansions and checks of this step
 * fail; the request is priced and booked like any other (its worst case was planned with the case, src/runner/
 * stages/price.ts `planCase`), and one that the budget no longer covers, or that gets no usable answer, leaves the
 * failure standing, as it stood before there was a second look.
 */
export class SecondLooks {
  private readonly asked = new Map<string, Promise<Look | undefined>>();

  constructor(
    private readonly run: CaseRun,
    private readonly deps: RunDeps,
    private readonly versionCost: VersionCost,
    /** The names this step's checks take a `second_look` at, whose look also serves its `observed_if_changed`. */
    private readonly secondLooked: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * The outcomes of `call` (`first`, judged against the earlier step's first answer), or, where one failed and the
   * earlier step's second answer makes the call pass, the outcomes against that answer.
   */
  async judge(
    call: CheckCall,
    first: Judged[],
    ctx: CheckContext,
    label: string,
    generators: Readonly<Record<string, Generator>>,
    stepClause: readonly string[] | undefined,
  ): Promise<Judged[]> {
    const judged = await this.judgeAgain(call, first, ctx, label, generators, stepClause);
    return this.judgeData(call, judged, label);
  }

  /** `judge` by the call's `second_look`: the earlier step's second answer judged like its first. */
  private async judgeAgain(
    call: CheckCall,
    first: Judged[],
    ctx: CheckContext,
    label: string,
    generators: Readonly<Record<string, Generator>>,
    stepClause: readonly string[] | undefined,
  ): Promise<Judged[]> {
    const target = call.secondLook;
    if (target === undefined || !first.some((j) => j.outcome.status === "fail")) return first;
    const look = await this.look(target);
    if (!look || look.missing.length) return first;
    const second = { ...ctx, vars: { ...ctx.vars, ...look.vars } };
    const again = runCheck(call, second, label, generators, stepClause);
    if (again.every((j) => j.outcome.status === "pass")) {
      if (look.changed.length)
        observeSnapshotChanged(
          this.deps.state.observed,
          this.operationOf(target),
          `${this.run.def.id} ${label}: ${target} answered otherwise (${look.changed.join(", ")}) when asked again ` +
            `after it, and ${call.name} held against that answer`,
        );
      return again;
    }
    // The earlier step answered the same request twice: a check that compares ID strings reads both answers, to set
    // aside what the deployment answers afresh on every call (s2-1-id-stability-not-shown), and nothing else.
    if (look.changed.length) {
      let firstLook: unknown;
      try {
        firstLook = resolve(call.args, { vars: ctx.vars, generators, estimating: false });
      } catch {
        firstLook = undefined;
      }
      const both = runCheck(call, { ...second, firstLook }, label, generators, stepClause);
      if (both.every((j) => j.outcome.status === "pass")) return both;
    }
    const asked = look.changed.length ? "answered otherwise" : "answered the same";
    return failuresNoting(
      first,
      `and again against step "${target}" asked once more after this one, which ${asked}`,
      look.exchange,
    );
  }

  /**
   * `judge` by the call's `observed_if_changed`: the earlier step whose records the call's request was built from (a
   * set narrowed by their own values) is asked once more for the case. A record it no longer finds, or finds with other
   * values, shows the data refreshed under the comparison (§1, s1-snapshot-data-lag; §4.2 rule 5: pages are not
   * consistent with each other), which no longer proves a fault: the failures are observed. Answered the same, they
   * stand: on data that stays still the look never excuses anything.
   */
  private async judgeData(call: CheckCall, judged: Judged[], label: string): Promise<Judged[]> {
    const target = call.observedIfChanged;
    if (target === undefined || !judged.some((j) => j.outcome.status === "fail")) return judged;
    // The step's own second look at that step serves (price.ts plans no other); else one look for the whole case.
    let asked = this.secondLooked.has(target) ? this.look(target) : this.run.dataLooks.get(target);
    if (!asked) {
      asked = this.ask(target);
      this.run.dataLooks.set(target, asked);
    }
    const look = await asked;
    if (!look) return judged;
    const changed = [...look.changed, ...look.missing];
    if (!changed.length)
      return failuresNoting(
        judged,
        `the records of step "${target}", asked once more, answered the same`,
        look.exchange,
      );
    return judged.map((j) => {
      if (j.outcome.status !== "fail") return j;
      observeSnapshotChanged(
        this.deps.state.observed,
        this.operationOf(target),
        `${this.run.def.id} ${label}: ${j.check} failed (${j.outcome.message ?? "failed"}) while the records of ` +
          `${target}, which its request was built from, changed (${changed.join(", ")}) when asked again`,
      );
      return {
        ...j,
        outcome: {
          status: "pass" as const,
          message: `not judged: the records of step "${target}" changed under the comparison (a refresh, §1)`,
        },
      };
    });
  }

  /** The route the earlier step named `target` called. */
  private operationOf(target: string): string | undefined {
    return this.run.earlier.get(target)!.prepared.plan.operationId;
  }

  /** The earlier step named `target` asked once more (once for the whole step), or undefined when it gave no answer. */
  private look(target: string): Promise<Look | undefined> {
    let look = this.asked.get(target);
    if (!look) {
      look = this.ask(target);
      this.asked.set(target, look);
    }
    return look;
  }

  private async ask(target: string): Promise<Look | undefined> {
    const earlier = this.run.earlier.get(target);
    if (!earlier) return undefined;
    const sent: (SentExpansion | undefined)[] = [];
    const refused = await sendUnmeasured(earlier.step, [earlier.prepared], sent, this.deps, this.versionCost);
    const answer = sent[0];
    if (refused || !answer) return undefined;
    const { exchanges } = answer.execution;
    this.run.requests += exchanges.length;
    this.run.credits += Math.max(0, answer.spent);
    keep(answer.execution, earlier.prepared.plan.operationId, this.run, this.deps);
    const exchange = exchanges.at(-1);
    if (
      !exchange ||
      exchanges.length !== 1 ||
      !viewOf(exchange, earlier.prepared.plan.operationId, this.deps.state.implementation).success
    )
      return undefined;
    const captured = captureAll(earlier.step.captures, exchanges, earlier.prepared.plan, this.deps);
    const { vars } = captured;
    const missing = Object.keys(earlier.captured).filter((k) => !Object.hasOwn(vars, k));
    const changed = Object.keys(vars).filter((k) => canonicalJson(vars[k]) !== canonicalJson(earlier.captured[k]));
    return { vars, exchange, changed, missing };
  }
}

/** The failures of `judged` that stand after a second look: what it found after each message, its exchange beside. */
function failuresNoting(judged: readonly Judged[], found: string, exchange: Exchange): Judged[] {
  return judged.map((j) =>
    j.outcome.status === "fail"
      ? {
          ...j,
          outcome: { ...j.outcome, message: `${j.outcome.message ?? "failed"} (${found})` },
          alongside: [...(j.alongside ?? []), exchange],
        }
      : j,
  );
}
