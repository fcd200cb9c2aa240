// The kinds demo: one page per pop-up kind (?kind=bar, ?kind=sside, …) with a button per position.
// Built with DOM calls: the page enforces Trusted Types, so it assigns no markup strings.
const KINDS = {
  lightbox: {
    about: 'A modal dialog over the page.',
    positions: ['center-middle', 'center-top', 'center-bottom', 'left-middle', 'right-middle'],
  },
  gamified: {
    about: 'A modal dialog for games (see the spin wheel, scratch card and gift box demos for the games themselves).',
    positions: ['center-middle', 'center-top'],
  },
  fullpage: {
    about: 'The whole screen, with a close and a skip button; it scales, then fades in.',
    positions: ['center-middle'],
  },
  bar: {
    about: 'A bar across the page. At the top it pushes the page down by its height; at the bottom it floats.',
    positions: ['center-top', 'center-bottom'],
    format: 'format_3',
  },
  sside: {
    about: 'A slide-in at the side of the page, which stays usable.',
    positions: ['left-top', 'left-middle', 'left-bottom', 'right-top', 'right-middle', 'right-bottom'],
  },
  bside: {
    about: 'A slide-in along the bottom of the page.',
    positions: ['left-bottom', 'center-bottom', 'right-bottom'],
  },
  browsing: {
    about: 'A notice that runs across the page while the visitor browses.',
    positions: ['center-bottom', 'center-top'],
  },
  mobile: {
    about: 'Along the bottom (or top) edge, the width of the screen, as on a phone.',
    positions: ['center-bottom', 'center-top'],
  },
  social: {
    about: 'A small social-proof card in a corner. Formats 3 and 7 come in without animation.',
    positions: ['left-bottom', 'right-bottom', 'left-top', 'right-top'],
    format: 'format_3',
  },
  embedded: {
    about: 'In the page, where the tag stands (see the embedded forms demo for <poptin-embed>).',
    positions: [],
    inPlace: true,
  },
  content: { about: 'Content in the page, where the tag stands.', positions: [], inPlace: true },
};

const element = (tag, text, attributes = {}) => {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
};

function popup(kind, position, trigger) {
  const tag = element('poptin-popup', '', { kind, trigger, 'aria-label': `${kind} at ${position || 'its place'}` });
  if (position) tag.setAttribute('position', position);
  if (KINDS[kind].format) tag.setAttribute('format', KINDS[kind].format);
  const screen = element('div', '', { 'data-poptin-screen': 'form' });
  const form = element('form');
  form.append(
    element('input', '', { name: 'Email', type: 'email', 'aria-label': 'Email', placeholder: 'you@example.com' }),
    element('button', 'Subscribe', { type: 'submit' }),
  );
  screen.append(
    element('h2', position ? `${kind}, ${position}` : kind),
    element('p', 'Ten percent off your first order.'),
    form,
  );
  tag.append(screen, element('div', 'Thank you!', { 'data-poptin-screen': 'thank-you', hidden: '' }));
  return tag;
}

const kind = Object.hasOwn(KINDS, new URLSearchParams(location.search).get('kind') ?? '')
  ? new URLSearchParams(location.search).get('kind')
  : 'lightbox';
document.title = `${kind} pop-ups · poptin-elements`;
document.getElementById('kind-title').textContent = `Pop-up kind: ${kind}`;
document.getElementById('kind-about').textContent = KINDS[kind].about;
for (const name of Object.keys(KINDS)) {
  const link = element('a', name, { href: `/examples/kinds.html?kind=${name}` });
  if (name === kind) link.setAttribute('aria-current', 'page');
  const item = element('li');
  item.append(link);
  document.getElementById('kind-links').append(item);
}
if (KINDS[kind].inPlace) document.getElementById('in-place').append(popup(kind, '', 'immediate'));
KINDS[kind].positions.forEach((position, index) => {
  const button = element('button', position, { type: 'button', id: `open-${index}` });
  const item = element('li');
  item.append(button);
  document.getElementById('position-buttons').append(item);
  const tag = popup(kind, position, `click:#open-${index}`);
  // A bar at the top goes first in the page, which it pushes down.
  if (kind === 'bar' && position.includes('top')) document.body.prepend(tag);
  else document.body.append(tag);
});
