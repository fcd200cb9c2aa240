import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wallClock } from '../../src/core/rules/schedule-clock.ts';
import { useTestApp } from '../test-support/app.ts';
import { seedClient } from '../test-support/fixtures.ts';
import { asConsole, createOwner, signIn } from '../test-support/owners.ts';

const shared = useTestApp();
const ZONE = 'Asia/Tokyo';

const POPUP = {
  poptin_name: 'Office hours',
  poptin_type: 'lightbox',
  d_f_r: 'all@display_everytime_everypage',
  poptin: '<p>Call us</p>',
};

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: object };

/** An owner of acme, whose site is in Tokyo. */
async function ownerInTokyo(): Promise<(call: Call) => ReturnType<typeof asConsole>> {
  await seedClient(shared.test.configuration);
  await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
  const session = await signIn(shared.app, 'ana@acme.example');
  const call = (request: Call) => asConsole(shared.app, session, request);
  const site = await call({ method: 'PATCH', url: '/api/owner/acme/site', payload: { timeZone: ZONE } });
  assert.equal(site.statusCode, 200, site.body);
  return call;
}

async function publish(call: (request: Call) => ReturnType<typeof asConsole>, schedule: object): Promise<string> {
  const created = await call({
    method: 'POST',
    url: '/api/owner/acme/popups',
    payload: { config: { ...POPUP, schedule } },
  });
  assert.equal(created.statusCode, 201, created.body);
  const { id } = created.json().popup;
  assert.equal((await call({ method: 'POST', url: `/api/owner/acme/popups/${id}/publish` })).statusCode, 200);
  return id;
}

async function display() {
  const response = await shared.app.inject({
    method: 'POST',
    url: '/api/display/acme',
    payload: { visitor_id: 'v-1' },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as {
    time_zone: string;
    poptins: { poptin_id: string }[];
    left_out: { poptin_id: string; blocked_by: { rule: string; reason: string }[] }[];
  };
}

/** The site's wall-clock time `ms` from now, as a schedule writes it ("YYYY-MM-DDTHH:MM"). */
function tokyoIn(ms: number): string {
  const { date, minutes } = wallClock(Date.now() + ms, ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const DAY = 86_400_000;

describe('scheduled pop-ups in the display answer', () => {
  it('sends the site’s time zone, serves a pop-up inside its schedule and leaves out one outside it, saying when it starts', async () => {
    const call = await ownerInTokyo();
    const open = await publish(call, { start: tokyoIn(-DAY), end: tokyoIn(DAY) });
    const later = await publish(call, { start: tokyoIn(3 * DAY) });
    const ended = await publish(call, { end: tokyoIn(-DAY) });
    const answer = await display();
    assert.equal(answer.time_zone, ZONE);
    assert.deepEqual(
      answer.poptins.map((popup) => popup.poptin_id),
      [open],
    );
    const leftOut = new Map(answer.left_out.map((popup) => [popup.poptin_id, popup.blocked_by]));
    assert.deepEqual(leftOut.get(later)?.[0]?.rule, 'schedule');
    assert.match(
      leftOut.get(later)?.[0]?.reason ?? '',
      /^outside its schedule: starts \w+day \d\d:\d\d \(Asia\/Tokyo\)$/,
    );
    assert.match(
      leftOut.get(ended)?.[0]?.reason ?? '',
      /^outside its schedule: it ended \d{4}-\d\d-\d\d \d\d:\d\d \(Asia\/Tokyo\)$/,
    );
  });

  it('sends a pop-up that starts within the minute, and one read in the visitor’s time zone, for the page to decide', async () => {
    const call = await ownerInTokyo();
    const soon = await publish(call, { start: tokyoIn(150_000) });
    const visitors = await publish(call, { start: tokyoIn(3 * DAY), time_zone: 'visitor' });
    // Written to the minute, "soon" starts more than 90 s from now; "withinMinute" within 60 s.
    const answer = await display();
    const sent = answer.poptins.map((popup) => popup.poptin_id);
    assert.ok(sent.includes(visitors), 'a visitor-time schedule is the page’s to decide');
    assert.equal(sent.includes(soon), false, 'more than a minute ahead, it is left out');
    const withinMinute = await publish(call, { start: tokyoIn(60_000) });
    assert.ok((await display()).poptins.some((popup) => popup.poptin_id === withinMinute));
  });

  it('a click opens a pop-up now: one whose schedule starts in a minute or so does not open by it yet', async () => {
    const call = await ownerInTokyo();
    const soon = await publish(call, { start: tokyoIn(60_000 + 30_000) });
    const clicked = await shared.app.inject({
      method: 'POST',
      url: `/api/display/click/${soon}`,
      payload: { client_id: 'acme', poptin_display: soon, triggers: ['click'] },
    });
    assert.equal(clicked.statusCode, 200, clicked.body);
    assert.equal(clicked.json().display, 'not_allowed');
    assert.equal(clicked.json().left_out.blocked_by[0].rule, 'schedule');
  });

  it('refuses a schedule it cannot read with a 400 naming the field', async () => {
    const call = await ownerInTokyo();
    const refused = async (schedule: unknown) => {
      const response = await call({
        method: 'POST',
        url: '/api/owner/acme/popups',
        payload: { config: { ...POPUP, schedule } },
      });
      assert.equal(response.statusCode, 400, response.body);
      return response.json().fields;
    };
    assert.deepEqual(await refused({ start: '2026-05-02T09:00', end: '2026-05-01T09:00' }), [
      { field: 'schedule.end', message: 'must be after schedule.start (2026-05-02T09:00), not 2026-05-01T09:00' },
    ]);
    assert.deepEqual(await refused({ weekly: [{ days: [1, 2], from: '25:00', to: '17:00' }] }), [
      {
        field: 'schedule.weekly[0].from',
        message: 'must be a time "HH:MM" from 00:00 to 23:59, not "25:00"',
      },
    ]);
    const many = Array.from({ length: 15 }, () => ({ days: [1], from: '09:00', to: '10:00' }));
    assert.deepEqual(await refused({ weekly: many }), [
      { field: 'schedule.weekly', message: 'must hold at most 14 ranges, not 15' },
    ]);
    assert.deepEqual(await refused('weekdays'), [
      { field: 'schedule', message: 'must be an object: { start, end, weekly, time_zone }' },
    ]);
  });
});
