import type { Pending, RequestContext, Stage, StageName } from "./context.js";
import { onError } from "./on-error.js";

/** A stage with its name, as the pipeline lists it. */
export interface NamedStage {
  readonly name: StageName;
  readonly run: Stage;
}

/** A stage whose refusals (thrown or rejected) become the response through onError, at the stage that threw. */
function guarded(stage: NamedStage): Stage {
  return (ctx, next) => {
    try {
      const pending = stage.run(ctx, next);
      if (pending instanceof Promise) return pending.catch((error: unknown) => onError(error, ctx, stage.name));
    } catch (error) {
      onError(error, ctx, stage.name);
    }
  };
}

/**
 * The stages composed into one function, as Hono's `compose`: each runs with a `next` that runs the rest. A
 * refusal is turned into `ctx.response` where it is thrown, so a stage (or a fault wrapping it) that called
 * `next` finds the answer of every stage after it in `ctx.response` once `next` returns, refusal or success.
 * `wrappers` (src/reference/pipeline/hooks.ts) wrap a stage as the pipeline runs it, refusals included.
 * Stages that do not wait stay synchronous, so a tool call or a request whose body is read runs without
 * extra turns of the event loop.
 */
export function compose(
  stages: readonly NamedStage[],
  wrap: (name: StageName, stage: Stage) => Stage = (_name, stage) => stage,
): (ctx: RequestContext) => Pending {
  const runs = stages.map((stage) => {
    const inner = guarded(stage);
    const wrapped = wrap(stage.name, inner);
    // A fault wrapping a stage may refuse too, before or instead of the stage: that refusal is the stage's.
    return wrapped === inner ? inner : guarded({ name: stage.name, run: wrapped });
  });
  return (ctx) => {
    const dispatch = (i: number): Pending => {
      const run = runs[i];
      return run ? run(ctx, () => dispatch(i + 1)) : undefined;
    };
    return dispatch(0);
  };
}
