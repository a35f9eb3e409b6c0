import { show } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const deprecationChanged: DiffCheck = {
  id: 'deprecation-changed',
  level: 'safe',
  description: 'a tool was marked deprecated, un-deprecated, or its sunset or replacement changed',
  kinds: ['tool-deprecation'],
  check: (d) =>
    d.before === undefined
      ? `tool "${d.tool}" is now deprecated ${show(d.after)}`
      : d.after === undefined
        ? `tool "${d.tool}" is no longer deprecated`
        : `tool "${d.tool}" deprecation changed from ${show(d.before)} to ${show(d.after)}`,
};
