// The templates of templates/ shown one after the other by the built widget in a Chromium page, as a visitor sees them:
// the page's display call is answered with every template of one language (an id each, opening only on demand), and
// `window.poptin.show(id)` opens each in turn. The thumbnails (render-template-thumbnails.ts) and the gallery's
// end-to-end test (test/e2e/templates-gallery.test.ts) share it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

export type GalleryLanguage = 'en' | 'he';

export interface GalleryTemplate {
  id: string;
  kind: string;
  game?: string;
  config: Record<string, unknown>;
}

export const GALLERY_CLIENT = 'gallery';

/** A 13-character pop-up id for the n-th template of the page. */
export function galleryPoptinId(index: number): string {
  return `gallery${String(index).padStart(6, '0')}`;
}

const IN_PAGE = new Set(['embedded', 'content']);

/** The display answer: each template as a pop-up that waits to be opened, whatever its own triggers and rules. */
function displayAnswer(templates: GalleryTemplate[], language: GalleryLanguage): string {
  const poptins = templates.map(({ config }, index) => ({
    ...config,
    poptin_id: galleryPoptinId(index),
    client_id: GALLERY_CLIENT,
    account_id: GALLERY_CLIENT,
    on_click: 'yes',
    display_after_sec_active: 'no',
    display_after_scroll_active: 'no',
    display_after_exit_website_active: 'no',
    d_f_r: 'all@display_everytime_everypage',
    stop_showing_to_converted_users: 'no',
    is_teasers_on: 'no',
    // Snow, confetti and stars move on every frame, and the entry and exit effects only take time: a still picture
    // of one template after the other is drawn without them.
    design_properties: {
      ...(config.design_properties as object),
      background_effect: 'none',
      poptin_design_entry_effect: '',
      poptin_design_exit_effect: '',
    },
  }));
  return JSON.stringify({
    display: 'allowed',
    message: '',
    is_client_restriction: false,
    client_restriction_setting: {},
    poptins,
    country: 'Israel',
    country_code: 'IL',
    if_freemium: false,
    lang: language,
    ip: '',
    cc: '',
  });
}

/** A plain shop page behind the pop-ups: a header, a heading, a few blocks of grey. */
export function galleryPageHtml(language: GalleryLanguage, scriptSrc: string): string {
  const he = language === 'he';
  const block = (width: string, height: number) =>
    `<div style="width:${width};height:${height}px;margin:0 0 16px;border-radius:8px;background:#e7e9ee"></div>`;
  return `<!doctype html>
<html lang="${language}" dir="${he ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${he ? 'תבניות' : 'Templates'}</title>
<script type="module" src="${scriptSrc}"></script></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#f6f7f9;color:#1f2937">
<header style="display:flex;align-items:center;gap:16px;height:56px;padding:0 24px;background:#fff;border-bottom:1px solid #e5e7eb"><strong>${he ? 'החנות' : 'The shop'}</strong></header>
<main style="max-width:960px;margin:0 auto;padding:32px 24px">
<h1 style="margin:0 0 24px;font-size:28px">${he ? 'מוצרים חדשים' : 'New arrivals'}</h1>
${block('100%', 160)}${block('70%', 16)}${block('85%', 16)}${block('60%', 16)}${block('100%', 240)}
</main></body></html>`;
}

/**
 * Answers the page's display call with the templates, and every other display API call with an empty success (the
 * gallery's pop-ups are not the server's: nothing is recorded). With `distDir`, the page and the widget's files are
 * served from disk at `origin`, for a build that has no server running.
 */
export async function routeGallery(
  page: Page,
  {
    templates,
    language,
    origin,
    distDir,
  }: { templates: GalleryTemplate[]; language: GalleryLanguage; origin: string; distDir?: string },
): Promise<string> {
  const pageUrl = `${origin}/gallery-${language}.html`;
  // tsx names the functions of the page scripts below with a helper of its own, which the page lacks.
  await page.addInitScript('globalThis.__name ??= (fn) => fn;');
  await page.route(`${origin}/api/display/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    const body = pathname === `/api/display/${GALLERY_CLIENT}` ? displayAnswer(templates, language) : '{}';
    return route.fulfill({ contentType: 'application/json', body });
  });
  await page.route(pageUrl, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: galleryPageHtml(language, `/dist/poptin.js?id=${GALLERY_CLIENT}`),
    }),
  );
  if (distDir)
    await page.route(`${origin}/dist/**`, async (route) => {
      const file = path.join(
        distDir,
        decodeURIComponent(new URL(route.request().url()).pathname.slice('/dist/'.length)),
      );
      if (!file.startsWith(distDir)) return route.fulfill({ status: 404 });
      try {
        return route.fulfill({
          contentType: file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream',
          body: await readFile(file),
        });
      } catch {
        return route.fulfill({ status: 404 });
      }
    });
  return pageUrl;
}

/**
 * Opens the n-th template and waits until it is on screen, its parts defined and its fonts loaded. An in-page kind
 * (embedded, content) is given its place at the top of the page's content first, and only while it is shown.
 */
export async function showGalleryTemplate(page: Page, index: number, template: GalleryTemplate): Promise<void> {
  const inPage = IN_PAGE.has(template.config.poptin_type as string);
  await page.evaluate(
    async ({ id, inPage }) => {
      if (inPage) {
        const place = document.createElement('poptin-embed');
        place.setAttribute('poptin-id', id);
        document.querySelector('main h1')!.after(place);
      }
      type Api = { show(id: string): Promise<boolean> };
      const deadline = Date.now() + 10_000;
      const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
      while (!(window as unknown as { poptin?: Api }).poptin && Date.now() < deadline) await pause();
      const api = (window as unknown as { poptin: Api }).poptin;
      if (!(await api.show(id))) throw new Error(`pop-up ${id} did not open`);
      const shown = () => {
        const base = document
          .querySelector(`poptin-popup[poptin-id="${id}"]`)
          ?.shadowRoot?.querySelector('[part~="base"]');
        return Boolean(
          base &&
            ((base instanceof HTMLDialogElement && base.open) ||
              base.matches(':popover-open') ||
              base.hasAttribute('data-open')),
        );
      };
      while (!shown()) {
        if (Date.now() > deadline) throw new Error(`pop-up ${id} is not on screen`);
        await pause();
      }
      const root = document.querySelector(`poptin-popup[poptin-id="${id}"]`)!.shadowRoot!;
      const parts = Array.from(root.querySelectorAll('*')).filter((element) => element.localName.includes('-'));
      await Promise.all(parts.map((element) => customElements.whenDefined(element.localName)));
      // Its colours and places are those once the frame's entry animation (and any game's) is over.
      while (root.getAnimations().some((animation) => animation.playState === 'running')) {
        if (Date.now() > deadline) break;
        await pause();
      }
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    },
    { id: galleryPoptinId(index), inPage },
  );
}

/** Closes the n-th template and waits until its element is gone. */
export async function closeGalleryTemplate(page: Page, index: number): Promise<void> {
  await page.evaluate(async (id) => {
    await (window as unknown as { poptin: { close(id: string): Promise<boolean> } }).poptin.close(id);
    const deadline = Date.now() + 5_000;
    const open = () =>
      document
        .querySelector(`poptin-popup[poptin-id="${id}"]`)
        ?.shadowRoot?.querySelector('[part~="base"]:is([open], :popover-open, [data-open])');
    while (open() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    document.querySelector(`poptin-embed[poptin-id="${id}"]`)?.remove();
  }, galleryPoptinId(index));
}
