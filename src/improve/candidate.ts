/** One proposed rewording of a tool list (a leaf, so the proposers and the vocabulary share it without a cycle). */
import type { ToolDefinition } from '../types.ts';

export interface Candidate {
  id: string;
  /** What the edit did, in words. */
  summary: string;
  tools: ToolDefinition[];
  /** How many kinds of edit it combines (default 1): ties on train go to the candidate with more. */
  edits?: number;
}
