/**
 * The diff checks for what a server offers besides tools (prompts, resources, resource templates,
 * capabilities, instructions), by id (equal to the file name). Merged into CHECKS; documented in
 * docs/resources-prompts.md and tested in surface-checks.test.ts.
 */
import type { DiffCheck } from '../types.ts';
import { capabilityAdded } from './capability-added.ts';
import { capabilityRemoved } from './capability-removed.ts';
import { instructionsChanged } from './instructions-changed.ts';
import { promptAdded } from './prompt-added.ts';
import { promptArgumentBecameOptional } from './prompt-argument-became-optional.ts';
import { promptArgumentBecameRequired } from './prompt-argument-became-required.ts';
import { promptArgumentRemoved } from './prompt-argument-removed.ts';
import { promptDescriptionChanged } from './prompt-description-changed.ts';
import { promptOptionalArgumentAdded } from './prompt-optional-argument-added.ts';
import { promptRemoved } from './prompt-removed.ts';
import { promptRenamed } from './prompt-renamed.ts';
import { promptRequiredArgumentAdded } from './prompt-required-argument-added.ts';
import { resourceAdded } from './resource-added.ts';
import { resourceDescriptionChanged } from './resource-description-changed.ts';
import { resourceMimeTypeChanged } from './resource-mime-type-changed.ts';
import { resourceRemoved } from './resource-removed.ts';
import { surfaceFieldChanged } from './surface-field-changed.ts';
import { surfaceTitleChanged } from './surface-title-changed.ts';

export const SURFACE_CHECKS: Readonly<Record<string, DiffCheck>> = {
  'capability-added': capabilityAdded,
  'capability-removed': capabilityRemoved,
  'instructions-changed': instructionsChanged,
  'prompt-added': promptAdded,
  'prompt-argument-became-optional': promptArgumentBecameOptional,
  'prompt-argument-became-required': promptArgumentBecameRequired,
  'prompt-argument-removed': promptArgumentRemoved,
  'prompt-description-changed': promptDescriptionChanged,
  'prompt-optional-argument-added': promptOptionalArgumentAdded,
  'prompt-removed': promptRemoved,
  'prompt-renamed': promptRenamed,
  'prompt-required-argument-added': promptRequiredArgumentAdded,
  'resource-added': resourceAdded,
  'resource-description-changed': resourceDescriptionChanged,
  'resource-mime-type-changed': resourceMimeTypeChanged,
  'resource-removed': resourceRemoved,
  'surface-field-changed': surfaceFieldChanged,
  'surface-title-changed': surfaceTitleChanged,
};
