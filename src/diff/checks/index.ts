/**
 * Every diff check by id (the id equals its file name). A new check is one file plus one line here,
 * a row in checks.test.ts and a line in the README.
 */
import type { DiffCheck } from '../types.ts';
import { additionalPropertiesClosed } from './additional-properties-closed.ts';
import { additionalPropertiesNarrowed } from './additional-properties-narrowed.ts';
import { additionalPropertiesOpened } from './additional-properties-opened.ts';
import { alternativeParameterAdded } from './alternative-parameter-added.ts';
import { alternativesChanged } from './alternatives-changed.ts';
import { annotationHintChanged } from './annotation-hint-changed.ts';
import { boundAdded } from './bound-added.ts';
import { boundRelaxed } from './bound-relaxed.ts';
import { defaultChanged } from './default-changed.ts';
import { deprecatedToolRemoved } from './deprecated-tool-removed.ts';
import { deprecatedToolRemovedEarly } from './deprecated-tool-removed-early.ts';
import { deprecationChanged } from './deprecation-changed.ts';
import { descriptionChanged } from './description-changed.ts';
import { destructiveHintAdded } from './destructive-hint-added.ts';
import { enumAdded } from './enum-added.ts';
import { enumRemoved } from './enum-removed.ts';
import { enumValueAdded } from './enum-value-added.ts';
import { enumValueRemoved } from './enum-value-removed.ts';
import { formatChanged } from './format-changed.ts';
import { idempotentHintRemoved } from './idempotent-hint-removed.ts';
import { maximumLowered } from './maximum-lowered.ts';
import { oldCallRejected } from './old-call-rejected.ts';
import { minimumRaised } from './minimum-raised.ts';
import { optionalParameterAdded } from './optional-parameter-added.ts';
import { optionalParameterAddedWithoutDefault } from './optional-parameter-added-without-default.ts';
import { outputPropertyAdded } from './output-property-added.ts';
import { outputPropertyBecameOptional } from './output-property-became-optional.ts';
import { outputPropertyBecameRequired } from './output-property-became-required.ts';
import { outputPropertyRemoved } from './output-property-removed.ts';
import { outputSchemaAdded } from './output-schema-added.ts';
import { outputSchemaRemoved } from './output-schema-removed.ts';
import { outputTypeChanged } from './output-type-changed.ts';
import { parameterBecameOptional } from './parameter-became-optional.ts';
import { parameterBecameRequired } from './parameter-became-required.ts';
import { parameterDescriptionChanged } from './parameter-description-changed.ts';
import { parameterNoLongerDescribed } from './parameter-no-longer-described.ts';
import { parameterRemovedClosed } from './parameter-removed-closed.ts';
import { parameterRemovedOpen } from './parameter-removed-open.ts';
import { parameterTypeChanged } from './parameter-type-changed.ts';
import { parameterTypeNarrowed } from './parameter-type-narrowed.ts';
import { parameterTypeWidened } from './parameter-type-widened.ts';
import { patternAdded } from './pattern-added.ts';
import { patternChanged } from './pattern-changed.ts';
import { patternRemoved } from './pattern-removed.ts';
import { readOnlyHintRemoved } from './read-only-hint-removed.ts';
import { requiredParameterAdded } from './required-parameter-added.ts';
import { schemaChanged } from './schema-changed.ts';
import { schemaDialectChanged } from './schema-dialect-changed.ts';
import { schemaDialectChangedHarmless } from './schema-dialect-changed-harmless.ts';
import { SURFACE_CHECKS } from './surface-index.ts';
import { taskSupportRequired } from './task-support-required.ts';
import { toolBecameAppOnly } from './tool-became-app-only.ts';
import { toolBecameModelVisible } from './tool-became-model-visible.ts';
import { titleChanged } from './title-changed.ts';
import { toolAdded } from './tool-added.ts';
import { toolFieldChanged } from './tool-field-changed.ts';
import { toolRemoved } from './tool-removed.ts';
import { toolRenamed } from './tool-renamed.ts';
import { versionedToolPredecessorActive } from './versioned-tool-predecessor-active.ts';
import { xMcpHeaderChanged } from './x-mcp-header-changed.ts';
import { propertyNamesChanged } from './property-names-changed.ts';

export const CHECKS: Readonly<Record<string, DiffCheck>> = {
  'additional-properties-closed': additionalPropertiesClosed,
  'additional-properties-opened': additionalPropertiesOpened,
  'additional-properties-narrowed': additionalPropertiesNarrowed,
  'property-names-changed': propertyNamesChanged,
  'alternative-parameter-added': alternativeParameterAdded,
  'alternatives-changed': alternativesChanged,
  'annotation-hint-changed': annotationHintChanged,
  'bound-added': boundAdded,
  'bound-relaxed': boundRelaxed,
  'default-changed': defaultChanged,
  'deprecated-tool-removed': deprecatedToolRemoved,
  'deprecated-tool-removed-early': deprecatedToolRemovedEarly,
  'deprecation-changed': deprecationChanged,
  'description-changed': descriptionChanged,
  'destructive-hint-added': destructiveHintAdded,
  'enum-added': enumAdded,
  'enum-removed': enumRemoved,
  'enum-value-added': enumValueAdded,
  'enum-value-removed': enumValueRemoved,
  'format-changed': formatChanged,
  'idempotent-hint-removed': idempotentHintRemoved,
  'maximum-lowered': maximumLowered,
  'minimum-raised': minimumRaised,
  'old-call-rejected': oldCallRejected,
  'optional-parameter-added': optionalParameterAdded,
  'optional-parameter-added-without-default': optionalParameterAddedWithoutDefault,
  'output-property-added': outputPropertyAdded,
  'output-property-became-optional': outputPropertyBecameOptional,
  'output-property-became-required': outputPropertyBecameRequired,
  'output-property-removed': outputPropertyRemoved,
  'output-schema-added': outputSchemaAdded,
  'output-schema-removed': outputSchemaRemoved,
  'output-type-changed': outputTypeChanged,
  'parameter-became-optional': parameterBecameOptional,
  'parameter-became-required': parameterBecameRequired,
  'parameter-description-changed': parameterDescriptionChanged,
  'parameter-no-longer-described': parameterNoLongerDescribed,
  'parameter-removed-closed': parameterRemovedClosed,
  'parameter-removed-open': parameterRemovedOpen,
  'parameter-type-changed': parameterTypeChanged,
  'parameter-type-narrowed': parameterTypeNarrowed,
  'parameter-type-widened': parameterTypeWidened,
  'pattern-added': patternAdded,
  'pattern-changed': patternChanged,
  'pattern-removed': patternRemoved,
  'read-only-hint-removed': readOnlyHintRemoved,
  'required-parameter-added': requiredParameterAdded,
  'schema-changed': schemaChanged,
  'schema-dialect-changed': schemaDialectChanged,
  'schema-dialect-changed-harmless': schemaDialectChangedHarmless,
  'task-support-required': taskSupportRequired,
  'title-changed': titleChanged,
  'tool-added': toolAdded,
  'tool-became-app-only': toolBecameAppOnly,
  'tool-became-model-visible': toolBecameModelVisible,
  'tool-field-changed': toolFieldChanged,
  'tool-removed': toolRemoved,
  'tool-renamed': toolRenamed,
  'versioned-tool-predecessor-active': versionedToolPredecessorActive,
  'x-mcp-header-changed': xMcpHeaderChanged,
  // Prompts, resources, capabilities, instructions: their own map and table test (surface-checks.test.ts).
  ...SURFACE_CHECKS,
};
