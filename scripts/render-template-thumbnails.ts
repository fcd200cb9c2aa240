// The console's template gallery pictures: each template of templates/, in each language, drawn by the built widget
// (packages/poptin-elements/dist/) in Debian's Chromium over a plain shop page, written to dist/console/templates/<id>.<language>.png at 480 px
// wide. Part of `npm run build`, after rollup: one browser, one page per language, each template opened in turn.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './page-driver.ts';
import {
  closeGalleryTemplate,
  type GalleryLanguage,
  type GalleryTemplate,
  routeGallery,
  showGalleryTemplate,
} from './template-gallery.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATES_DIR = path.join(ROOT, 'templates');
const WIDGET = path.join(ROOT, 'packages/poptin-elements/dist');
export const THUMBNAILS_DIR = path.join(ROOT, 'dist', 'console', 'templates');
const TEMPLATE_FILE = /^([a-z0-9-]{1,64})\.(en|he)\.json$/;
const ORIGIN = 'http://templates.gallery.invalid';

/** Drawn at 960×720 CSS pixels, half scale: a 480×360 picture of a desktop screen. */
const VIEWPORT = { width: 960, height: 720 };
const SCALE = 0.5;
/** Pages per language, side by side: most of a template's time is its close, which waits on timers, not on work. */
const PAGES_PER_LANGUAGE = 4;

async function templatesOf(language: GalleryLanguage): Promise<GalleryTemplate[]> {
  const templates: GalleryTemplate[] = [];
  for (const file of (await readdir(TEMPLATES_DIR)).sort()) {
    const match = TEMPLATE_FILE.exec(file);
    if (!match || match[2] !== language) continue;
    const json = JSON.parse(await readFile(path.join(TEMPLATES_DIR, file), 'utf8'));
    templates.push({ id: match[1]!, kind: json.kind, game: json.game, config: json.config });
  }
  return templates;
}

async function main(): Promise<void> {
  const started = Date.now();
  await readFile(path.join(WIDGET, 'poptin.js')).catch(() => {
    throw new Error('packages/poptin-elements/dist/poptin.js is missing: run rollup first (npm run build does)');
  });
  await mkdir(THUMBNAILS_DIR, { recursive: true });
  const browser = await launchChromium();
  let written = 0;
  try {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: SCALE,
      reducedMotion: 'reduce',
    });
    const runs = (['en', 'he'] as const).flatMap((language) =>
      Array.from({ length: PAGES_PER_LANGUAGE }, (_, share) => ({ language, share })),
    );
    const byLanguage = { en: await templatesOf('en'), he: await templatesOf('he') };
    await Promise.all(
      runs.map(async ({ language, share }) => {
        const templates = byLanguage[language];
        const page = await context.newPage();
        const url = await routeGallery(page, { templates, language, origin: ORIGIN, distDir: WIDGET });
        await page.goto(url);
        for (const [index, template] of templates.entries()) {
          if (index % PAGES_PER_LANGUAGE !== share) continue;
          // An in-page kind is shown where it stands, at the top of the page's content.
          await showGalleryTemplate(page, index, template);
          // The pop-up takes focus as it opens; a picture shows it as a visitor who clicked sees it, without a ring.
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          const picture = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
          await writeFile(path.join(THUMBNAILS_DIR, `${template.id}.${language}.png`), picture);
          written++;
          await closeGalleryTemplate(page, index);
        }
        await page.close();
      }),
    );
  } finally {
    await browser.close();
  }
  console.log(`${written} template thumbnails in ${path.relative(ROOT, THUMBNAILS_DIR)} (${Date.now() - started} ms)`);
}

await main();
