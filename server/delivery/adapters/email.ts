// E-mail to the site's owners through the server's SMTP settings (../senders.ts: sendNotification).
import { emailProblem } from '../../owner/fields.ts';
import { type DestinationAdapter, strings } from './adapter.ts';

export const email: DestinationAdapter = {
  kind: 'email',
  name: 'E-mail',
  purpose: 'Mails each lead, or a daily digest, to the addresses you list',
  docs: ['https://www.rfc-editor.org/rfc/rfc5321#section-4.2.1'],
  hosts: {},
  settings: [
    { name: 'to', type: 'strings', max: 10 },
    { name: 'digest', type: 'string', oneOf: ['each', 'daily'] },
    { name: 'consentField', type: 'string', max: 100 },
  ],
  secret: { type: 'none' },
  unavailable: (env) =>
    env.mail
      ? null
      : 'e-mail needs the server to send mail, and it has no SMTP server: set SMTP_URL (and SMTP_FROM) where the server runs, restart it, then add this destination',
  validate(settings) {
    const to = strings(settings.to);
    if (to.length === 0) return [{ field: 'settings.to', message: 'must list at least one e-mail address' }];
    return to.flatMap((address, index) => emailProblem(`settings.to.${index}`, address) ?? []);
  },
  send: ({ destination, leads, messageId, test, env }) =>
    env.notify({ settings: destination.settings, fieldMap: destination.fieldMap }, leads, { messageId, test }),
};
