/**
 * House rules for spec/openapi.yaml, run by src/contract/openapi.test.ts beside Spectral's `spectral:oas`:
 * every operation names its MCP tool (§4.1) and its Credit formula (§8), and every place
 * marked implementation-defined says what is unknown.
 */
import { truthy, enumeration } from "@stoplight/spectral-functions";
import type { RulesetDefinition } from "@stoplight/spectral-core";

const OPERATIONS = "$.paths[*][get,post,put,patch,delete]";

export const openapiHouseRuleset: RulesetDefinition = {
  rules: {
    "tdss-operation-mcp-tool": {
      description: "Every operation names its MCP tool in x-mcp-tool (§4.1).",
      message: "{{path}} has no x-mcp-tool",
      severity: "error",
      given: OPERATIONS,
      then: { field: "x-mcp-tool", function: truthy },
    },
    "tdss-operation-credit-cost": {
      description: "Every operation names its Credit formula of spec/catalog/credits.yaml in x-credit-cost (§8).",
      message: "{{error}}",
      severity: "error",
      given: OPERATIONS,
      then: [
        { field: "x-credit-cost", function: truthy },
        {
          field: "x-credit-cost",
          function: enumeration,
          functionOptions: { values: ["search", "natural-language-search", "detail", "free", "not-shown"] },
        },
      ],
    },
    "tdss-implementation-defined-description": {
      description: "Every x-implementation-defined place carries a description of what the spec leaves unknown.",
      message: "x-implementation-defined without a description",
      severity: "error",
      given: "$..[?(@ && @['x-implementation-defined'] === true)]",
      then: { field: "description", function: truthy },
    },
  },
};
