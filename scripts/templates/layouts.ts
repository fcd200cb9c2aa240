// How each layout of the catalogue places the parts of one template: the screens of its HTML.
import {
  body,
  closeButton,
  consent,
  countdown,
  coupon,
  css,
  declineButton,
  eyebrow,
  type Field,
  fields,
  form,
  headline,
  type Illustration,
  image,
  linkButton,
  note,
  type ScreenContext,
  type Size,
  screen,
  submitButton,
  tag,
} from './design.ts';

/** The words of one template in one language. */
export interface Copy {
  name: string;
  description: string;
  eyebrow?: string;
  headline: string;
  body?: string;
  button: string;
  decline?: string;
  consent?: string;
  note?: string;
  /** The thank-you screen (forms) or the win screen (games). */
  thanksHeadline?: string;
  thanksBody?: string;
  /** A download or next-step link on the thank-you screen. */
  thanksButton?: string;
  /** A game's lose screen. */
  loseHeadline?: string;
  loseBody?: string;
}

export type Layout = 'card' | 'split' | 'bar' | 'slide' | 'full' | 'inline' | 'sheet' | 'game';
export type GameTag = 'poptin-spin-wheel' | 'poptin-scratch-card' | 'poptin-gift-box';

export interface Content {
  layout: Layout;
  copy: Copy;
  fields: Field[];
  image?: Illustration;
  countdownMinutes?: number;
  /** Where the main button goes when the template has no form. */
  href?: string;
  /** The owner's download address on the thank-you screen. */
  downloadHref?: string;
  coupon?: string;
  game?: GameTag;
  /** In-page kinds (embedded, content) and content locks draw no close button. */
  closable: boolean;
}

const THANKS_IMAGE: Illustration = 'check';

function formParts(context: ScreenContext, content: Content, options: { inline?: boolean } = {}): string {
  const { copy } = content;
  if (content.fields.length === 0)
    return content.href ? linkButton(copy.button, content.href, { full: !options.inline, close: true }) : '';
  const row = options.inline;
  return form(
    row
      ? 'display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:8px'
      : 'display:flex;flex-direction:column;gap:12px',
    fields(context, content.fields, {
      labelled: row ? 'aria' : 'visible',
      style: row
        ? 'display:flex;flex-wrap:wrap;gap:8px;flex:1 1 200px;max-width:280px'
        : 'display:flex;flex-direction:column;gap:12px',
    }),
    copy.consent ? consent(copy.consent) : '',
    submitButton(copy.button, { full: !row }),
  );
}

function thanksParts(content: Content, size: Size, compact = false): string[] {
  const { copy } = content;
  return [
    compact ? '' : image(THANKS_IMAGE, { size: 72, style: 'margin:0 0 16px' }),
    headline(copy.thanksHeadline ?? '', size, 'thank-you-headline'),
    copy.thanksBody ? body(copy.thanksBody, { role: 'thank-you-body', margin: '0 0 16px' }) : '',
    content.coupon ? coupon(content.coupon) : '',
    content.downloadHref && copy.thanksButton
      ? linkButton(copy.thanksButton, content.downloadHref, { newTab: true })
      : '',
  ];
}

function column(
  context: ScreenContext,
  content: Content,
  { size, imageSize, center = true }: { size: Size; imageSize: number; center?: boolean },
): string[] {
  const { copy } = content;
  return [
    content.image ? image(content.image, { size: imageSize, style: 'margin:0 0 16px' }) : '',
    copy.eyebrow ? eyebrow(context, copy.eyebrow) : '',
    headline(copy.headline, size),
    copy.body ? body(copy.body, { margin: content.countdownMinutes ? '0 0 16px' : '0 0 24px' }) : '',
    content.countdownMinutes
      ? countdown(content.countdownMinutes, { center, size: size === 'large' ? 28 : size === 'medium' ? 20 : 16 })
      : '',
    formParts(context, content),
    copy.decline ? declineButton(copy.decline) : '',
    copy.note ? note(copy.note) : '',
  ];
}

function withThanks(
  context: ScreenContext,
  content: Content,
  style: string,
  first: string[],
  thanks: string[],
): string {
  const close = content.closable ? closeButton(context) : '';
  const screens = [screen(context, 'form', style, [close, ...first])];
  if (content.fields.length > 0)
    screens.push(screen(context, 'thank-you', style, [close, ...thanks], { hidden: true }));
  return screens.join('');
}

const CARD = 'width:440px;max-width:100%;padding:40px clamp(16px,4vw,32px) 32px;text-align:center';
const SLIDE = 'width:360px;max-width:100%;padding:24px;text-align:start';
const FULL =
  'display:flex;flex-direction:column;align-items:center;justify-content:center;width:100%;min-height:100vh;padding:64px 24px;text-align:center';
const SHEET = 'padding:32px 24px calc(24px + env(safe-area-inset-bottom));text-align:center';
const BAR =
  'display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:8px 16px;padding-block:8px;padding-inline:16px 56px;text-align:center';

export function templateHtml(context: ScreenContext, content: Content): string {
  const { copy } = content;
  switch (content.layout) {
    case 'card':
      return withThanks(
        context,
        content,
        CARD,
        column(context, content, { size: 'medium', imageSize: 96 }),
        thanksParts(content, 'medium'),
      );
    case 'full': {
      const inner = (parts: string[]) => tag('div', { style: 'width:560px;max-width:100%' }, ...parts);
      return withThanks(
        context,
        content,
        FULL,
        [inner(column(context, content, { size: 'large', imageSize: 120 }))],
        [inner(thanksParts(content, 'large'))],
      );
    }
    case 'slide':
      return withThanks(
        context,
        content,
        SLIDE,
        column(context, content, { size: 'small', imageSize: 64, center: false }).map((part) =>
          part.startsWith('<div data-poptin-part="image"')
            ? part.replace('justify-content:center', 'justify-content:flex-start')
            : part,
        ),
        thanksParts(content, 'small', true),
      );
    case 'sheet':
      return withThanks(
        context,
        content,
        SHEET,
        [grabber(), ...column(context, content, { size: 'small', imageSize: 64 })],
        [grabber(), ...thanksParts(content, 'small')],
      );
    case 'split': {
      const pane = (parts: string[]) =>
        tag('div', { style: 'flex:1 1 320px;min-width:0;padding:40px clamp(16px,6vw,32px) 32px' }, ...parts);
      const art = tag(
        'div',
        {
          style:
            'flex:1 1 240px;display:flex;align-items:center;justify-content:center;min-height:160px;background:color-mix(in srgb,var(--poptin-accent) 14%,var(--poptin-bg))',
        },
        image(content.image ?? 'sparkle', { size: 144 }),
      );
      const style = 'display:flex;flex-wrap:wrap;width:720px;max-width:100%;text-align:start';
      return withThanks(
        context,
        content,
        style,
        [art, pane(column(context, { ...content, image: undefined }, { size: 'medium', imageSize: 0, center: false }))],
        [
          art,
          pane(
            thanksParts(content, 'medium', true).map((part) =>
              part.replace('justify-content:center', 'justify-content:flex-start'),
            ),
          ),
        ],
      );
    }
    case 'inline': {
      const text = tag(
        'div',
        { style: 'flex:1 1 280px;min-width:0' },
        content.image ? image(content.image, { size: 64, style: 'justify-content:flex-start;margin:0 0 16px' }) : '',
        copy.eyebrow ? eyebrow(context, copy.eyebrow) : '',
        headline(copy.headline, 'small'),
        copy.body ? body(copy.body, { margin: '0' }) : '',
      );
      const action = tag(
        'div',
        { style: 'flex:1 1 280px;min-width:0' },
        formParts(context, content),
        copy.note ? note(copy.note) : '',
      );
      const style = 'display:flex;flex-wrap:wrap;align-items:center;gap:24px 32px;padding:32px;text-align:start';
      return withThanks(
        context,
        content,
        style,
        [text, action],
        [tag('div', { style: 'flex:1 1 100%' }, ...thanksParts(content, 'small', true))],
      );
    }
    case 'bar': {
      const parts = [
        copy.eyebrow ? eyebrow(context, copy.eyebrow).replace('margin:0 0 8px', 'margin:0') : '',
        headline(copy.headline, 'small', 'headline', '0').replace(
          'font-size:20px;line-height:28px',
          'font-size:16px;line-height:24px',
        ),
        copy.body
          ? body(copy.body, { margin: '0' }).replace(
              'font-size:16px;line-height:24px',
              'font-size:14px;line-height:20px',
            )
          : '',
        content.countdownMinutes ? countdown(content.countdownMinutes, { size: 16, style: 'margin:0' }) : '',
        content.fields.length > 0
          ? formParts(context, content, { inline: true })
          : content.href
            ? linkButton(copy.button, content.href, { full: false })
                .replace('padding:12px 24px', 'padding:8px 16px')
                .replace('min-height:48px', 'min-height:40px')
            : '',
      ];
      const thanks = [
        headline(copy.thanksHeadline ?? '', 'small', 'thank-you-headline', '0').replace(
          'font-size:20px;line-height:28px',
          'font-size:16px;line-height:24px',
        ),
        copy.thanksBody
          ? body(copy.thanksBody, { role: 'thank-you-body', margin: '0' }).replace(
              'font-size:16px;line-height:24px',
              'font-size:14px;line-height:20px',
            )
          : '',
        content.coupon ? coupon(content.coupon).replace('margin:0 0 8px', 'margin:0') : '',
      ];
      return withThanks(context, content, BAR, parts, thanks);
    }
    case 'game':
      return gameHtml(context, content);
  }
}

function grabber(): string {
  return '<div aria-hidden="true" style="width:40px;height:4px;margin:-16px auto 16px;border-radius:2px;background:var(--poptin-muted);opacity:.4"></div>';
}

function gameHtml(context: ScreenContext, content: Content): string {
  const { copy } = content;
  const close = closeButton(context);
  const play = screen(context, 'play', CARD, [
    close,
    copy.eyebrow ? eyebrow(context, copy.eyebrow) : '',
    headline(copy.headline, 'medium'),
    copy.body ? body(copy.body, { margin: '0 0 16px' }) : '',
    form(
      'display:flex;flex-direction:column;gap:12px;margin:0 0 24px',
      fields(context, content.fields),
      '<input type="hidden" name="prize" value="prize_label">',
      copy.consent ? consent(copy.consent) : '',
      submitButton(copy.button),
    ),
    tag(content.game ?? 'poptin-spin-wheel', { 'data-poptin-part': 'prizes' }),
    copy.note ? note(copy.note) : '',
  ]);
  const win = screen(
    context,
    'win',
    CARD,
    [
      close,
      image('gift', { size: 72, style: 'margin:0 0 16px' }),
      tag(
        'h2',
        {
          'data-poptin-part': 'headline',
          style: css('margin:0 0 8px;font-size:28px;line-height:36px;font-weight:800;color:var(--poptin-text)'),
        },
        copy.thanksHeadline ?? '',
      ),
      copy.thanksBody ? body(copy.thanksBody, { margin: '0 0 16px' }) : '',
      coupon('CODE'),
      copy.note ? note(copy.note, '8px 0 0') : '',
    ],
    { hidden: true },
  );
  const lose = screen(
    context,
    'lose',
    CARD,
    [close, headline(copy.loseHeadline ?? '', 'medium'), body(copy.loseBody ?? '', { margin: '0' })],
    { hidden: true },
  );
  return play + win + lose;
}
