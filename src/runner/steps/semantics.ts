import { DATASETS, type Dataset } from "../../contract/index.js";
import { NothingToSample, SemanticOracles } from "../semantics/oracles.js";
import { AllowanceSpent } from "../semantics/oracle-requests.js";
import { Session } from "./oracle-session.js";
import type { StepKind } from "./step-kind.js";

/** The `semantics:` member of a step (docs/search-semantics.md). */
interface SemanticsSpec {
  readonly dataset: Dataset;
  /** Records sampled at each depth. */
  readonly samples: { readonly quick: number; readonly thorough: number };
  /** The most Credits the step may spend at each depth: its worst case, reserved from the run's budget. */
  readonly max_credits: { readonly quick: number; readonly thorough: number };
  /** Partitions (TLP) tried at each depth. */
  readonly partitions: { readonly quick: number; readonly thorough: number };
}

const depthPair = {
  type: "object",
  additionalProperties: false,
  required: ["quick", "thorough"],
  properties: {
    quick: { type: "integer", minimum: 1, maximum: 100 },
    thorough: { type: "integer", minimum: 1, maximum: 100 },
  },
};

/**
 * `semantics:` — the search-semantics oracles on one dataset: samples records, builds queries from their own
 * values and from relations that hold on any data, sends them and judges what comes back. Its worst case is
 * its Credit allowance; every request inside is priced against what is left of it before it is sent.
 */
export const semanticsStep: StepKind = {
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["dataset", "samples", "max_credits", "partitions"],
    properties: {
      dataset: { enum: [...DATASETS] },
      samples: depthPair,
      partitions: depthPair,
      max_credits: {
        ...depthPair,
        properties: { quick: { type: "integer", minimum: 0 }, thorough: { type: "integer", minimum: 0 } },
      },
    },
  },
  plan(spec, ctx) {
    const s = spec as SemanticsSpec;
    return { auth: "primary", worstCase: s.max_credits[ctx.depth ?? "quick"], maxItems: 0 };
  },
  admitsEachRequest: true,
  async execute(spec, ctx) {
    const s = spec as SemanticsSpec;
    const depth = ctx.depth ?? "quick";
    const session = new Session(ctx, s.max_credits[depth]);
    let inconclusive: string | undefined;
    let failure: string | undefined;
    try {
      await new SemanticOracles(session, {
        dataset: s.dataset,
        samples: s.samples[depth],
        partitions: s.partitions[depth],
      }).run();
    } catch (error) {
      if (error instanceof AllowanceSpent) inconclusive = `${error.message} before every search check ran`;
      else if (error instanceof NothingToSample) inconclusive = error.message;
      else failure = `the search checks (retrievability, relations, ...) could not run: ${(error as Error).message}`;
    }
    return {
      exchanges: session.exchanges,
      findings: session.findings,
      observations: session.observations,
      ...(failure ? { failure } : {}),
      ...(inconclusive && !session.findings.length ? { inconclusive } : {}),
    };
  },
};
