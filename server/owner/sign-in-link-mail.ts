// The mail that carries a one-time sign-in link, sent through SMTP_URL as lead notifications are.
import nodemailer from 'nodemailer';
import type { MailSettings } from '../delivery/senders.ts';
import { SIGN_IN_LINK_MINUTES } from './accounts.ts';

export interface SignInLinkSettings {
  mail: MailSettings;
  /** PUBLIC_URL: where owners reach this server; the link points at its console, never at a request's Host. */
  publicUrl: string;
}

export function signInLinkUrl(publicUrl: string, token: string): string {
  const url = new URL('/console/sign-in', publicUrl);
  url.searchParams.set('link', token);
  return url.href;
}

export async function mailSignInLink(settings: SignInLinkSettings, to: string, token: string): Promise<void> {
  const transport = nodemailer.createTransport(settings.mail.smtpUrl);
  try {
    await transport.sendMail({
      from: settings.mail.from,
      to,
      subject: 'Your sign-in link',
      text: [
        'Someone asked for a link to sign in to the console with this e-mail address.',
        '',
        `Sign in: ${signInLinkUrl(settings.publicUrl, token)}`,
        '',
        `The link works once, within ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask for it, ignore this mail:`,
        'nobody can sign in without it.',
      ].join('\n'),
    });
  } finally {
    transport.close();
  }
}
