import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { checkSchema, compileChecked, newAjv } from "./json-schema.js";

describe("newAjv and compileChecked", () => {
  it("compile a schema that keeps the meta-schema, and the validator judges as ajv's own would", () => {
    const schema = { type: "object", required: ["a"], properties: { a: { type: "string", minLength: 2 } } };
    const validate = compileChecked(newAjv({ allErrors: true }), schema);
    const own = new Ajv2020({ allErrors: true }).compile(schema);
    for (const value of [{ a: "xy" }, { a: "x" }, {}, { a: 3 }, null]) expect(validate(value)).toBe(own(value));
  });

  it("refuse a schema that breaks the meta-schema with ajv's own message", () => {
    const broken = { type: "object", properties: { a: { type: 12 } } };
    let message = "";
    try {
      new Ajv2020().compile(broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^schema is invalid: /);
    expect(() => compileChecked(newAjv(), broken)).toThrow(message);
    expect(() => checkSchema({ minLength: -1 })).toThrow(/^schema is invalid: .*minLength/);
  });

  it("an instance of newAjv alone does not check the meta-schema: compileChecked is what does", () => {
    expect(() => newAjv({ strict: false }).compile({ minLength: -1 })).not.toThrow();
  });
});
