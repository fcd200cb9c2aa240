import { expect } from '@open-wc/testing';
import { readPageContext } from './page-context.ts';

const IPAD_AS_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** An iframe of the given width, whose media queries answer for a screen that wide. */
async function frameOfWidth(width: number): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `width: ${width}px; height: 200px; border: 0;`;
  document.body.append(frame);
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return frame;
}

/**
 * This page's location and document, a device's user agent, and media queries answered by a real screen of the
 * frame's width with the device's pointer. Reading `innerWidth` throws: it may force the host page's layout.
 */
function deviceWindow(frame: HTMLIFrameElement, userAgent: string, pointer: 'coarse' | 'fine'): Window {
  const frameWindow = frame.contentWindow!;
  return {
    location: window.location,
    document: window.document,
    navigator: { userAgent, language: 'he-IL' },
    // `print` never matches on a screen, `all` always does: the rest of the query is the frame's to answer.
    matchMedia: (query: string) =>
      frameWindow.matchMedia(
        query
          .replace('(pointer: coarse)', pointer === 'coarse' ? 'all' : 'print')
          .replace('(pointer: fine)', pointer === 'fine' ? 'all' : 'print'),
      ),
    get innerWidth(): number {
      throw new Error('innerWidth read');
    },
  } as unknown as Window;
}

describe('readPageContext', () => {
  const frames: HTMLIFrameElement[] = [];
  const frame = async (width: number) => {
    const made = await frameOfWidth(width);
    frames.push(made);
    return made;
  };
  afterEach(() => frames.splice(0).forEach((made) => made.remove()));

  it('counts a touch screen under 768 px that names itself a desktop as mobile, without reading innerWidth', async () => {
    expect(readPageContext(deviceWindow(await frame(600), IPAD_AS_DESKTOP, 'coarse')).isMobile).to.equal(true);
    expect(readPageContext(deviceWindow(await frame(767), IPAD_AS_DESKTOP, 'coarse')).isMobile).to.equal(true);
  });

  it('counts the same tablet held wide, and a narrow window with a mouse, as desktop', async () => {
    expect(readPageContext(deviceWindow(await frame(768), IPAD_AS_DESKTOP, 'coarse')).isMobile).to.equal(false);
    expect(readPageContext(deviceWindow(await frame(1024), IPAD_AS_DESKTOP, 'coarse')).isMobile).to.equal(false);
    expect(readPageContext(deviceWindow(await frame(600), IPAD_AS_DESKTOP, 'fine')).isMobile).to.equal(false);
  });

  it('counts a phone by its user agent at any width', async () => {
    expect(readPageContext(deviceWindow(await frame(1024), ANDROID_PHONE, 'fine')).isMobile).to.equal(true);
  });

  it('counts a browser without matchMedia by its user agent alone', () => {
    const bare = {
      location: window.location,
      document: window.document,
      navigator: { userAgent: IPAD_AS_DESKTOP, language: 'en' },
    } as unknown as Window;
    expect(readPageContext(bare).isMobile).to.equal(false);
  });

  it('reads the page itself: its address, host, title and language', () => {
    const context = readPageContext();
    expect([context.url, context.domain, context.title, context.documentLang]).to.deep.equal([
      location.href,
      location.hostname,
      document.title,
      document.documentElement.lang,
    ]);
  });
});
