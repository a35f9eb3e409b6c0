/**
 * The loopback listener of `toolvet login`, over real HTTP on 127.0.0.1: only a response to /callback
 * with the state sent is taken; another path is a 404 that leaves it waiting; an error from the
 * authorization server is refused with its words (one line, escaped in the page).
 */
import { describe, expect, it } from 'vitest';
import { listenForRedirect } from './loopback-redirect.ts';

describe('listenForRedirect', () => {
  it('listens on 127.0.0.1 at a port the system picks; ignores other paths; takes the response with the right state', async () => {
    const loopback = await listenForRedirect('web', 'the-state', 60_000);
    try {
      expect(loopback.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      expect((await fetch(loopback.redirectUrl.replace('/callback', '/favicon.ico'))).status).toBe(404);
      const page = await fetch(`${loopback.redirectUrl}?code=abc&state=the-state&iss=https%3A%2F%2Fas.example.com`);
      expect(page.status).toBe(200);
      const params = await loopback.response;
      expect([params.get('code'), params.get('iss')]).toEqual(['abc', 'https://as.example.com']);
    } finally {
      await loopback.close();
    }
  });

  it('an error from the authorization server: E_LOGIN_FAILED with its words on one line, and a page that shows them escaped', async () => {
    const loopback = await listenForRedirect('web', 'the-state', 60_000);
    try {
      const page = await fetch(`${loopback.redirectUrl}?state=the-state&error=access_denied&error_description=${encodeURIComponent('<b>no</b>\nthanks')}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('&#60;b&#62;no');
      await expect(loopback.response).rejects.toMatchObject({ code: 'E_LOGIN_FAILED', message: expect.stringContaining('access_denied: <b>no</b>') });
      await expect(loopback.response).rejects.not.toMatchObject({ message: expect.stringContaining('\n') });
    } finally {
      await loopback.close();
    }
  });

  it('a response without the state, or with another: refused, whatever else it carries', async () => {
    for (const query of ['code=abc', 'code=abc&state=other', 'code=abc&state=']) {
      const loopback = await listenForRedirect('web', 'the-state', 60_000);
      try {
        expect((await fetch(`${loopback.redirectUrl}?${query}`)).status).toBe(400);
        await expect(loopback.response).rejects.toMatchObject({ code: 'E_LOGIN_FAILED' });
      } finally {
        await loopback.close();
      }
    }
  });
});
