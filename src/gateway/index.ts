/** `tdss/gateway`: lint on the wire (docs/gateway.md). */
export { startGateway, DEFAULT_GATEWAY_PORT, type Gateway, type GatewayOptions } from "./server.js";
export type { Blockable } from "./verdict.js";
