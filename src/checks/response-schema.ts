import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { describeErrors, loadContract, responseValidator, type OperationId } from "../contract/index.js";
import { isSuccess } from "../runner/views.js";
import { eachExchange, fail, pageLabel, pass, type Check } from "./check.js";

const lenient = new Map<OperationId, ValidateFunction>();

/**
 * The contract's validator of a route's success response, or, where ajv's strict mode rejects the
 * schema itself (e.g. a `not: {required: [total]}` naming a member the subschema does not declare),
 * the same schema compiled without strict mode: the response is judged either way.
 */
function validatorFor(op: OperationId): ValidateFunction {
  try {
    return responseValidator(op);
  } catch {
    let fn = lenient.get(op);
    if (!fn) {
      const { openapi, operations } = loadContract();
      const { path, method } = operations.get(op)!;
      const id = "tdss:openapi-lenient";
      const rewrite = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll('"#/components/schemas/', `"${id}#/$defs/`)) as object;
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      ajv.addSchema({ $id: id, $defs: rewrite(openapi.components?.schemas ?? {}) });
      const item = openapi.paths?.[path] as Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>;
      fn = ajv.compile(rewrite(item[method.toLowerCase()]!.responses["200"]!.content["application/json"]!.schema));
      lenient.set(op, fn);
    }
    return fn;
  }
}

/** The success body matches the route's response schema in spec/openapi.yaml (envelope and data). */
export const responseSchema: Check = {
  description: "the success response matches the route's schema in spec/openapi.yaml",
  run: (ctx) => {
    const op = ctx.operationId;
    if (!op) return fail("response-schema needs a request to a route of the contract");
    const validate = validatorFor(op);
    return eachExchange(ctx, (e, i) => {
      if (!isSuccess(e)) return fail(`${pageLabel(ctx, i)}not a success response, nothing to validate`, "a success", e.status ?? e.error);
      if (validate(e.json)) return pass();
      const errors = describeErrors(validate.errors).slice(0, 8);
      return fail(`${pageLabel(ctx, i)}does not match the ${op} response schema: ${errors.join("; ")}`, `the ${op} response schema`, errors);
    });
  },
};
