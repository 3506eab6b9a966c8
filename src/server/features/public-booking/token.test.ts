import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingSecrets } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { ManageLinks, newNonce } from './token';

/** Manage links hold across restarts and instances: the key is made once and kept in the database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('manage links', () => {
  it('are signed with one stored key that every instance (and a restart) shares', async () => {
    const id = randomUUID();
    const nonce = newNonce();
    // Two instances starting at once both make a key; one is kept and both sign with it.
    const [first, second] = [
      new ManageLinks(t.database.db, undefined),
      new ManageLinks(t.database.db, undefined),
    ];
    const [a, b] = await Promise.all([first.sign(id, nonce), second.sign(id, nonce)]);
    expect(a).toBe(b);
    expect(await t.database.db.$count(signingSecrets)).toBe(1);
    const later = new ManageLinks(t.database.db, undefined);
    expect(ManageLinks.requestIdOf(a)).toBe(id);
    expect(await later.verify(a, id, nonce)).toBe(true);
    expect(await later.verify(a, id, newNonce())).toBe(false);
    expect(await later.verify(a, randomUUID(), nonce)).toBe(false);
  });

  it('use the configured secret when there is one, and a link signed with another key fails', async () => {
    const id = randomUUID();
    const nonce = newNonce();
    const configured = new ManageLinks(t.database.db, 'a'.repeat(40));
    const token = await configured.sign(id, nonce);
    expect(await new ManageLinks(t.database.db, 'a'.repeat(40)).verify(token, id, nonce)).toBe(true);
    expect(await new ManageLinks(t.database.db, 'b'.repeat(40)).verify(token, id, nonce)).toBe(false);
    expect(await new ManageLinks(t.database.db, undefined).verify(token, id, nonce)).toBe(false);
  });

  it('name no request when malformed', () => {
    for (const token of ['', 'abc', 'a.b.c', `${'A'.repeat(21)}.sig`, '....'])
      expect(ManageLinks.requestIdOf(token), token).toBeNull();
  });
});
