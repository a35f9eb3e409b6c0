/**
 * The rule-based judge endpoint (fixtures/judge/rule-judge.mjs) for a test file: started on a free
 * port on 127.0.0.1 before the file's tests and stopped after them. `ruleJudge()` returns its base URL.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startHttpServer, type HttpServerHandle } from './http-server.ts';

export function useRuleJudge(): () => string {
  let judge: HttpServerHandle | undefined;
  beforeAll(async () => {
    const script = fileURLToPath(new URL('../../fixtures/judge/rule-judge.mjs', import.meta.url));
    judge = await startHttpServer({ args: [script, '--port', '0'], ready: /listening (http:\/\/\S+)/ });
  });
  afterAll(async () => {
    await judge?.stop();
  });
  return () => {
    if (!judge) throw new Error('the rule judge is not started yet: call ruleJudge() inside a test');
    return judge.url;
  };
}
