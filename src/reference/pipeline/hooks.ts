import type { Faults } from "../faults.js";
import { after, operationOf, type Stage, type StageHook } from "./context.js";
import { chargeWith } from "./stages/charge.js";
import { lenientJsonBody } from "./stages/json.js";
import { keyWith } from "./stages/key.js";

/** A stage that lets every request through: a check switched off. */
export const pass: Stage = (_ctx, next) => next();

/**
 * The request-path hooks of src/reference/faults.ts, each one stage hook: `request` rewrites the body before
 * validation, `authorize` replaces the key stage, `charge` the charge stage, `chargeRefusal` charges what
 * validation or the handler refused, `response` rewrites every answer from the key stage on, `routes` answers
 * paths beside the nine before routing; `stages` are taken as they are.
 */
export function faultHooks(faults: Faults): StageHook[] {
  const hooks: StageHook[] = [];
  const { request, authorize, charge, chargeRefusal, response, routes } = faults;
  if (routes)
    hooks.push({
      stage: "route",
      wrap: (inner) => async (ctx, next) => {
        const extra = routes[`${ctx.method} ${ctx.path}`];
        if (!extra) return inner(ctx, next);
        const body = ctx.req ? await lenientJsonBody(ctx.req) : undefined;
        ctx.response = await extra(ctx.service, body, ctx.authorization);
      },
    });
  if (authorize) hooks.push({ stage: "key", replace: keyWith(authorize) });
  if (request)
    hooks.push({
      stage: "validation",
      wrap: (inner) => (ctx, next) => {
        ctx.body = request(operationOf(ctx), ctx.body);
        return inner(ctx, next);
      },
    });
  if (chargeRefusal) {
    const charged: (stage: Stage) => Stage = (inner) => (ctx, next) =>
      after(inner(ctx, next), () => {
        const refused = ctx.refusedAt === "validation" || ctx.refusedAt === "handler";
        if (refused && ctx.account) ctx.account.charge(chargeRefusal(operationOf(ctx), ctx.response!.status));
      });
    hooks.push({ stage: "validation", wrap: charged });
  }
  if (charge) hooks.push({ stage: "charge", replace: chargeWith(charge) });
  if (response)
    hooks.push({
      stage: "key",
      wrap: (inner) => (ctx, next) =>
        after(inner(ctx, next), () => {
          if (ctx.response) ctx.response = response(operationOf(ctx), ctx.response);
        }),
    });
  return [...hooks, ...(faults.stages ?? [])];
}
