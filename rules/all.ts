/**
 * The rule table: every Query Spec lint rule, one rule a file (kebab-case id = file name), in the
 * order of the consequence classes: refused, empty, broadened, unspecified, cost, style.
 */
import type { Rule } from "../src/lint/rule.js";
import invalidJson from "./invalid-json.js";
import bodyNotObject from "./body-not-object.js";
import whereRequired from "./where-required.js";
import sizeRange from "./size-range.js";
import afterType from "./after-type.js";
import nlBody from "./nl-body.js";
import detailIds from "./detail-ids.js";
import detailSource from "./detail-source.js";
import maxDepth from "./max-depth.js";
import nodeShape from "./node-shape.js";
import scopeNotAllowed from "./scope-not-allowed.js";
import unknownField from "./unknown-field.js";
import leafOperatorCount from "./leaf-operator-count.js";
import operatorNotAllowed from "./operator-not-allowed.js";
import operatorValueKind from "./operator-value-kind.js";
import dateFormat from "./date-format.js";
import fixedSetValue from "./fixed-set-value.js";
import countryCode from "./country-code.js";
import contradiction from "./contradiction.js";
import languageProficiencyScope from "./language-proficiency-scope.js";
import fieldOutsideScope from "./field-outside-scope.js";
import scopeSiblings from "./scope-siblings.js";
import duplicateKey from "./duplicate-key.js";
import extraMember from "./extra-member.js";
import argumentForm from "./argument-form.js";
import matchRoleCompanyType from "./match-role-company-type.js";
import operatorType from "./operator-type.js";
import valueType from "./value-type.js";
import relativeDateUnit from "./relative-date-unit.js";
import postedAbsoluteDate from "./posted-absolute-date.js";
import fieldNotInScope from "./field-not-in-scope.js";
import nestedScope from "./nested-scope.js";
import sourceUnspecified from "./source-unspecified.js";
import nlUnspecified from "./nl-unspecified.js";
import cost from "./cost.js";
import singleChildComposite from "./single-child-composite.js";
import nestedComposite from "./nested-composite.js";
import singleValueIn from "./single-value-in.js";
import doubleNegation from "./double-negation.js";
import duplicateSibling from "./duplicate-sibling.js";
import byteOrderMark from "./byte-order-mark.js";
import bodySize from "./body-size.js";
import nodeCount from "./node-count.js";

export const RULES: readonly Rule[] = Object.freeze([
  invalidJson,
  bodyNotObject,
  whereRequired,
  sizeRange,
  afterType,
  nlBody,
  detailIds,
  detailSource,
  maxDepth,
  nodeShape,
  scopeNotAllowed,
  unknownField,
  leafOperatorCount,
  operatorNotAllowed,
  operatorValueKind,
  dateFormat,
  fixedSetValue,
  countryCode,
  contradiction,
  languageProficiencyScope,
  fieldOutsideScope,
  scopeSiblings,
  duplicateKey,
  byteOrderMark,
  bodySize,
  nodeCount,
  extraMember,
  argumentForm,
  matchRoleCompanyType,
  operatorType,
  valueType,
  relativeDateUnit,
  postedAbsoluteDate,
  fieldNotInScope,
  nestedScope,
  sourceUnspecified,
  nlUnspecified,
  cost,
  singleChildComposite,
  nestedComposite,
  singleValueIn,
  doubleNegation,
  duplicateSibling,
]);

/** A rule by id. */
export function ruleById(id: string): Rule | undefined {
  return RULES.find((r) => r.meta.id === id);
}
