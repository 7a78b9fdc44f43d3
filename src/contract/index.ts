export { loadContract, operation, clause, canonicalJson, type Contract } from "./load.js";
export { creditCost } from "./credits.js";
export { schemaValidator, requestValidator, responseValidator, describeErrors } from "./validators.js";
export { packageRoot, specPath } from "./root.js";
export { formatContractSummary } from "./summary.js";
export * from "./types.js";
export { searchRoutes, detailRoutes, pricedOperations, operationsPriced } from "./families.js";
export type { RouteFamilyMember, DetailRoute } from "./families.js";
