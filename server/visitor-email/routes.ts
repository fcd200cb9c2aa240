// The links of a visitor's e-mail: confirm the address (double opt-in) and unsubscribe, each by a button's POST (and
// the one-click POST of RFC 8058 that mail clients send). Pages of ours in the e-mail's language; nothing about the lead in them.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { VisitorEmails } from './index.ts';
import { type LinkAction, LinkSigner } from './links.ts';
import { visitorEmailOf } from './settings.ts';
import { directionOf, type EmailLanguage, escapeHtml, languageOf, wordsOf } from './words.ts';

export interface VisitorEmailRoutesOptions {
  emails: VisitorEmails;
}

const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 120 } },
};

function page(reply: FastifyReply, status: number, language: EmailLanguage, title: string, body: string) {
  const dir = directionOf(language);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .send(`<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#f6f8fa}body{padding:0 16px}main{max-width:480px;margin:64px auto;box-sizing:border-box;padding:32px;background:#fff;border:1px solid #d0d7de;border-radius:12px}h1{font-size:22px;margin:0 0 12px}p{margin:0 0 16px}button{font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#1a56db;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`);
}

export const visitorEmailRoutes: FastifyPluginAsync<VisitorEmailRoutesOptions> = async (app, { emails }) => {
  // A one-click unsubscribe may come as multipart/form-data; its body says nothing the link does not.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, {}),
  );

  /** The lead a token for `action` names, with its e-mail's language and its pop-up's settings, once the token holds. */
  async function leadOf(token: string, action: LinkAction) {
    const claim = LinkSigner.read(token);
    if (!claim || claim.action !== action) return { outcome: 'forged' as const, language: 'en' as const };
    const lead = await emails.leadForLink(claim.leadId);
    // Deleted (erased, or unconfirmed past its days): the token's time says which to tell.
    if (!lead)
      return { outcome: claim.expires * 1000 < Date.now() ? 'expired' : 'forged', language: 'en' as const } as const;
    const settings = visitorEmailOf(lead.config);
    const language = settings.language ?? languageOf(lead.lang);
    const verdict = await emails.links.verify(token, lead.clientId);
    if (verdict !== 'valid') return { outcome: verdict, language } as const;
    return { outcome: 'valid' as const, language, lead, settings };
  }

  function refused(reply: FastifyReply, outcome: 'expired' | 'forged', language: EmailLanguage) {
    const words = wordsOf(language);
    return outcome === 'expired'
      ? page(reply, 410, language, words.expiredTitle, `<p>${escapeHtml(words.expiredText)}</p>`)
      : page(reply, 400, language, words.invalidTitle, `<p>${escapeHtml(words.invalidText)}</p>`);
  }

  /** A page that asks before it acts: its button POSTs to the same address. */
  function askWithButton(reply: FastifyReply, language: EmailLanguage, title: string, text: string, button: string) {
    return page(
      reply,
      200,
      language,
      title,
      `<p>${escapeHtml(text)}</p><form method="post"><button type="submit">${escapeHtml(button)}</button></form>`,
    );
  }

  // Mail services' link scanners (Outlook Safe Links, Gmail) open every link of an e-mail with GET: opening the link
  // only asks, the visitor's click on the button (a POST) confirms. No script submits it, since a scanner may run one.
  app.get<{ Params: { token: string } }>(
    '/email/confirm/:token',
    { schema: { params: tokenParams } },
    async (request, reply) => {
      const found = await leadOf(request.params.token, 'confirm');
      if (found.outcome !== 'valid') return refused(reply, found.outcome, found.language);
      const words = wordsOf(found.language);
      return askWithButton(reply, found.language, words.confirmTitle, words.confirmText, words.confirmButton);
    },
  );

  app.post<{ Params: { token: string } }>(
    '/email/confirm/:token',
    { schema: { params: tokenParams } },
    async (request, reply) => {
      const found = await leadOf(request.params.token, 'confirm');
      if (found.outcome !== 'valid') return refused(reply, found.outcome, found.language);
      await emails.confirm(found.lead.id);
      if (found.settings.confirmUrl)
        return reply.code(303).header('Cache-Control', 'no-store').redirect(found.settings.confirmUrl, 303);
      const words = wordsOf(found.language);
      return page(reply, 200, found.language, words.confirmedTitle, `<p>${escapeHtml(words.confirmedText)}</p>`);
    },
  );

  app.get<{ Params: { token: string } }>(
    '/email/unsubscribe/:token',
    { schema: { params: tokenParams } },
    async (request, reply) => {
      const found = await leadOf(request.params.token, 'unsubscribe');
      if (found.outcome !== 'valid') return refused(reply, found.outcome, found.language);
      const words = wordsOf(found.language);
      // A link scanner that follows the link changes nothing: the visitor's click on the button does.
      return askWithButton(
        reply,
        found.language,
        words.unsubscribeTitle(found.lead.siteName),
        words.unsubscribeText,
        words.unsubscribe,
      );
    },
  );

  app.post<{ Params: { token: string } }>(
    '/email/unsubscribe/:token',
    { schema: { params: tokenParams } },
    async (request, reply) => {
      const found = await leadOf(request.params.token, 'unsubscribe');
      if (found.outcome !== 'valid') return refused(reply, found.outcome, found.language);
      if (found.lead.email) await emails.unsubscribe(found.lead.clientId, found.lead.email);
      const words = wordsOf(found.language);
      return page(reply, 200, found.language, words.unsubscribedTitle, `<p>${escapeHtml(words.unsubscribedText)}</p>`);
    },
  );
};
