import { describeErrors, responseValidator } from "../contract/validators.js";
import { isSuccess } from "./views.js";
import { eachExchange, fail, firstOf, pageLabel, pass, type Check } from "./check.js";
import { withEnvelopeClauses } from "./envelope.js";

/** The success body matches the route's response schema in spec/openapi.yaml (envelope and data). */
export const responseSchema: Check = {
  description: "the success response matches the route's schema in spec/openapi.yaml",
  run: (ctx) => {
    const op = ctx.operationId;
    if (!op) return fail("response-schema needs a request to a route of the contract");
    const validate = responseValidator(op);
    return eachExchange(ctx, (e, i) => {
      if (!isSuccess(e))
        return withEnvelopeClauses(
          e,
          fail(`${pageLabel(ctx, i)}not a success response, nothing to validate`, "a success", e.status ?? e.error),
        );
      if (validate(e.json)) return pass();
      const errors = firstOf(describeErrors(validate.errors), 8);
      return fail(
        `${pageLabel(ctx, i)}does not match the ${op} response schema: ${errors.join("; ")}`,
        `the ${op} response schema`,
        errors,
      );
    });
  },
};
