import type { Mutant } from "./mutant.js";
import type { McpFaults } from "../mcp/faults.js";

/**
 * Mutants of the MCP surface: the REST routes stay correct, one MCP fault each (McpFaults), so the `mcp`
 * area of the suite must kill every one. suites/mcp/mcp.test.ts shows which cases kill which.
 */
export const MCP_MUTANTS: readonly Mutant[] = [
  {
    id: "mcp-tool-missing",
    clause: "s4-1-mcp-tool-per-route",
    area: "mcp",
    description: "tools/list leaves out svc_get_profiles, and calling it is refused as an unknown tool.",
    faults: { mcp: { missingTools: ["getProfiles"] } satisfies McpFaults },
  },
  {
    id: "mcp-tool-schema-drift",
    clause: "s4-1-tool-schema-agreement",
    area: "mcp",
    description:
      "The input schema of svc_search_people no longer agrees with the request body of POST /v1/people-search.",
    faults: { mcp: { driftedSchemas: ["searchPeople"] } satisfies McpFaults },
  },
  {
    id: "mcp-tool-double-charge",
    clause: "s4-6-tool-per-route-same-rules",
    area: "mcp",
    description: "The people search and profiles detail tools charge twice what their REST routes charge.",
    faults: { mcp: { doubleCharge: ["queryPeople", "getProfiles"] } satisfies McpFaults },
  },
  {
    id: "mcp-streamable-http-wrong-revision",
    clause: "s4-6-streamable-http-transport",
    area: "mcp",
    description: "initialize on /mcp is answered with protocol revision 2025-06-18 instead of 2025-03-26.",
    faults: { mcp: { revision: { streamableHttp: "2025-06-18" } } satisfies McpFaults },
  },
  {
    id: "mcp-sse-wrong-revision",
    clause: "s4-6-sse-legacy-transport",
    area: "mcp",
    description: "initialize on the SSE transport is answered with protocol revision 2025-03-26 instead of 2024-11-05.",
    faults: { mcp: { revision: { sse: "2025-03-26" } } satisfies McpFaults },
  },
  {
    id: "mcp-unauthenticated-accepted",
    clause: "s5-same-key-rest-mcp",
    area: "mcp",
    description:
      "The MCP transports serve requests without checking the key: no key or a bad key gets a JSON-RPC success.",
    faults: { mcp: { acceptUnauthenticated: true } satisfies McpFaults },
  },
  {
    id: "mcp-version-tool-other-fingerprint",
    clause: "s4-6-tool-per-route-same-rules",
    area: "mcp",
    description:
      "svc_get_version reports another contract fingerprint than GET /version: the MCP process was built from " +
      "another contract.",
    faults: {
      mcp: {
        versionFingerprint: "sha256:0000000000000000000000000000000000000000000000000000000000000000",
      } satisfies McpFaults,
    },
  },
  {
    id: "mcp-nl-tool-drops-size",
    clause: "s4-6-tool-per-route-same-rules",
    area: "mcp",
    description:
      "svc_search_people forwards only text to its route, dropping size: it returns a default page, other IDs " +
      "than REST.",
    faults: { mcp: { droppedArguments: { searchPeople: ["size"] } } satisfies McpFaults },
  },
  {
    id: "mcp-key-status-tool-charged",
    clause: "s5-key-status-no-cost",
    area: "mcp",
    description:
      "svc_get_key_status charges 1 Credit a call (a metered tool wrapper), while GET /auth/key/status stays free.",
    faults: { mcp: { surcharge: { getKeyStatus: 1 } } satisfies McpFaults },
  },
  {
    id: "mcp-sse-tools-other-prefix",
    clause: "s4-6-tool-per-route-same-rules",
    area: "mcp",
    description:
      "The SSE transport lists and serves the nine tools under the prefix legacy_ while /mcp lists them under svc_.",
    faults: { mcp: { ssePrefix: "legacy_" } satisfies McpFaults },
  },
  {
    id: "mcp-sse-session-lost-after-initialize",
    clause: "s4-6-sse-legacy-transport",
    area: "mcp",
    description:
      "The SSE message endpoint forgets a session after its first message (initialize): the initialized " +
      "notification and every tool call get 404.",
    faults: { mcp: { sseSessionMessages: 1 } satisfies McpFaults },
  },
];
