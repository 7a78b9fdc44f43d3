import { mcpCallStep } from "./mcp-call.js";
import { mcpProbeStep } from "./mcp-probe.js";
import type { StepKind } from "./step-kind.js";
import { mcpToolsStep } from "./mcp-tools.js";

/** The step kinds of the `mcp` area (§4.6), merged into STEP_KINDS. */
export const MCP_STEP_KINDS: Readonly<Record<string, StepKind>> = {
  mcp_call: mcpCallStep,
  mcp_tools: mcpToolsStep,
  mcp_probe: mcpProbeStep,
};
