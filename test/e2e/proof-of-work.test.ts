// The lead form's proof of work, end to end: the owner requires it, a person focuses the e-mail field of the built
// widget in Chromium, types and sends; the solver's chunk loads only at that focus, solves in the background, and the
// lead arrives. The same proof sent again, as a bot replaying it would, is refused with a message that says why.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, ownerLeads, requireProofOfWork as requireProofOfWorkOf, useBrowserAndServer } from './harness.ts';

const shared = useBrowserAndServer();

const requireProofOfWork = (on: boolean) => requireProofOfWorkOf(shared.server, 'demo', on);

describe("lead forms' proof of work, end to end", () => {
  it('a person focuses the e-mail field, types and sends: the lead arrives, and its proof cannot be sent again', async () => {
    await requireProofOfWork(true);
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const conversion = page.waitForRequest((request) => request.url().includes('/api/display/conversion/'));

    await page.goto(`${shared.server.url}/examples/forms.html`);
    await page.waitForFunction(() => 'poptin' in window);
    await page.locator('[data-poptin-id="demoformtypos"]').click();
    const popup = page.locator('poptin-popup[poptin-id="demoformtypos"]');
    await eventually('the pop-up', async () => {
      if ((await popup.locator('dialog[open]').count()) > 0) return true;
      // The demo site's newsletter lightbox opens on its own timer; one modal shows at a time.
      await page.evaluate(() =>
        (window as unknown as { poptin: { close(id: string): Promise<boolean> } }).poptin.close('demolightbox1'),
      );
      return false;
    });
    const solverChunk = (url: string) => /\/chunks\/proof-of-work-[\w-]+\.js/.test(url);
    assert.ok(!requested.some(solverChunk), 'the solver is not loaded before a field is focused');
    assert.ok(!requested.some((url) => url.includes('/api/display/challenge/')));

    const email = popup.locator('[name="Email"], [type=email]').first();
    await email.click();
    await email.pressSequentially('noa@gmail.com', { delay: 20 });
    await popup.locator('[name=consent]').check();
    await popup.locator('[type=submit]').click();

    const sent = new URLSearchParams((await conversion).postData() ?? '');
    const proof = sent.get('proof_of_work');
    assert.ok(proof, 'the lead carries its proof of work');
    assert.ok(requested.some(solverChunk), 'the solver was loaded at the focus');
    await popup.locator('[data-poptin-screen="thank-you"]').waitFor({ state: 'visible' });
    const leads = await ownerLeads(shared.server, 'demo');
    assert.ok(leads.some((lead) => lead.email === 'noa@gmail.com'));
    await context.close();

    sent.set('idempotency_key', '00000000-0000-4000-8000-00000000aaaa');
    sent.set('email', 'bot@example.com');
    const viewerId = /\/conversion\/([^/?]+)/.exec((await conversion).url())![1];
    const replay = await fetch(`${shared.server.url}/api/display/conversion/${viewerId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: sent.toString(),
    });
    assert.equal(replay.status, 403);
    assert.match(((await replay.json()) as { message: string }).message, /already used for another lead/);
    assert.ok(!(await ownerLeads(shared.server, 'demo')).some((lead) => lead.email === 'bot@example.com'));
    await requireProofOfWork(false);
  });
});
