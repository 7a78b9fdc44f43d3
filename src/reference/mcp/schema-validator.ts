import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

let shared: AjvJsonSchemaValidator | undefined;

/**
 * The JSON Schema validator every MCP session's Server is given. The SDK's Server checks with it only a client's
 * answer to elicitInput (server/index.js of @modelcontextprotocol/sdk 1.32), which the reference never sends, yet
 * a Server built without one makes its own Ajv with every format: most of the CPU of opening a session
 * (docs/benchmarks.md, "The reference server's CPU in a run"). One validator, its Ajv made on first use, serves
 * every session.
 */
export const SESSION_SCHEMA_VALIDATOR: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    shared ??= new AjvJsonSchemaValidator();
    return shared.getValidator<T>(schema);
  },
};
