import { describe, expect, it } from "vitest";
import { SESSION_SCHEMA_VALIDATOR } from "./schema-validator.js";

describe("SESSION_SCHEMA_VALIDATOR", () => {
  it("checks a value against a JSON Schema as the SDK's default validator does, formats included", () => {
    const check = SESSION_SCHEMA_VALIDATOR.getValidator<{ mail: string }>({
      type: "object",
      properties: { mail: { type: "string", format: "email" } },
      required: ["mail"],
    });
    expect(check({ mail: "a@example.com" })).toEqual({
      valid: true,
      data: { mail: "a@example.com" },
      errorMessage: undefined,
    });
    expect(check({ mail: "not a mail" }).valid).toBe(false);
    expect(check({}).errorMessage).toMatch(/mail/);
  });
});
