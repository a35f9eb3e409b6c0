/** Which `answers:` entry answers an input request, one row per case. */
import { describe, expect, it } from 'vitest';
import { answerInput, seenRequest, type InputAnswer } from './input-requests.ts';

const confirm = seenRequest({ message: 'Delete old-report.pdf? This cannot be undone.', requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } });

describe('answerInput', () => {
  it.each<[string, InputAnswer[], string, string | undefined]>([
    ['a field name', [{ match: 'confirm', accept: { confirm: true } }], 'accept', 'confirm'],
    ['a field name in another case', [{ match: 'CONFIRM', accept: { confirm: true } }], 'accept', 'CONFIRM'],
    ['words of the message', [{ match: 'cannot be undone', decline: true }], 'decline', 'cannot be undone'],
    ['the wildcard', [{ match: '*', cancel: true }], 'cancel', '*'],
    ['the first that matches wins', [{ match: 'nothing like it', accept: {} }, { match: '*', decline: true }, { match: 'confirm', accept: { confirm: true } }], 'decline', '*'],
    ['no entry matches: cancel, unanswered', [{ match: 'password', accept: { password: 'x' } }], 'cancel', undefined],
    ['no entries at all', [], 'cancel', undefined],
  ])('%s', (_name, answers, action, matched) => {
    const exchange = answerInput(confirm, answers);
    expect([exchange.action, exchange.matched, exchange.unanswered ?? false]).toEqual([action, matched, matched === undefined]);
  });

  it('reads the request: message, field names, mode; a request without a form has no fields', () => {
    expect(confirm).toEqual({ message: 'Delete old-report.pdf? This cannot be undone.', fields: ['confirm'], mode: 'form' });
    expect(seenRequest({ mode: 'url', message: 'Sign in', url: 'https://x.example' })).toEqual({ message: 'Sign in', fields: [], mode: 'url' });
    expect(seenRequest(undefined)).toEqual({ message: '', fields: [], mode: 'form' });
  });
});
