/**
 * The MCP surface of §4.6, one place for every part of tdss that speaks it (client, reference, gateway, audit): the
 * address of each transport relative to the base URL, the message endpoint the SSE stream announces, and the
 * protocol revision each transport speaks (s4-6-streamable-http-transport, s4-6-sse-legacy-transport).
 */
export const MCP_PATHS = { streamableHttp: "/mcp", sse: "/sse", messages: "/messages" } as const;

export const MCP_REVISIONS = { streamableHttp: "2025-03-26", sse: "2024-11-05" } as const;
