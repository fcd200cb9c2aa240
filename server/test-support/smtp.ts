import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on 127.0.0.1 that keeps each message; `reject` answers the next DATA with that code. */
export async function startSmtp() {
  const mails: Mail[] = [];
  const control = { reject: null as number | null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        if (control.reject) {
          const error = Object.assign(new Error(control.reject >= 500 ? 'mailbox unavailable' : 'try again later'), {
            responseCode: control.reject,
          });
          control.reject = null;
          return callback(error);
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    control,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
