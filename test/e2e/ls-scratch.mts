import { answerLate, startBrowserAndServer } from './harness.ts';
const { browser, server } = await startBrowserAndServer();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await answerLate(context, '**/dist/chunks/*.js', 250);
await answerLate(context, '**/*.{svg,png,jpg,webp}', 400);
const tab = await context.newPage();
const log: string[] = [];
tab.on('requestfinished', (r) => { const u = new URL(r.url()); if (/\.(svg|png|jpg|webp|woff2?)$/.test(u.pathname) || u.pathname.includes('recommend')) log.push(`${Date.now() % 100000} done ${u.pathname}`); });
await tab.goto(`${server.url}/examples/wix-store/index.html`);
for (let i = 0; i < 30; i++) {
  const s = await tab.evaluate(() => {
    const p = document.querySelector('poptin-popup');
    const d = p?.shadowRoot?.querySelector('dialog');
    if (!d) return `no dialog (${performance.now().toFixed(0)})`;
    const r = d.getBoundingClientRect();
    const rec = p!.shadowRoot!.querySelector('poptin-product-recommendations');
    const rr = rec?.getBoundingClientRect();
    return `${performance.now().toFixed(0)} open=${d.open} x=${r.x.toFixed(1)} w=${r.width.toFixed(1)} h=${r.height.toFixed(0)} rec w=${rr?.width.toFixed(1)} h=${rr?.height.toFixed(0)} items=${rec?.shadowRoot?.querySelectorAll('[part~=product]').length} minis=${d.style.minInlineSize}`;
  });
  log.push(`${Date.now() % 100000} ${s}`);
  await tab.waitForTimeout(70);
}
console.log(log.join('\n'));
await browser.close(); await server.dispose();
