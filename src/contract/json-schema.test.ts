import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { builtBySchema, checkSchema, compileChecked, newAjv, standaloneBySchema } from "./json-schema.js";

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

describe("standaloneBySchema and builtBySchema", () => {
  const person = { type: "object", required: ["a"], properties: { a: { type: "string" }, b: { type: "integer" } } };
  const list = { type: "array", items: { enum: [1, 2] } };
  const options = { allErrors: true, strict: false } as const;
  const url = pathToFileURL(join(mkdtempSync(join(tmpdir(), "tdss-built-")), "built.cjs"));
  writeFileSync(url, standaloneBySchema(options, [person, list, person]));

  it("find a built schema by its content, whatever the order of its members, judging as a fresh compile does", () => {
    const built = builtBySchema(url, options);
    const reordered = {
      properties: { b: { type: "integer" }, a: { type: "string" } },
      required: ["a"],
      type: "object",
    };
    const validate = built(reordered)!;
    expect(validate).toBe(built(person));
    const fresh = compileChecked(newAjv(options), person);
    for (const value of [{ a: "x" }, { a: 1, b: "y" }, {}, null, { a: "x", b: 2.5 }]) {
      expect(validate(value)).toBe(fresh(value));
      expect(validate.errors).toEqual(fresh.errors);
    }
    expect(built(list)!([1, 3])).toBe(false);
  });

  it("give nothing for another schema, other options or no module", () => {
    expect(builtBySchema(url, options)({ ...person, required: ["b"] })).toBeUndefined();
    expect(builtBySchema(url, { ...options, allErrors: false })(person)).toBeUndefined();
    expect(builtBySchema(new URL("missing.cjs", url), options)(person)).toBeUndefined();
  });

  it("refuse at build a schema that breaks the meta-schema", () => {
    expect(() => standaloneBySchema(options, [{ minLength: -1 }])).toThrow(/^schema is invalid: /);
  });
});
