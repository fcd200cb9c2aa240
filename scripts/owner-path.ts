// A new owner's path, timed, through the console's UI alone in Chromium: sign in, create a site for a page on another
// 127.0.0.1 origin, pick a gallery template, change its headline and accent colour, publish, paste the copied snippet
// into a plain page on that origin, see the pop-up as a visitor, send an e-mail, and find the lead in the console.
// `npm run owner-path` runs it on a server of its own and prints each step's time; test/e2e/owner-path.test.ts runs
// it in the end-to-end suite.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './page-driver.ts';
import { startServerProcess } from './server-process.ts';

export interface OwnerPathOptions {
  browser: Browser;
  /** The display server, with the demo owner's password. */
  serverUrl: string;
  email: string;
  password: string;
  headline: string;
  accent: string;
  visitorEmail: string;
}

export interface OwnerPathTimes {
  /** Seconds of each step, in order, and the console's part of them (what the owner does in the console). */
  steps: [step: string, seconds: number][];
  consoleSeconds: number;
  totalSeconds: number;
}

/** A plain page of the owner's site on a 127.0.0.1 port of its own: their HTML with the snippet they pasted. */
async function ownersSite(): Promise<{ origin: string; paste(snippet: string): void; close(): Promise<void> }> {
  let snippet = '';
  const server: Server = createServer((request, response) => {
    if (request.url === '/favicon.ico') return void response.writeHead(204).end();
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><title>My shop</title><h1>My shop</h1><p>Welcome.</p>${snippet}</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paste: (text) => {
      snippet = text;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs the path; throws at the first step a person could not do. */
export async function runOwnerPath(options: OwnerPathOptions): Promise<OwnerPathTimes> {
  const site = await ownersSite();
  const steps: [string, number][] = [];
  const started = performance.now();
  let stepStarted = started;
  const done = (step: string) => {
    const now = performance.now();
    steps.push([step, (now - stepStarted) / 1000]);
    stepStarted = now;
  };
  const owner: Page = await (await options.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const sections = owner.getByRole('navigation', { name: 'Site sections' });
  try {
    await owner.goto(`${options.serverUrl}/console/`);
    await owner.getByLabel('Email').fill(options.email);
    await owner.getByLabel('Password').fill(options.password);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
    done('sign in');

    await owner.getByRole('textbox', { name: "The site's address" }).fill(site.origin);
    await owner.getByRole('button', { name: 'Create' }).click();
    await owner.getByRole('heading', { level: 1, name: new URL(site.origin).host }).waitFor();
    done('create the site');

    await owner.getByRole('button', { name: 'New pop-up from a template' }).first().click();
    const gallery = owner.getByRole('dialog', { name: 'Template gallery' });
    await gallery.getByRole('button', { name: /^Welcome discount/ }).click();
    await gallery.getByRole('button', { name: 'Use this template: Welcome discount' }).click();
    await owner.getByRole('tab', { name: 'Content' }).waitFor();
    done('pick a template');

    await owner.getByRole('textbox', { name: 'Headline' }).first().fill(options.headline);
    await owner.getByRole('tab', { name: 'Design' }).click();
    await owner.getByLabel('Accent colour', { exact: true }).fill(options.accent);
    await owner.getByRole('button', { name: 'Publish' }).click();
    await owner.getByRole('status').filter({ hasText: 'Published' }).first().waitFor();
    done('edit the headline and accent colour, publish');

    await sections.getByRole('link', { name: 'Settings' }).click();
    const snippet = await owner
      .getByRole('region', { name: 'Embed on your site' })
      .locator('pre')
      .first()
      .textContent();
    if (!snippet?.includes('poptin.js?id=')) throw new Error(`no snippet on the site's Settings: ${snippet}`);
    site.paste(snippet);
    done('copy the snippet');
    const consoleSeconds = (performance.now() - started) / 1000;

    const visitor = await (await options.browser.newContext()).newPage();
    await visitor.goto(`${site.origin}/`);
    const popup = visitor.locator('poptin-popup');
    await popup.getByText(options.headline).waitFor({ timeout: 20_000 });
    await popup.getByRole('textbox', { name: /email/i }).fill(options.visitorEmail);
    await popup.locator('button[type=submit]').click();
    await popup.locator('[data-poptin-screen="thank-you"]').waitFor();
    done('a visitor sees the pop-up and sends an e-mail');

    await sections.getByRole('link', { name: 'Leads' }).click();
    await owner.getByText(options.visitorEmail).first().waitFor({ timeout: 20_000 });
    done('the lead in the console');
    return { steps, consoleSeconds, totalSeconds: (performance.now() - started) / 1000 };
  } finally {
    await owner.context().close();
    await site.close();
  }
}

async function main(): Promise<void> {
  const password = 'owner path password 0123';
  const server = await startServerProcess({ env: { CONSOLE_PASSWORD: password } });
  const browser = await launchChromium();
  try {
    const times = await runOwnerPath({
      browser,
      serverUrl: server.url,
      email: 'owner@example.com',
      password,
      headline: 'Ten percent off your first order',
      accent: '#be123c',
      visitorEmail: 'first.visitor@example.org',
    });
    for (const [step, seconds] of times.steps) console.log(`${seconds.toFixed(1).padStart(6)} s  ${step}`);
    console.log(
      `console: ${times.consoleSeconds.toFixed(1)} s; the whole path: ${times.totalSeconds.toFixed(1)} s (a script's pace)`,
    );
  } finally {
    await browser.close();
    await server.dispose();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
