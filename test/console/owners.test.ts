// Owners in the console (administrators only), in Chromium against the in-memory owner API: an owner invited with the
// sites they may see, then made an administrator and back. Needs `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { signInWithKeyboard, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

describe('console: owners', () => {
  it('invites an owner to a site, then changes their role to administrator and back', async () => {
    const page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await signInWithKeyboard(page, fake);
    await page.getByRole('link', { name: 'Owners' }).click();
    await page.getByRole('heading', { level: 1, name: 'Owners' }).waitFor();

    await page.getByRole('textbox', { name: 'Email' }).fill('helper@example.com');
    await page.getByRole('textbox', { name: 'Name' }).fill('Helper');
    await page.getByLabel('Password (at least 10 characters)').fill('a long enough password');
    await page.getByRole('checkbox', { name: /Demo site/ }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    const row = page.getByRole('row').filter({ hasText: 'helper@example.com' });
    await row.getByRole('cell', { name: 'demo' }).waitFor();
    assert.equal(await row.getByText('Admin', { exact: true }).count(), 0, 'invited as an owner, not an admin');
    assert.deepEqual(
      fake.requests.find((request) => request.method === 'POST' && request.path === '/api/admin/owners')?.body,
      {
        email: 'helper@example.com',
        name: 'Helper',
        password: 'a long enough password',
        isAdmin: false,
        sites: ['demo'],
      },
    );

    const role = async (admin: boolean) => {
      await row.getByRole('button', { name: 'Edit access: helper@example.com' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit access: helper@example.com' });
      await dialog.getByRole('checkbox', { name: /^Administrator/ }).setChecked(admin);
      await dialog.getByRole('button', { name: 'Save access' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await role(true);
    await row.getByText('Admin', { exact: true }).waitFor();
    const patches = () =>
      fake.requests
        .filter((request) => request.method === 'PATCH' && request.path.startsWith('/api/admin/owners/'))
        .map((request) => (request.body as { isAdmin?: boolean }).isAdmin);
    assert.deepEqual(patches(), [true]);

    await role(false);
    await row.getByText('Admin', { exact: true }).waitFor({ state: 'detached' });
    assert.deepEqual(patches(), [true, false]);
    await page.context().close();
  });
});
