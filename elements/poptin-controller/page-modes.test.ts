import { expect } from '@open-wc/testing';
import { parseDisplayResponse } from '../../src/core/config/parse.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import { createShowingRunner, type ShowingHandlers } from '../../src/core/session/showing.ts';
import { landingIdOf, type PageModeHost, PageModes, previewIdOf, teaserFollows } from './page-modes.ts';
import type { PopupHandle } from './popup-handle.ts';
import { type FakeServer, fakeContext, fakeServer, POPTIN_ID, quietShowingRunner } from './test-support/fakes.ts';

const OTHER_ID = 'z9y8x7w6v5u4t';

const answer = (fields: Record<string, unknown> = {}) =>
  parseDisplayResponse({
    display: 'allowed',
    message: '',
    poptins: [{ poptin_id: POPTIN_ID, poptin_type: 'lightbox', viewer_id: 'v1', poptin: '<p>Hi</p>' }],
    ...fields,
  });

/** A session that records what the page modes open, and how. */
function setup(options: { server?: FakeServer; url?: string; host?: HTMLElement } = {}) {
  const context = fakeContext({ server: options.server, host: options.host });
  if (options.url) context.page = { ...context.page, url: options.url };
  const opened: string[] = [];
  const handles = new Map<string, PopupHandle>();
  const host: PageModeHost = {
    context,
    track: (config: PopupConfig, variant, planned, { preview = false } = {}) => {
      const handle: PopupHandle = {
        config,
        variant,
        planned,
        preview,
        element: null,
        runner: quietShowingRunner(),
      };
      handles.set(config.id, handle);
      return handle;
    },
    handleOf: (id) => handles.get(id),
    fire: (handle, trigger) => {
      handle.runner.send({ type: 'fire', trigger });
      opened.push(`${handle.config.id} ${handle.config.type} by ${trigger}${handle.preview ? ' (preview)' : ''}`);
    },
    show: async (id, trigger) => (opened.push(`${id} shown by ${trigger}`), true),
  };
  return { context, modes: new PageModes(host), opened };
}

describe('the page modes: preview, landing, usage limit, teaser', () => {
  it('reads the preview and landing ids from the page address, the landing attribute first', () => {
    const host = document.createElement('poptin-controller');
    expect(previewIdOf(`https://shop.test/?ppt-preview=${POPTIN_ID}`)).to.equal(POPTIN_ID);
    expect(previewIdOf('not a url')).to.equal('');
    expect(landingIdOf(`https://shop.test/?ppt-landing=${POPTIN_ID}`, host)).to.equal(POPTIN_ID);
    host.setAttribute('landing', OTHER_ID);
    expect(landingIdOf(`https://shop.test/?ppt-landing=${POPTIN_ID}`, host)).to.equal(OTHER_ID);
  });

  it('a preview opens the previewed pop-up at once, marked as a preview; one not in the answer opens nothing', () => {
    const { modes, opened } = setup();
    modes.preview(answer(), POPTIN_ID);
    modes.preview(answer(), OTHER_ID);
    expect(opened).to.deep.equal([`${POPTIN_ID} lightbox by preview (preview)`]);
  });

  it('a landing page draws its pop-up in place at once, in a <poptin-embed> put at the top of <main>', async () => {
    const { modes, opened, context } = setup({ url: `https://shop.test/?ppt-landing=${POPTIN_ID}` });
    const main = context.window.document.createElement('main');
    main.append(context.window.document.createElement('p'));
    context.window.document.body.append(main);
    await modes.landing(answer());
    expect(opened).to.deep.equal([`${POPTIN_ID} embedded by landing`]);
    expect(main.firstElementChild?.outerHTML).to.equal(`<poptin-embed poptin-id="${POPTIN_ID}"></poptin-embed>`);
  });

  it("the usage limit shows the client's upgrade pop-up and logs it", async () => {
    const server = fakeServer({ '/api/display/limitLogs/': { body: {} } });
    const { modes, opened } = setup({ server });
    modes.usageLimit(
      answer({
        display: 'not_allowed',
        is_client_restriction: true,
        client_restriction_setting: { upgrade_popup: { id: OTHER_ID } },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(opened).to.deep.equal([`${OTHER_ID} shown by usage_limit`]);
    expect(server.calls.map((call) => call.path)).to.deep.equal([
      `/api/display/limitLogs/client-1?status=upgrade&id=${OTHER_ID}`,
    ]);
  });

  it('a teaser tab is added for its pop-up, follows its phase and leaves with it', () => {
    const { modes, context } = setup();
    const config = answer({
      poptins: [
        {
          poptin_id: POPTIN_ID,
          poptin_type: 'lightbox',
          viewer_id: 'v1',
          name: 'Welcome',
          teasers_on: 1,
          design_properties: { teaser_position: 'bottom-left' },
        },
      ],
    }).poptins[0]!;
    const tracked: PopupHandle = {
      config,
      variant: 'desktop',
      planned: [],
      preview: false,
      element: null,
      runner: createShowingRunner({} as ShowingHandlers),
    };
    modes.addTeaser(tracked, 2);
    const teaser = context.window.document.body.querySelector('poptin-teaser')!;
    expect(teaser.getAttribute('poptin-id')).to.equal(POPTIN_ID);
    expect(teaser.getAttribute('position')).to.equal('bottom-left');
    expect(teaser.getAttribute('order')).to.equal('2');
    expect(teaser.getAttribute('phase')).to.equal('not-shown');
    teaserFollows(tracked, 'shown', { type: 'mounted' });
    expect(teaser.getAttribute('phase')).to.equal('shown');
    teaserFollows(tracked, 'closed', { type: 'reset' });
    expect(teaser.isConnected).to.equal(false);
  });
});
