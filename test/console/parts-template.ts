// A template in the parts-and-tokens convention (data-poptin-part, --poptin-* tokens on each screen's root), for the
// editor's tests until the templates of templates/ follow it.

const TOKENS =
  '--poptin-accent:#4338ca;--poptin-accent-text:#ffffff;--poptin-bg:#ffffff;--poptin-text:#1f2937;' +
  "--poptin-muted:#6b7280;--poptin-font:system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;--poptin-radius:12px";
const ROOT = `${TOKENS};box-sizing:border-box;max-width:440px;padding:32px;text-align:center;font-family:var(--poptin-font);color:var(--poptin-text);background:var(--poptin-bg);border-radius:var(--poptin-radius)`;
const INPUT =
  'display:block;box-sizing:border-box;inline-size:100%;margin-block-start:4px;padding:10px 12px;border:1px solid #d1d5db;border-radius:var(--poptin-radius);font:inherit';
const ROW = 'display:block;margin-block-end:12px;text-align:start;font-size:14px';

export const PARTS_TEMPLATE_HTML =
  `<div data-poptin-screen="form" style="${ROOT}">` +
  '<p data-poptin-part="eyebrow" style="margin:0 0 8px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:var(--poptin-accent)">Members only</p>' +
  '<img data-poptin-part="image" src="https://images.example.org/gift.png" alt="A gift box" width="120" height="80" style="display:block;margin:0 auto 12px">' +
  '<h2 data-poptin-part="headline" style="margin:0 0 8px;font-size:26px">Join our newsletter</h2>' +
  '<p data-poptin-part="body" style="margin:0 0 20px;color:var(--poptin-muted)">Get 10% off your first order.</p>' +
  '<form><div data-poptin-part="fields">' +
  `<label style="${ROW}"><span>Email address</span><input type="email" name="Email" required autocomplete="email" data-validation="check-typos" style="${INPUT}"></label>` +
  '</div>' +
  '<button type="submit" data-poptin-part="button" style="inline-size:100%;padding:12px;border:0;border-radius:var(--poptin-radius);background:var(--poptin-accent);color:var(--poptin-accent-text);font:inherit;font-weight:600">Subscribe</button></form>' +
  '<button type="button" data-poptin-close data-poptin-part="decline" style="margin-block-start:12px;border:0;background:none;color:var(--poptin-muted);font:inherit;text-decoration:underline">No thanks</button>' +
  '<p data-poptin-part="note" style="margin:12px 0 0;font-size:12px;color:var(--poptin-muted)">No spam. Unsubscribe in one click.</p>' +
  '</div>' +
  `<div data-poptin-screen="thank-you" hidden style="${ROOT}">` +
  '<h2 data-poptin-part="thank-you-headline" style="margin:0 0 8px">Thank you!</h2>' +
  '<p data-poptin-part="thank-you-body" style="margin:0;color:var(--poptin-muted)">Check your inbox.</p>' +
  '</div>';

/** A pop-up made before parts: plain markup, no declared part. */
export const OLD_TEMPLATE_HTML =
  '<div style="padding:24px;color:#1f2937;background:#ffffff"><h2>An old pop-up</h2><p>Made before parts.</p>' +
  '<form><input type="email" name="Email" aria-label="Email"><button type="submit">Go</button></form></div>';
