// The owner's account in the console, in Chromium against the in-memory owner API: a password changed (the other
// sessions end, the old password no longer signs in, the new one does) and signing out. Needs `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { signInWithKeyboard, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

async function signedIn(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await signInWithKeyboard(page, fake);
  return page;
}

async function signInWith(page: Page, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(fake.owner.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('console: account', () => {
  it('changes the password: the other sessions end, the old password is refused and the new one signs in', async () => {
    const oldPassword = fake.password;
    const page = await signedIn();
    const elsewhere = await signedIn();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await page.getByLabel('Current password').fill(oldPassword);
    await page.getByLabel(/^New password/).fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Password changed. Your other sessions were signed out.' })
      .waitFor();
    assert.equal(await page.getByLabel('Current password').inputValue(), '', 'the form is emptied');
    assert.equal(await page.getByLabel(/^New password/).inputValue(), '');
    assert.deepEqual(
      fake.requests.filter((request) => request.path === '/api/auth/password').map((request) => request.body),
      [{ currentPassword: oldPassword, newPassword: 'a brand new password' }],
    );

    // This tab is still signed in; the other one is sent to sign in at its next page.
    await page.getByRole('link', { name: 'Sites' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
    await elsewhere.goto(`${fake.url}/console/sites/demo`);
    await elsewhere.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();

    await signInWith(elsewhere, oldPassword);
    await elsewhere.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();
    await signInWith(elsewhere, 'a brand new password');
    await elsewhere.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
    await page.context().close();
    await elsewhere.context().close();
  });

  it('signs out from the account menu: the session ends and a signed-in page sends back to sign in', async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo`);
    await page.getByRole('heading', { level: 1, name: 'Demo site' }).waitFor();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
    assert.ok(fake.requests.some((request) => request.path === '/api/auth/sign-out'));
    // Not only the page: the session itself is gone, so a reload of a signed-in address asks to sign in again.
    await page.goto(`${fake.url}/console/sites/demo/leads`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
    await page.context().close();
  });

  it('keeps e-mail and password fields left to right in Hebrew, where what is typed in them reads that way', async () => {
    const page = await signedIn();
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    const directions = (selector: string) =>
      page
        .locator(selector)
        .evaluateAll((fields) =>
          fields.map((field) => `${field.getAttribute('type')}: ${getComputedStyle(field).direction}`),
        );
    await page.goto(`${fake.url}/console/account`);
    await page.locator('main input[type=password]').first().waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    assert.deepEqual(await directions('main input[type=password]'), ['password: ltr', 'password: ltr']);
    await page.goto(`${fake.url}/console/owners`);
    await page.locator('main input[type=email]').waitFor();
    assert.deepEqual(await directions('main input:is([type=email], [type=password])'), ['email: ltr', 'password: ltr']);
    await page.context().clearCookies();
    await page.goto(`${fake.url}/console/`);
    await page.locator('input[type=password]').waitFor();
    assert.deepEqual(await directions('main input:is([type=email], [type=password])'), ['email: ltr', 'password: ltr']);
    await page.context().close();
  });
});
