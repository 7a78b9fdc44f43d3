/**
 * npm run build, after tsc: compiles to code, once, the JSON Schemas a run would otherwise compile (docs/benchmarks.md,
 * "The run's own work"): the judge's three editor schemas (src/validity/schema-verdict.ts), the contract's request
 * and response schemas (src/contract/validators.ts), the contract's tool input schemas (src/checks/mcp-tools.ts)
 * and the checks' arguments (src/checks/args.ts). Each module sits beside the module that loads it, keyed by what it
 * was made from; a schema ajv refuses fails the build with ajv's message.
 */
import { writeFileSync } from "node:fs";
import { argsValidatorsCode, BUILT_ARGS_VALIDATORS } from "../src/checks/args.js";
import { BUILT_TOOL_VALIDATORS, toolValidatorsCode } from "../src/checks/mcp-tools.js";
import { BUILT_CONTRACT_VALIDATORS, contractValidatorsCode } from "../src/contract/validators.js";
import { BUILT_VALIDATORS, searchValidatorsCode } from "../src/validity/schema-verdict.js";

writeFileSync(BUILT_VALIDATORS, searchValidatorsCode());
writeFileSync(BUILT_CONTRACT_VALIDATORS, contractValidatorsCode());
writeFileSync(BUILT_TOOL_VALIDATORS, toolValidatorsCode());
writeFileSync(BUILT_ARGS_VALIDATORS, argsValidatorsCode());
