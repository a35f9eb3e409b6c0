/**
 * The `openai` package (about 13 MB of memory), loaded by the first request rather than when Toolvet
 * is imported: the lean transport needs only its error classes, and only the `sdk` transport its
 * client. Once a request has started, `loadedOpenAI()` gives it synchronously (error mapping).
 */
import type OpenAI from 'openai';

export type OpenAIPackage = typeof OpenAI;

let loading: Promise<OpenAIPackage> | undefined;
let loaded: OpenAIPackage | undefined;

export function loadOpenAI(): Promise<OpenAIPackage> {
  loading ??= import('openai').then((module) => (loaded = module.default));
  return loading;
}

/** The package once a request has loaded it; undefined before (then no error can be one of its classes). */
export function loadedOpenAI(): OpenAIPackage | undefined {
  return loaded;
}
