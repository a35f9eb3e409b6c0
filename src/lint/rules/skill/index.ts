/** Every skill lint rule by id; a new rule is one file plus one line here (ids equal file names). */
import type { SkillRule } from '../../../skills/skill-lint-kit.ts';
import { skillBodyContext } from './skill-body-context.ts';
import { skillBodyDonts } from './skill-body-donts.ts';
import { skillBodySteps } from './skill-body-steps.ts';
import { skillBodyTitle } from './skill-body-title.ts';
import { skillDescriptionExclusion } from './skill-description-exclusion.ts';
import { skillDescriptionLength } from './skill-description-length.ts';
import { skillDescriptionOverlap } from './skill-description-overlap.ts';
import { skillDescriptionPresent } from './skill-description-present.ts';
import { skillDescriptionSituation } from './skill-description-situation.ts';
import { skillDescriptionTriggers } from './skill-description-triggers.ts';
import { skillEvalsFile } from './skill-evals-file.ts';
import { skillEvalsMetadata } from './skill-evals-metadata.ts';
import { skillFrontMatter } from './skill-front-matter.ts';
import { skillMissingFile } from './skill-missing-file.ts';
import { skillNameFormat } from './skill-name-format.ts';
import { skillNameMatchesFolder } from './skill-name-matches-folder.ts';
import { skillPathEscape } from './skill-path-escape.ts';
import { skillShadowed } from './skill-shadowed.ts';
import { skillSize } from './skill-size.ts';
import { skillSymlinkEscape } from './skill-symlink-escape.ts';
import { skillStepSingleAction } from './skill-step-single-action.ts';
import { skillUnknownKey } from './skill-unknown-key.ts';

export const SKILL_RULES: Readonly<Record<string, SkillRule>> = {
  'skill-front-matter': skillFrontMatter,
  'skill-name-format': skillNameFormat,
  'skill-name-matches-folder': skillNameMatchesFolder,
  'skill-path-escape': skillPathEscape,
  'skill-symlink-escape': skillSymlinkEscape,
  'skill-description-present': skillDescriptionPresent,
  'skill-description-length': skillDescriptionLength,
  'skill-description-situation': skillDescriptionSituation,
  'skill-description-triggers': skillDescriptionTriggers,
  'skill-description-exclusion': skillDescriptionExclusion,
  'skill-description-overlap': skillDescriptionOverlap,
  'skill-unknown-key': skillUnknownKey,
  'skill-body-title': skillBodyTitle,
  'skill-body-context': skillBodyContext,
  'skill-body-steps': skillBodySteps,
  'skill-body-donts': skillBodyDonts,
  'skill-step-single-action': skillStepSingleAction,
  'skill-size': skillSize,
  'skill-evals-file': skillEvalsFile,
  'skill-evals-metadata': skillEvalsMetadata,
  'skill-missing-file': skillMissingFile,
  'skill-shadowed': skillShadowed,
};
