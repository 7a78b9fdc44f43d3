/**
 * npm run build, after tsc: compiles the judge's three editor-schema validators to code once, so that a run loads
 * them instead of compiling them (src/validity/schema-verdict.ts, searchValidator). A schema ajv refuses fails the
 * build with ajv's message.
 */
import { writeFileSync } from "node:fs";
import { BUILT_VALIDATORS, searchValidatorsCode } from "../src/validity/schema-verdict.js";

writeFileSync(BUILT_VALIDATORS, searchValidatorsCode());
