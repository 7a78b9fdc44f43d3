/** The reference server of the Talent Data Search Service (`tdss serve`). */
export { startReferenceServer, ServerStartError, type ReferenceServer } from "./server.js";
export { createReferenceService, prebuildStore, ReferenceService } from "./reference-service.js";
export type { PrebuildOptions } from "./prebuilt.js";
export type { PrebuiltStore, ReferenceServerOptions, ReferenceServiceOptions } from "./options.js";
export type { Tap, TappedExchange } from "./tap.js";
export { DEFAULT_SEED, DEFAULT_SIZES } from "./options.js";
export { DEMO_KEYS, parseKeySpecs, type KeySpec, type RateLimit } from "./keys.js";
export type { Service, ServiceResponse, Envelope } from "./service.js";
export type { Faults } from "./faults.js";
export { MUTANTS, findMutant, type Mutant } from "./mutants/index.js";
export {
  VARIANTS,
  PENDING_VARIANTS,
  findVariant,
  unknownVariants,
  WITHOUT_VARIANT,
  type DatasetSizes,
  type Variant,
} from "./variants/index.js";
export type { PersonInput, ExperienceInput, EducationInput, LanguageInput, JobInput, CompanyInput } from "./inputs.js";
export type { StoreInput } from "./store/store.js";
export { createMcpHandler, deriveTools, ToolAgreementError, MCP_PATHS, MCP_REVISIONS } from "./mcp/index.js";
export type { McpHandler, McpHandlerOptions, McpFaults, ToolDefinition } from "./mcp/index.js";
