import { randomBytes } from "node:crypto";
import { bodyOperation, bodyOperations, type BodyOperation, type OperationId } from "../contract/index.js";
import type { Exchange } from "../checks/exchange.js";
import { scopeRefusal } from "../checks/key-state.js";
import { isSuccess } from "../checks/views.js";
import { NotRun } from "./not-run.js";
import { queryMatchingNothing } from "./route-generators.js";
import { prepareRequest, type PreparedRequest } from "./steps/request.js";

/**
 * A request on a route that costs nothing whether it is served or refused: a search matching nothing (a wrongly
 * capitalised fixed-set value for people, §7), an ID that cannot resolve (§7: not_found, not charged), and for the
 * natural-language search, whose every served call costs its base (§8), a body without its text, refused before any
 * charge (§7).
 */
export function freeProbe(op: BodyOperation): PreparedRequest {
  const body =
    op.kind === "search"
      ? { where: queryMatchingNothing(op.dataset), size: 1 }
      : op.kind === "detail"
        ? { [op.idsMember]: [randomBytes(24).toString("base64url")] }
        : { size: 1 };
  return prepareRequest({ operation: op.operationId, body });
}

/** The routes of a step's primary-key exchanges that refused the key a permission (403), each with that refusal. */
function refusedRoutes(exchanges: readonly Exchange[]): Map<BodyOperation, string> | undefined {
  const refused = new Map<BodyOperation, string>();
  const served = new Set<BodyOperation>();
  for (const e of exchanges) {
    const op = e.request.auth === "primary" ? bodyOperation(e.request.operationId ?? "") : undefined;
    if (!op) continue;
    const refusal = scopeRefusal(e);
    if (refusal === undefined) served.add(op);
    else if (!refused.has(op)) refused.set(op, refusal);
  }
  // A route that answered the key otherwise within the same step reaches it: its refusal is not the key's scope.
  if (!refused.size || [...refused.keys()].some((op) => served.has(op))) return undefined;
  return refused;
}

/**
 * The scopes of the tester's key (§4.5, §5): a key may lack the scope of a route, and §5 shows neither scope names
 * nor which route requires which, so a route's refusal of the key is read as its scope only when nothing else can
 * explain it (docs/verdicts.md, "A key without a scope"): key status reports the key active, able to pay, and lists
 * its scopes (KeyLimits checks those first), every primary-key request of the step on that route was refused with
 * 403 (a 401 says the credentials were not accepted, which key status contradicts: the deployment's answer), and a
 * free probe of the route (`freeProbe`) is refused so too. The route is then out of the key's reach
 * for the rest of the run: every step on it is not run (`scope`), REST and MCP alike, and the run says so once.
 * A deployment that refuses a valid request for another reason serves the probe, and its verdict stands.
 */
export class KeyScopes {
  /** Each route probed once: the reason the key cannot reach it, or undefined when it can. */
  private readonly probed = new Map<OperationId, Promise<string | undefined>>();
  private readonly lacking = new Map<OperationId, string>();
  /** Routes that served the key: within its scope, whatever comes later. */
  private readonly reached = new Set<OperationId>();
  /** Whether the key reaches any route at all, once asked (`reachesAny`). */
  private reachesSome: Promise<boolean> | undefined;

  constructor(
    private readonly send: (request: PreparedRequest) => Promise<Exchange>,
    /** Told once per route the key is found to lack, as it is found. */
    private readonly onLacking: (line: string) => void,
  ) {}

  /** The routes found out of the key's reach (`POST /v1/...`), in the order they were found. */
  get routes(): string[] {
    return [...this.lacking.keys()].map((id) => {
      const op = bodyOperation(id)!;
      return `${op.method} ${op.path}`;
    });
  }

  /**
   * Every answer to the tester's key: a route that served it is within its scope, so a later refusal there is the
   * deployment's, never the key's (a scope does not come and go).
   */
  noteAnswers(exchanges: readonly Exchange[]): void {
    for (const e of exchanges) {
      // Only the routes a scope can keep from the key: key status and /version answer any key.
      const route = e.request.auth === "primary" ? bodyOperation(e.request.operationId ?? "") : undefined;
      if (route && isSuccess(e)) this.reached.add(route.operationId);
    }
  }

  /** Before a step of the primary key: not run once its route is known to be out of the key's reach. */
  guard(label: string, route: OperationId | undefined): void {
    const why = route === undefined ? undefined : this.lacking.get(route);
    if (why !== undefined) throw new NotRun("scope", `${label} was not sent: ${why}`);
  }

  /**
   * After a step of the primary key that did not pass, with key status reporting the key active, able to pay, and
   * holding `scopes`: a NotRun when the step's refusals are the key's scope, undefined when its verdict stands.
   */
  async judge(label: string, exchanges: readonly Exchange[], scopes: readonly string[]): Promise<NotRun | undefined> {
    const refused = refusedRoutes(exchanges);
    if (!refused || !scopes.length || [...refused.keys()].some((op) => this.reached.has(op.operationId)))
      return undefined;
    if (!(await this.reachesAny())) return undefined;
    const reasons: string[] = [];
    for (const [op, refusal] of refused) {
      const why = await this.confirm(op, refusal, scopes);
      if (why === undefined) return undefined;
      reasons.push(why);
    }
    return new NotRun("scope", `${label} was refused: ${reasons.join("; ")}`);
  }

  /**
   * Whether the key reaches any route: one that served it, or, until one has, the first route whose free probe is
   * served. A key that key status reports active and able to pay, refused on every route,
   * lacks no scope: the deployment refuses the key it accepts, and its verdicts stand.
   */
  private reachesAny(): Promise<boolean> {
    if (this.reached.size) return Promise.resolve(true);
    this.reachesSome ??= (async () => {
      for (const op of bodyOperations().values()) {
        if (this.reached.size) return true;
        const probe = await this.send(freeProbe(op));
        if (isSuccess(probe)) return true;
      }
      return this.reached.size > 0;
    })();
    return this.reachesSome;
  }

  private confirm(op: BodyOperation, refusal: string, scopes: readonly string[]): Promise<string | undefined> {
    let pending = this.probed.get(op.operationId);
    if (!pending) {
      pending = this.probe(op, refusal, scopes);
      this.probed.set(op.operationId, pending);
    }
    return pending;
  }

  private async probe(op: BodyOperation, refusal: string, scopes: readonly string[]): Promise<string | undefined> {
    const probe = await this.send(freeProbe(op));
    // No answer, or the rate limit's: nothing learnt; a later refusal probes again.
    if (probe.unanswered || probe.rateLimited) {
      this.probed.delete(op.operationId);
      return undefined;
    }
    const refusedToo = scopeRefusal(probe);
    if (refusedToo === undefined || this.reached.has(op.operationId)) return undefined;
    const why =
      `the tester's key lacks the scope of ${op.method} ${op.path} (${refusal}; a free probe of the route was ` +
      `refused too, ${refusedToo}), while key status reports it active, able to pay, with the scopes ` +
      scopes.join(", ");
    this.lacking.set(op.operationId, why);
    this.onLacking(
      `${why}: the cases that call the route are not run (scope), with no verdict; a key holding the route's ` +
        `scope runs them, and --only can leave them out`,
    );
    return why;
  }
}
