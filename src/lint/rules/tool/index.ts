/**
 * The tool rule registry: a plain map from rule id to rule, in documentation order (schema, types,
 * names, descriptions, tool set, security). A new rule is one file here plus one line below.
 */
import type { ToolRule } from '../../tool-rule-kit.ts';
import { appToolMeta } from './app-tool-meta.ts';
import { dataExfiltration } from './data-exfiltration.ts';
import { defaultValid } from './default-valid.ts';
import { descriptionExamples } from './description-examples.ts';
import { descriptionExclusions } from './description-exclusions.ts';
import { descriptionLength } from './description-length.ts';
import { descriptionNoImplementation } from './description-no-implementation.ts';
import { descriptionNotDocstring } from './description-not-docstring.ts';
import { descriptionNotName } from './description-not-name.ts';
import { descriptionPresent } from './description-present.ts';
import { descriptionSiblingExists } from './description-sibling-exists.ts';
import { descriptionWhenToCall } from './description-when-to-call.ts';
import { enumValid } from './enum-valid.ts';
import { formatKnown } from './format-known.ts';
import { keywordKnown } from './keyword-known.ts';
import { hiddenUnicode } from './hidden-unicode.ts';
import { instructionOverride } from './instruction-override.ts';
import { nameConfusable } from './name-confusable.ts';
import { nameConsistentCase } from './name-consistent-case.ts';
import { namePortable } from './name-portable.ts';
import { nameMcpFormat } from './name-mcp-format.ts';
import { outputSchemaDeclared } from './output-schema-declared.ts';
import { outputSchemaValid } from './output-schema-valid.ts';
import { patternVerifiable } from './pattern-verifiable.ts';
import { taskSupportLegacy } from './task-support-legacy.ts';
import { taskSupportValid } from './task-support-valid.ts';
import { xMcpHeaderValid } from './x-mcp-header-valid.ts';
import { nameSelfDescribing } from './name-self-describing.ts';
import { nameUnique } from './name-unique.ts';
import { nameVerbFirst } from './name-verb-first.ts';
import { noRemoteRef } from './no-remote-ref.ts';
import { notAllStrings } from './not-all-strings.ts';
import { objectFillable } from './object-fillable.ts';
import { optionalHasDefault } from './optional-has-default.ts';
import { preferArray } from './prefer-array.ts';
import { preferBoolean } from './prefer-boolean.ts';
import { preferEnum } from './prefer-enum.ts';
import { preferInteger } from './prefer-integer.ts';
import { propertyDescription } from './property-description.ts';
import { propertyType } from './property-type.ts';
import { requiredExists } from './required-exists.ts';
import { requiredNoDefault } from './required-no-default.ts';
import { schemaObjectRoot } from './schema-object-root.ts';
import { schemaPropertiesRequired } from './schema-properties-required.ts';
import { schemaValid } from './schema-valid.ts';
import { sensitiveFileAccess } from './sensitive-file-access.ts';
import { strictSchema } from './strict-schema.ts';
import { toolCallDirective } from './tool-call-directive.ts';
import { toolsetOverlap } from './toolset-overlap.ts';
import { toolsetSize } from './toolset-size.ts';
import { toolsetTokenCost } from './toolset-token-cost.ts';

export const TOOL_RULES: Readonly<Record<string, ToolRule>> = {
  [schemaObjectRoot.id]: schemaObjectRoot,
  [schemaPropertiesRequired.id]: schemaPropertiesRequired,
  [schemaValid.id]: schemaValid,
  [formatKnown.id]: formatKnown,
  [keywordKnown.id]: keywordKnown,
  [patternVerifiable.id]: patternVerifiable,
  [defaultValid.id]: defaultValid,
  [propertyType.id]: propertyType,
  [propertyDescription.id]: propertyDescription,
  [requiredExists.id]: requiredExists,
  [requiredNoDefault.id]: requiredNoDefault,
  [enumValid.id]: enumValid,
  [noRemoteRef.id]: noRemoteRef,
  [preferEnum.id]: preferEnum,
  [preferInteger.id]: preferInteger,
  [preferBoolean.id]: preferBoolean,
  [preferArray.id]: preferArray,
  [notAllStrings.id]: notAllStrings,
  [optionalHasDefault.id]: optionalHasDefault,
  [objectFillable.id]: objectFillable,
  [strictSchema.id]: strictSchema,
  [nameVerbFirst.id]: nameVerbFirst,
  [nameSelfDescribing.id]: nameSelfDescribing,
  [nameUnique.id]: nameUnique,
  [nameConsistentCase.id]: nameConsistentCase,
  [nameConfusable.id]: nameConfusable,
  [namePortable.id]: namePortable,
  [nameMcpFormat.id]: nameMcpFormat,
  [descriptionPresent.id]: descriptionPresent,
  [descriptionWhenToCall.id]: descriptionWhenToCall,
  [descriptionExclusions.id]: descriptionExclusions,
  [descriptionSiblingExists.id]: descriptionSiblingExists,
  [descriptionExamples.id]: descriptionExamples,
  [descriptionNoImplementation.id]: descriptionNoImplementation,
  [descriptionNotDocstring.id]: descriptionNotDocstring,
  [descriptionNotName.id]: descriptionNotName,
  [descriptionLength.id]: descriptionLength,
  [toolsetSize.id]: toolsetSize,
  [toolsetTokenCost.id]: toolsetTokenCost,
  [toolsetOverlap.id]: toolsetOverlap,
  [hiddenUnicode.id]: hiddenUnicode,
  [instructionOverride.id]: instructionOverride,
  [sensitiveFileAccess.id]: sensitiveFileAccess,
  [dataExfiltration.id]: dataExfiltration,
  [toolCallDirective.id]: toolCallDirective,
  // The 2026-07-28 tool definition and structured results (docs/resources-prompts.md).
  [xMcpHeaderValid.id]: xMcpHeaderValid,
  [taskSupportLegacy.id]: taskSupportLegacy,
  [taskSupportValid.id]: taskSupportValid,
  [outputSchemaDeclared.id]: outputSchemaDeclared,
  [outputSchemaValid.id]: outputSchemaValid,
  [appToolMeta.id]: appToolMeta,
};
