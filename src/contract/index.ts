/**
 * The contract (spec/) as the product reads it. Everything here runs anywhere, a browser included: no file, no
 * YAML parser, no JSON Schema compiler. Validators (`./validators.js`), the package root (`./root.js`) and the
 * summary (`./summary.js`) are imported by their own paths where they are needed.
 */
export { loadContract, operation, clause, canonicalJson, type Contract } from "./load.js";
export { creditCost } from "./credits.js";
export * from "./types.js";
export { searchRoutes, detailRoutes, pricedOperations } from "./families.js";
export type { RouteFamilyMember, DetailRoute } from "./families.js";
export type { Operation, BodyOperation, BodyKind } from "./operations.js";
export { bodyOperations, operationOf, idsMemberOf, routeOf, operationIdsOfKind, bodyOperation } from "./routes.js";
export { exactField } from "./exact-fields.js";
export { scopeKeys, isScopeKey, subRecords, subRecordOf, scopeKeyOf, subRecordFields } from "./scopes.js";
