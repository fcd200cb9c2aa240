// Slack incoming webhooks, as documented: https://api.slack.com/messaging/webhooks (POST JSON with `text` and
// optional `blocks` to the hook's secret path; 200 "ok"; errors as plain text: 400 invalid_payload, 403
// action_prohibited, 404 no_service, 410 channel_is_archived) and https://api.slack.com/apis/rate-limits (429 with
// Retry-After; about one message a second per hook).
import type { FakeAnswer, FakeRequest, VendorFake } from './fake.ts';

export const SLACK_HOOK_PATH = '/services/T0FAKE000/B0FAKE000/fakeHookSecret0123456789';

export interface SlackFake extends VendorFake {
  messages: { text: string; blocks: unknown[] }[];
  /** The channel was archived: 410 from then on. */
  archived: boolean;
}

const plain = (status: number, body: string): FakeAnswer => ({ status, body, type: 'text/plain' });

export function slackFake(): SlackFake {
  const fake: SlackFake = {
    kind: 'slack',
    messages: [],
    archived: false,
    rateLimited: () => ({ ...plain(429, 'rate_limited'), headers: { 'retry-after': '1' } }),
    handle(request: FakeRequest): FakeAnswer {
      if (request.method !== 'POST' || request.path !== SLACK_HOOK_PATH) return plain(404, 'no_service');
      if (fake.archived) return plain(410, 'channel_is_archived');
      const body = request.json;
      if (!body || (typeof body.text !== 'string' && !Array.isArray(body.blocks))) return plain(400, 'invalid_payload');
      const blocks = (body.blocks as { type?: string }[] | undefined) ?? [];
      if (blocks.length > 50 || blocks.some((block) => typeof block.type !== 'string'))
        return plain(400, 'invalid_blocks');
      fake.messages.push({ text: String(body.text ?? ''), blocks });
      return plain(200, 'ok');
    },
  };
  return fake;
}
