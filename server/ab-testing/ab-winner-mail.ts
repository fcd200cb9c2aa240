// The mail that tells a site's owners the server applied an A/B test's winner, sent through SMTP_URL as lead
// notifications are.
import nodemailer from 'nodemailer';
import type { AbTest } from '../../src/core/api/insights-contract.ts';
import type { MailSettings } from '../delivery/senders.ts';

export async function mailWinnerApplied(
  mail: MailSettings,
  to: string[],
  { clientId, test }: { clientId: string; test: AbTest },
): Promise<void> {
  const winner = test.variants.find((variant) => variant.poptin_id === test.winner);
  const nameOf = (variant: { poptin_name: string; poptin_id: string }) => variant.poptin_name || variant.poptin_id;
  const testName = test.name || test.test_id;
  const transport = nodemailer.createTransport(mail.smtpUrl);
  try {
    await transport.sendMail({
      from: mail.from,
      to,
      subject: `A/B test "${testName}": ${winner ? nameOf(winner) : test.winner} won and now gets all the traffic`,
      text: [
        `The A/B test "${testName}" of site ${clientId} has a winner: ${test.reason}.`,
        '',
        ...test.variants.map(
          (variant) =>
            `  ${nameOf(variant)}: ${variant.views} views, ${variant.conversions} conversions (${(variant.conversion_rate * 100).toFixed(2)} %), best with ${(variant.probability_best * 100).toFixed(1)} % probability${variant.poptin_id === test.winner ? ' (winner)' : ''}`,
        ),
        '',
        'As the test was set to, the winner was applied: the other variants are paused. You can resume them in the',
        'console like any pop-up.',
      ].join('\n'),
    });
  } finally {
    transport.close();
  }
}
