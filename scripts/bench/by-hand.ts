// The floors of a pop-up shown: the bench's lightbox and spin wheel written by hand, as small as they go, each put
// after the spec's page view by hand (pages.ts, specPageView), which calls its show function with the answer. They take the same pop-up from the same display answer
// (the bench's fixtures) and do what the widget does for it on the bench's pages: the template sanitised and shown
// in a native <dialog> at its trigger, the view reported; the email field checked the spec's way and the lead sent;
// the wheel's weighted pick, its turn and its result screen. No error handling, no other pop-up type, no module
// boundaries: what the widget's showing costs over them is the price of being general.
/**
 * What both pop-ups share: the Trusted Types policy the example pages allow, the template sanitised (scripts,
 * frames and styles out, on* handlers and javascript: addresses off; `style` attributes applied through the CSSOM,
 * which the pages' CSP allows), a dialog in a shadow root, the view call, and the form's email check of widget §5
 * with the lead sent to the conversion call of widget §7. The shown dialog is announced as the widget announces its
 * own (poptin:fired and poptin:shown marks, a composed poptin-show event), so the bench times both alike.
 */
const POPUP_BY_HAND = String.raw`const policy = window.trustedTypes ? trustedTypes.createPolicy('poptin', { createHTML: (html) => html }) : null;
const sheet = new CSSStyleSheet();
sheet.replaceSync('dialog { padding: 0; border: 0; background: none; max-width: calc(100vw - 32px); max-height: calc(100dvh - 32px); overflow: visible; }'
  + ' dialog::backdrop { background: rgb(0 0 0 / 0.5); }'
  + ' .close { position: absolute; top: 8px; inset-inline-end: 8px; z-index: 1; width: 32px; height: 32px; border: 0; border-radius: 50%; background: #fff; font-size: 20px; cursor: pointer; }'
  + ' .error { margin: 0; font-size: 13px; color: #b91c1c; } [hidden] { display: none !important; }'
  + ' .wheel { position: relative; width: 300px; max-width: 100%; aspect-ratio: 1; margin: 0 auto; }'
  + ' .face { display: block; width: 100%; height: 100%; transition: transform 6.5s cubic-bezier(0.12, 0.6, 0.1, 1); will-change: transform; }'
  + ' .face text { fill: #fff; font: 700 9px system-ui, sans-serif; } .pointer { position: absolute; top: -6px; left: 50%; width: 24px; margin-left: -12px; fill: #1f2937; }'
  + ' .spin { position: absolute; inset: 0; width: 24%; height: 24%; margin: auto; border: 3px solid #fff; border-radius: 50%; background: #1f2937; color: #fff; font: 800 14px system-ui, sans-serif; text-transform: uppercase; cursor: pointer; }');
const EMAIL = /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const post = (path, fields) => fetch('/api/display/' + path, { method: 'POST', body: new URLSearchParams({ idempotency_key: crypto.randomUUID(), ...fields }), credentials: 'omit' });

// The display answer's template was sanitised on the server, its style attributes already renamed to the stand-in.
function sanitised(markup) {
  const template = document.createElement('template');
  const html = markup.replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(/\sstyle=/gi, ' data-poptin-style='));
  template.innerHTML = policy ? policy.createHTML(html) : html;
  for (const element of template.content.querySelectorAll('script, style, iframe, object, embed')) element.remove();
  for (const element of template.content.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes])
      if (/^on/i.test(name) || /^\s*javascript:/i.test(value)) element.removeAttribute(name);
    const style = element.getAttribute('data-poptin-style');
    if (style !== null) {
      element.style.cssText = style;
      element.removeAttribute('data-poptin-style');
    }
  }
  return template.content;
}

function popupByHand(poptin, markup) {
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [sheet];
  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-label', poptin.poptin_name);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.setAttribute('aria-label', 'Close');
  close.textContent = '\u00d7';
  dialog.append(close, sanitised(markup));
  root.append(dialog);
  const screen = (name) => dialog.querySelector('[data-poptin-screen="' + name + '"]');
  const go = (from, to) => {
    screen(from).hidden = true;
    screen(to).hidden = false;
  };
  dialog.addEventListener('click', (event) => {
    if (event.target === close || event.target.closest('[data-poptin-close]')) dialog.close();
  });
  dialog.addEventListener('close', () => host.remove());
  // Built ahead, hidden, as the widget builds a timed pop-up: its trigger only opens it.
  document.body.append(host);
  const popup = {
    dialog,
    screen,
    go,
    trigger: '',
    show(trigger) {
      popup.trigger = trigger;
      performance.mark('poptin:fired:' + poptin.poptin_id);
      dialog.showModal();
      host.dispatchEvent(new CustomEvent('poptin-show', { bubbles: true, composed: true, detail: { poptinId: poptin.poptin_id } }));
      performance.mark('poptin:shown:' + poptin.poptin_id);
      post('viewed/' + poptin.poptin_id, { viewer_id: poptin.viewer_id, trigger, client_id: poptin.client_id, type: poptin.poptin_type, url: location.href });
    },
    /** The form of screen from checks its email field and sends the lead with fields(), then shows screen to. */
    form(from, to, fields = () => ({})) {
      const form = screen(from).querySelector('form');
      const input = form.querySelector('input[type=email]');
      const error = document.createElement('p');
      error.className = 'error';
      error.id = poptin.poptin_id + '-error';
      error.setAttribute('role', 'alert');
      error.hidden = true;
      input.after(error);
      input.maxLength = 254;
      form.noValidate = true;
      input.addEventListener('input', () => {
        error.hidden = true;
        input.removeAttribute('aria-invalid');
      });
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const email = input.value.trim();
        const problem = email === '' ? 'This field is required' : EMAIL.test(email) ? '' : 'There are typos in the email';
        if (problem) {
          error.textContent = problem;
          error.hidden = false;
          input.setAttribute('aria-invalid', 'true');
          input.setAttribute('aria-describedby', error.id);
          return input.focus();
        }
        post('conversion/' + encodeURIComponent(poptin.viewer_id), { poptin_id: poptin.poptin_id, client_id: poptin.client_id, p_target: poptin.poptin_target, trigger: popup.trigger, url: location.href, Email: email, ...fields() });
        go(from, to);
        setTimeout(() => dialog.close(), 1000 * Number(poptin.design_properties?.poptin_design_thank_screen_auto_close_sec ?? 5));
      });
    },
  };
  return popup;
}
`;

/** The lightbox fixture (benchlightbox.json) by hand: shown after its seconds on the page, its form sent. */
export const LIGHTBOX_BY_HAND = `${POPUP_BY_HAND}
function showLightbox(answer) {
  const poptin = answer.poptins[0];
  const popup = popupByHand(poptin, poptin.poptin);
  popup.form('form', 'thank-you');
  setTimeout(() => popup.show('after_seconds'), 1000 * Number(poptin.display_after_sec_active));
}
`;

/**
 * The spin-wheel fixture (benchspinwhl.json) by hand: shown at once, its <poptin-spin-wheel> a drawn wheel of its
 * prizes whose click picks one by weighted chance (widget §5, chances / 100) and turns the face as the widget turns
 * it (24 × 30° plus the offset that stops the prize under the pointer, the widget's transition), the result screen
 * 7 s later, its form sending the lead with the prize.
 */
export const WHEEL_BY_HAND = `${POPUP_BY_HAND}
function showWheel(answer) {
  const poptin = answer.poptins[0];
  const prizes = Object.values(poptin.gamified_prize);
  const slice = 360 / prizes.length;
  const at = (degrees, radius) => {
    const radians = (degrees * Math.PI) / 180;
    return (radius * Math.sin(radians)).toFixed(2) + ' ' + (-radius * Math.cos(radians)).toFixed(2);
  };
  const slices = prizes.map((prize, index) =>
    '<path fill="' + (index % 2 ? '#f59e0b' : '#4f46e5') + '" d="M 0 0 L ' + at(index * slice, 90) + ' A 90 90 0 0 1 ' + at((index + 1) * slice, 90) + ' Z"/>'
    + '<text text-anchor="middle" transform="rotate(' + (index + 0.5) * slice + ') translate(0 -58) rotate(90)">' + prize.label.replace(/[<&]/g, '') + '</text>');
  const wheel = '<div class="wheel"><svg class="face" viewBox="-100 -100 200 200" aria-hidden="true"><circle r="96" fill="#1f2937"/>' + slices.join('') + '</svg>'
    + '<svg class="pointer" viewBox="0 0 40 52" aria-hidden="true"><path d="M20 50 L6.2 24.5 A16 16 0 1 1 33.8 24.5 Z"/></svg>'
    + '<button type="button" class="spin" part="spin-button">Spin</button></div>';
  const popup = popupByHand(poptin, poptin.poptin.replace(/<poptin-spin-wheel><\\/poptin-spin-wheel>/, wheel));
  const face = popup.dialog.querySelector('.face');
  let prize = null;
  popup.dialog.querySelector('.wheel').addEventListener('click', () => {
    if (prize) return;
    const weights = prizes.map((each) => each.chances / 100);
    let point = Math.random() * weights.reduce((sum, weight) => sum + weight, 0);
    const index = Math.max(0, weights.findIndex((weight) => (point -= weight) < 0));
    prize = prizes[index];
    face.style.transform = 'rotate(' + (24 * 30 + ((360 - (index + 0.1 + Math.random() * 0.8) * slice) % 360)) + 'deg)';
    setTimeout(() => {
      const won = Number(prize.is_winner) === 1 || String(prize.loosing_option) === '0';
      popup.go('play', won ? 'win' : 'lose');
      if (!won) return;
      popup.dialog.querySelector('[data-poptin-prize-label]').textContent = prize.label;
      const coupon = popup.dialog.querySelector('[data-poptin-coupon]');
      coupon.textContent = prize.code;
      coupon.addEventListener('click', () => navigator.clipboard?.writeText(prize.code));
    }, 7000);
  });
  popup.form('win', 'thank-you', () => ({ prize: prize.label, prize_id: prize.prize_id, is_winner: '1' }));
  popup.show('immediately');
}
`;
