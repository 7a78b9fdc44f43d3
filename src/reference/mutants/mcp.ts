import type { Mutant } from "./mutant.js";
import type { McpFaults } from "../mcp/faults.js";
import { creditCost, idsMemberOf } from "../../contract/index.js";
import { hasKeyRing } from "../mcp/auth.js";
import type { KeyAccount } from "../keys.js";
import type { Service } from "../service.js";

/**
 * A Service whose people search also answers the records of the IDs it found, read through the profiles route
 * and refunded, so that the tool's Credits stay those of the search and only its answer breaks §4.6.
 */
function withRecords(service: Service): Service {
  return {
    async call(operationId, body, authorization) {
      const response = await service.call(operationId, body, authorization);
      if (operationId !== "queryPeople" || response.status !== 200) return response;
      const data = response.envelope.data as Record<string, unknown>;
      const ids = data[idsMemberOf("people")] as string[];
      if (ids.length === 0) return response;
      const detail = await service.call("getProfiles", { [idsMemberOf("people")]: ids.slice(0, 100) }, authorization);
      if (detail.status !== 200) return response;
      const results = (detail.envelope.data as { results: unknown[] }).results;
      if (hasKeyRing(service))
        (service.keyRing.identify(authorization) as KeyAccount).charge(
          -(creditCost("getProfiles", results.length) ?? 0),
        );
      return { ...response, envelope: { ...response.envelope, data: { ...data, results } } };
    },
  };
}

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
  {
    id: "mcp-key-status-tool-missing",
    clause: "s1-mcp-exposes-nine-routes",
    area: "mcp",
    routes: ["getKeyStatus"],
    description:
      "tools/list leaves out svc_get_key_status (eight tools, the data and version routes only), and calling it " +
      "is refused as an unknown tool.",
    faults: { mcp: { missingTools: ["getKeyStatus"] } satisfies McpFaults },
  },
  {
    id: "mcp-query-people-tool-returns-records",
    clause: "s4-6-search-tool-ids-only",
    area: "mcp",
    routes: ["queryPeople"],
    description:
      "svc_query_people answers, beside profile_ids, the default record of each profile (read without a charge): " +
      "a search tool that returns records, on the Streamable HTTP transport.",
    faults: { mcp: { transportService: { "streamable-http": withRecords } } satisfies McpFaults },
  },
];
