import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../src/core/random.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';

const shared = useTestApp();
const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0';

const owner = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  shared.app.inject({ method, url, headers: AUTH, payload });
const ownerJson = async (url: string) => {
  const response = await owner('GET', url);
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json();
};

const display = (url: string, payload: Record<string, unknown>, userAgent = DESKTOP_UA) =>
  shared.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
  });

async function view(poptinId: string, extra: Record<string, unknown> = {}, userAgent?: string): Promise<number> {
  const response = await display(`/api/display/viewed/${poptinId}`, extra, userAgent);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().poptin_view_id;
}

async function lead(viewerId: string, fields: Record<string, unknown>, userAgent?: string): Promise<number> {
  const response = await display(`/api/display/conversion/${viewerId}`, fields, userAgent);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().conversion_id ?? response.json().id;
}

/** acme with a pop-up and an A/B variant of it, and globex with one pop-up. */
async function sites() {
  await seedClient(shared.test.configuration, { client_id: 'acme' });
  await seedClient(shared.test.configuration, { client_id: 'globex' });
  const main = await seedPopup(shared.test.configuration, {
    client_id: 'acme',
    poptin_id: 'acmepopup0001',
    poptin_name: 'Main',
  });
  const variant = await seedPopup(shared.test.configuration, {
    client_id: 'acme',
    poptin_id: 'acmepopup0002',
    poptin_name: 'Variant B',
    ab_test_parent_id: 'acmepopup0001',
  });
  const other = await seedPopup(shared.test.configuration, {
    client_id: 'acme',
    poptin_id: 'acmepopup0003',
    poptin_name: 'Other',
  });
  const globex = await seedPopup(shared.test.configuration, { client_id: 'globex', poptin_id: 'globexpopup01' });
  return { main, variant, other, globex };
}

/** The site's time zone, set as its owner sets it. */
async function setZone(timeZone: string) {
  const response = await owner('PATCH', '/api/owner/acme/site', { timeZone });
  assert.equal(response.statusCode, 200, response.body);
}

const localDayOf = (timeZone: string, at: Date) => at.toLocaleDateString('en-CA', { timeZone });

type Listed = { conversion_id: number; email: string | null; poptin_id: string; created_at: string };

async function everyLead(query: string, limit = 3): Promise<Listed[]> {
  const leads: Listed[] = [];
  let after: string | null = null;
  do {
    const body: { leads: Listed[]; next: string | null } = await ownerJson(
      `/api/owner/acme/leads?limit=${limit}&${query}${after ? `&after=${after}` : ''}`,
    );
    assert.ok(body.leads.length <= limit);
    leads.push(...body.leads);
    after = body.next;
  } while (after);
  return leads;
}

describe('owner leads: search, filters and detail', () => {
  it('finds leads by e-mail, name, phone and any field, filters by pop-up, variant, days and spam, along keyset pages', async () => {
    const { main, variant, other } = await sites();
    const ids = {
      ana: await lead(main.viewer_id, {
        email: 'Ana@Acme.example',
        name: 'Ana Lima',
        idempotency_key: 'search-key-0001',
      }),
      bo: await lead(variant.viewer_id, {
        email: 'bo@acme.example',
        phone: '+972501234567',
        idempotency_key: 'search-key-0002',
      }),
      cy: await lead(other.viewer_id, {
        email: 'cy@acme.example',
        company: 'Quetzal Works',
        idempotency_key: 'search-key-0003',
      }),
      dee: await lead(main.viewer_id, { email: 'dee@acme.example', idempotency_key: 'search-key-0004' }),
      bot: await lead(main.viewer_id, {
        email: 'bot@spam.example',
        idempotency_key: 'search-key-0005',
        poptin_hp: 'x',
      }),
    };
    await shared.test.db.query("UPDATE conversions SET created_at = '2026-03-01T10:00:00Z' WHERE id = $1", [ids.ana]);
    await shared.test.db.query("UPDATE conversions SET created_at = '2026-03-02T23:59:59Z' WHERE id = $1", [ids.bo]);
    await shared.test.db.query("UPDATE conversions SET created_at = '2026-03-03T00:00:00Z' WHERE id = $1", [ids.cy]);
    const emails = async (query: string) => (await everyLead(query)).map((item) => item.email);

    assert.deepEqual(await emails(''), ['dee@acme.example', 'cy@acme.example', 'bo@acme.example', 'Ana@Acme.example']);
    assert.deepEqual(await emails('q=ana%40acme'), ['Ana@Acme.example'], 'e-mail, whatever its case');
    assert.deepEqual(await emails('q=lima'), ['Ana@Acme.example'], 'name');
    assert.deepEqual(await emails('q=501234'), ['bo@acme.example'], 'phone');
    assert.deepEqual(await emails('q=quetzal'), ['cy@acme.example'], 'any field');
    assert.deepEqual(await emails('q=nobody'), []);
    assert.deepEqual(await emails('q=%25'), [], 'a % is the character, not a wildcard');
    assert.deepEqual(
      await emails('popup=acmepopup0001'),
      ['dee@acme.example', 'bo@acme.example', 'Ana@Acme.example'],
      'a pop-up and its variants',
    );
    assert.deepEqual(await emails('variant=acmepopup0001'), ['dee@acme.example', 'Ana@Acme.example']);
    assert.deepEqual(
      await emails('from=2026-03-01&to=2026-03-02'),
      ['bo@acme.example', 'Ana@Acme.example'],
      'days in UTC, both included',
    );
    assert.deepEqual(await emails('from=2026-03-03&to=2026-03-03'), ['cy@acme.example']);
    assert.deepEqual(
      await emails(
        `from=${encodeURIComponent('2026-03-03T00:00:00+09:00')}&to=${encodeURIComponent('2026-03-04T00:00+09:00')}`,
      ),
      ['cy@acme.example', 'bo@acme.example'],
      "an owner's day in Tokyo, as instants: bo's 23:59:59 UTC is 08:59:59 there",
    );
    assert.deepEqual(
      await emails('from=2026-03-01T10:00:00Z&to=2026-03-03T00:00:00.000Z'),
      ['bo@acme.example', 'Ana@Acme.example'],
      'the starting instant included, the ending one not',
    );
    assert.deepEqual(await emails('spam=only'), ['bot@spam.example']);
    assert.deepEqual(await emails('spam=include&popup=acmepopup0001&q=example'), [
      'bot@spam.example',
      'dee@acme.example',
      'bo@acme.example',
      'Ana@Acme.example',
    ]);

    for (const bad of [
      'from=2026-02-30',
      'to=yesterday',
      'from=2026-03-02&to=2026-03-01',
      'from=2026-03-03T00:00:00',
      'from=2026-02-30T00:00:00Z',
      'to=2026-03-03T25:00:00Z',
      'from=2026-03-03T00:00:00Z&to=2026-03-03T00:00:00Z',
      `q=${'x'.repeat(201)}`,
      'popup=..',
      'q=a%00b',
    ]) {
      const response = await owner('GET', `/api/owner/acme/leads?${bad}`);
      assert.equal(response.statusCode, 400, bad);
      assert.match(response.json().message, /querystring/);
    }
  });

  it('exports exactly the filtered set as CSV', async () => {
    const { main, variant } = await sites();
    for (let index = 0; index < 7; index += 1) {
      await lead(index % 2 ? main.viewer_id : variant.viewer_id, {
        email: `p${index}@acme.example`,
        idempotency_key: `csv-filter-${index}`,
      });
    }
    const response = await owner('GET', '/api/owner/acme/leads.csv?variant=acmepopup0002&q=acme');
    assert.equal(response.statusCode, 200);
    const listed = (await everyLead('variant=acmepopup0002&q=acme')).map((item) => item.email);
    const lines = response.body.trim().split('\r\n').slice(1);
    assert.deepEqual(
      lines.map((line) => line.split(',')[5]),
      listed,
    );
    assert.deepEqual(listed, ['p6@acme.example', 'p4@acme.example', 'p2@acme.example', 'p0@acme.example']);
  });

  it("shows a lead with every field, its page, trigger, prize, variant and device; 404 for another site's lead", async () => {
    const { variant, globex } = await sites();
    const viewId = await view(
      variant.poptin_id,
      { trigger: 'exit_intent', url: 'https://acme.example/shoes?x=1' },
      PHONE_UA,
    );
    const id = await lead(
      variant.viewer_id,
      {
        email: 'win@acme.example',
        poptin_view_id: String(viewId),
        prize_id: 'ten-off',
        coupon: 'SAVE10',
        size: '42',
        idempotency_key: 'detail-key-0001',
        url: 'https://acme.example/shoes?x=1',
      },
      PHONE_UA,
    );
    const detail = await ownerJson(`/api/owner/acme/leads/${id}`);
    assert.equal(detail.lead.fields.size, '42');
    assert.equal(detail.lead.device, 'mobile');
    assert.equal(detail.lead.url, 'https://acme.example/shoes?x=1');
    assert.deepEqual(detail.popup, {
      poptin_id: 'acmepopup0002',
      poptin_name: 'Variant B',
      ab_test_parent_id: 'acmepopup0001',
    });
    assert.equal(detail.view.trigger, 'exit_intent');
    assert.equal(detail.view.id, viewId);
    assert.deepEqual(detail.prize, { prize_id: 'ten-off', coupon: 'SAVE10' });
    assert.deepEqual(detail.deliveries, []);

    const globexLead = await lead(globex.viewer_id, { email: 'g@globex.example', idempotency_key: 'detail-key-0002' });
    assert.equal((await owner('GET', `/api/owner/acme/leads/${globexLead}`)).statusCode, 404);
    assert.equal((await owner('GET', '/api/owner/acme/leads/99999')).statusCode, 404);
    assert.equal((await owner('GET', '/api/owner/acme/leads/abc')).statusCode, 400);
  });
});

describe('owner people: access and erasure', () => {
  it("exports one person's leads, views, closes and store activity, erases them all and logs it, leaving others and other sites alone", async () => {
    const { main, globex } = await sites();
    const viewId = await view(main.poptin_id, {});
    await view(main.poptin_id, { converted_email: 'ana@acme.example' });
    const keptView = await view(main.poptin_id, {});
    await display(`/api/display/closed/${main.poptin_id}`, { converted_email: 'ANA@acme.example' });
    await lead(main.viewer_id, {
      email: 'Ana@Acme.example',
      poptin_view_id: String(viewId),
      idempotency_key: 'person-key-0001',
    });
    await lead(main.viewer_id, { email: 'ana@acme.example', idempotency_key: 'person-key-0002' });
    await lead(main.viewer_id, {
      email: 'bo@acme.example',
      poptin_view_id: String(keptView),
      idempotency_key: 'person-key-0003',
    });
    await lead(globex.viewer_id, { email: 'ana@acme.example', idempotency_key: 'person-key-0004' });
    await shared.test.configuration.recordStoreActivity({
      client_id: 'acme',
      kind: 'ordered_products',
      email: 'ana@acme.example',
      payload: { total: 3 },
    });

    const exported = await ownerJson('/api/owner/acme/people?email=ana%40ACME.example');
    assert.equal(exported.leads.length, 2);
    assert.equal(exported.views.length, 2);
    assert.equal(exported.closes.length, 1);
    assert.equal(exported.store_activity.length, 1);
    assert.equal(exported.truncated, false);

    const erased = await owner('DELETE', '/api/owner/acme/people?email=ana%40acme.example');
    assert.equal(erased.statusCode, 200, erased.body);
    assert.deepEqual(
      { ...erased.json().erasure, id: 0, created_at: '' },
      { id: 0, created_at: '', erased_by: 'owner token', leads: 2, views: 2, closes: 1, store_activity: 1 },
    );

    const left = await ownerJson('/api/owner/acme/people?email=ana%40acme.example');
    assert.deepEqual([left.leads, left.views, left.closes, left.store_activity], [[], [], [], []]);
    const anywhere = await shared.test.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM (
         SELECT fields::text AS t FROM conversions WHERE client_id = 'acme' UNION ALL SELECT converted_email FROM views WHERE client_id = 'acme'
         UNION ALL SELECT converted_email FROM closes WHERE client_id = 'acme' UNION ALL SELECT email FROM store_activity WHERE client_id = 'acme'
       ) rows WHERE lower(t) LIKE '%ana@acme.example%'`,
    );
    assert.equal(anywhere[0]!.count, 0, 'nothing of the person is left on the site');
    assert.equal((await ownerJson('/api/owner/acme/people?email=bo%40acme.example')).leads.length, 1);
    assert.equal(
      (await ownerJson('/api/owner/globex/people?email=ana%40acme.example')).leads.length,
      1,
      'another site keeps its own lead',
    );

    const log = await ownerJson('/api/owner/acme/erasures');
    assert.equal(log.erasures.length, 1);
    assert.equal(JSON.stringify(log).includes('ana@'), false, 'the log names no one');

    assert.equal((await owner('DELETE', '/api/owner/acme/people?email=not-an-address')).statusCode, 400);
    assert.equal((await owner('DELETE', '/api/owner/acme/people')).statusCode, 400);
    assert.equal(
      (await owner('DELETE', '/api/owner/acme/people?email=a%00%40acme.example')).statusCode,
      400,
      'a NUL, which PostgreSQL cannot hold',
    );
  });
});

describe('stats from the roll-ups', () => {
  it('keeps the roll-ups equal to the raw events after random streams of views, closes, leads, repeats and spam moves', async () => {
    const { main, variant, other } = await sites();
    const popups = [main, variant, other];
    await shared.test.db.query("SELECT poptin_ensure_event_partitions((now() - interval '3 days')::date, now()::date)");
    // UTC, then zones with a clock change, half an hour off UTC, and far from it.
    for (const [seed, zone] of [
      [1, 'UTC'],
      [2, 'America/New_York'],
      [3, 'Asia/Kolkata'],
      [4, 'Australia/Adelaide'],
      [5, 'Pacific/Kiritimati'],
    ] as const) {
      await shared.test.reset();
      await sites();
      await setZone(zone);
      const random = seededRandom(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const leadIds: number[] = [];
      for (let step = 0; step < 60; step += 1) {
        const popup = pick(popups);
        const userAgent = pick([PHONE_UA, DESKTOP_UA, 'curl/8', 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)']);
        const url = pick([
          'https://acme.example/',
          'https://acme.example/a?x=1',
          'https://acme.example/b#top',
          undefined,
        ]);
        const key = `s${seed}-${Math.floor(random() * 40)}`;
        const roll = random();
        if (roll < 0.1)
          // Some earlier in the last three days, at any minute, so that they fall on either side of local midnights.
          await shared.test.insights.recordView({
            poptin_id: popup.poptin_id,
            client_id: 'acme',
            url,
            device: pick(['desktop', 'mobile'] as const),
            created_at: new Date(Date.now() - Math.floor(random() * 3 * 24 * 60) * 60_000).toISOString(),
          });
        else if (roll < 0.5) await view(popup.poptin_id, { url, idempotency_key: `view-${key}` }, userAgent);
        else if (roll < 0.75)
          await display(`/api/display/closed/${popup.poptin_id}`, { url, idempotency_key: `close-${key}` }, userAgent);
        else if (roll < 0.9) {
          const response = await display(
            `/api/display/conversion/${popup.viewer_id}`,
            {
              email: `p${step}@acme.example`,
              url,
              idempotency_key: `lead-${seed}-${step}`,
              ...(random() < 0.2 ? { poptin_hp: 'bot' } : {}),
            },
            userAgent,
          );
          leadIds.push(response.json().conversion_id);
        } else if (leadIds.length > 0) {
          await owner('PATCH', `/api/owner/acme/leads/${pick(leadIds)}`, { spam: random() < 0.5 });
        }
      }
      const rawBy = (dimension: string) =>
        shared.test.db.query(
          `SELECT poptin_id, ${dimension} AS key, sum(v)::int AS views, sum(c)::int AS closes, sum(l)::int AS conversions FROM (
           SELECT poptin_id, device, poptin_page(url) AS page, created_at, 1 AS v, 0 AS c, 0 AS l FROM views
           UNION ALL SELECT poptin_id, device, poptin_page(url), created_at, 0, 1, 0 FROM closes
           UNION ALL SELECT poptin_id, device, poptin_page(url), created_at, 0, 0, 1 FROM conversions WHERE spam_reason IS NULL
         ) events GROUP BY 1, 2 ORDER BY 1, 2`,
        );
      const rolledBy = (table: string, dimension: string) =>
        shared.test.db.query(
          `SELECT poptin_id, ${dimension} AS key, sum(views)::int AS views, sum(closes)::int AS closes, sum(conversions)::int AS conversions
         FROM ${table} GROUP BY 1, 2 HAVING sum(views) + sum(closes) + sum(conversions) > 0 ORDER BY 1, 2`,
        );
      const localDay = `to_char(created_at AT TIME ZONE '${zone}', 'YYYY-MM-DD')`;
      const raw = await rawBy('device');
      const sum = (key: 'views' | 'closes' | 'conversions') => raw.reduce((total, row) => total + Number(row[key]), 0);
      const today = localDayOf(zone, new Date());
      const first = localDayOf(zone, new Date(Date.now() - 3 * 86_400_000));
      const reportUrl = `/api/owner/acme/stats/report?from=${first}&to=${today}`;
      // Read while some events may still wait to be folded: the report counts them all the same.
      const unfolded = await ownerJson(reportUrl);
      assert.deepEqual(
        [unfolded.totals.views, unfolded.totals.closes, unfolded.totals.conversions],
        [sum('views'), sum('closes'), sum('conversions')],
        `seed ${seed}: the report before the events are folded`,
      );
      await shared.test.insights.foldRollups();
      const [queued] = await shared.test.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM pending_rollups',
      );
      assert.equal(queued!.count, 0, `seed ${seed}: a fold leaves nothing queued`);
      assert.deepEqual(
        await rolledBy('stats_daily', "day::text || ' ' || device"),
        await rawBy(`${localDay} || ' ' || device`),
        `seed ${seed}: daily roll-ups by ${zone} day and device`,
      );
      assert.deepEqual(
        await rolledBy('stats_daily_pages', "day::text || ' ' || page"),
        await rawBy(`${localDay} || ' ' || page`),
        `seed ${seed}: daily roll-ups by ${zone} day and page`,
      );
      assert.deepEqual(
        await rolledBy('stats_monthly_pages', "to_char(month, 'YYYY-MM') || ' ' || page"),
        await rawBy(`to_char(created_at AT TIME ZONE '${zone}', 'YYYY-MM') || ' ' || page`),
        `seed ${seed}: monthly roll-ups by pop-up and page`,
      );
      const sitePages = await shared.test.db.query(
        `SELECT page, sum(views)::int AS views, sum(closes)::int AS closes, sum(conversions)::int AS conversions
         FROM stats_daily_site_pages WHERE client_id = 'acme' GROUP BY page HAVING sum(views) + sum(closes) + sum(conversions) > 0 ORDER BY page`,
      );
      const rawPages = await shared.test.db.query(
        `SELECT page, sum(views)::int AS views, sum(closes)::int AS closes, sum(conversions)::int AS conversions
         FROM stats_daily_pages WHERE client_id = 'acme' GROUP BY page HAVING sum(views) + sum(closes) + sum(conversions) > 0 ORDER BY page`,
      );
      assert.deepEqual(sitePages, rawPages, `seed ${seed}: the site's page roll-up`);
      const hourly = await shared.test.db.query(
        'SELECT sum(views)::int AS views, sum(closes)::int AS closes, sum(conversions)::int AS conversions FROM stats_hourly',
      );
      assert.deepEqual(
        hourly[0],
        { views: sum('views'), closes: sum('closes'), conversions: sum('conversions') },
        `seed ${seed}: hourly roll-ups`,
      );
      const report = await ownerJson(reportUrl);
      const figures = (read: typeof report) => [read.days, read.by_device, read.by_page, read.by_popup];
      assert.deepEqual(figures(report), figures(unfolded), `seed ${seed}: the same report once the events are folded`);
      assert.equal(report.today, today, `seed ${seed}: the site's today`);
      assert.equal(report.time_zone, zone);
      assert.equal(report.totals.views, sum('views'));
      assert.equal(report.totals.conversions, sum('conversions'));
      const rawDays = await rawBy(`${localDay} || ' all'`);
      for (const day of report.days as { day: string; views: number; closes: number; conversions: number }[]) {
        const counted = rawDays.filter((row) => String(row.key).startsWith(day.day));
        const total = (key: 'views' | 'closes' | 'conversions') =>
          counted.reduce((all, row) => all + Number(row[key]), 0);
        assert.deepEqual(
          [day.views, day.closes, day.conversions],
          [total('views'), total('closes'), total('conversions')],
          `seed ${seed}: ${day.day} in ${zone}`,
        );
      }
      const inLastHours = await shared.test.db.query<{ views: number }>(
        `SELECT count(*)::int AS views FROM views WHERE created_at >= date_trunc('hour', now()) - interval '47 hours'`,
      );
      assert.equal(
        report.hours.reduce((total: number, hour: { views: number }) => total + hour.views, 0),
        inLastHours[0]!.views,
      );
    }
  });

  it("counts each event on the site's own calendar day: 23- and 25-hour days at clock changes, half-hour zones", async () => {
    const { main } = await sites();
    await shared.test.db.query("SELECT poptin_ensure_event_partitions('2026-03-01', '2026-11-30')");
    // For each zone, instants a minute either side of local midnights, and the days the site's calendar puts them on.
    const cases: { zone: string; from: string; to: string; views: string[]; days: [string, number][] }[] = [
      {
        // Clocks go forward on 8 March 2026 at 02:00: that day runs 05:00Z to 04:00Z the next, 23 hours.
        zone: 'America/New_York',
        from: '2026-03-07',
        to: '2026-03-09',
        views: ['2026-03-08T04:59:00Z', '2026-03-08T05:00:00Z', '2026-03-09T03:59:00Z', '2026-03-09T04:00:00Z'],
        days: [
          ['2026-03-07', 1],
          ['2026-03-08', 2],
          ['2026-03-09', 1],
        ],
      },
      {
        // Clocks go back on 1 November 2026 at 02:00: that day runs 04:00Z to 05:00Z the next, 25 hours.
        zone: 'America/New_York',
        from: '2026-10-31',
        to: '2026-11-02',
        views: ['2026-11-01T03:59:00Z', '2026-11-01T04:00:00Z', '2026-11-02T04:30:00Z', '2026-11-02T05:00:00Z'],
        days: [
          ['2026-10-31', 1],
          ['2026-11-01', 2],
          ['2026-11-02', 1],
        ],
      },
      {
        // UTC+10:30 until 5 April 2026 at 03:00, then UTC+9:30: that day runs 13:30Z to 14:30Z the next, 25 hours.
        zone: 'Australia/Adelaide',
        from: '2026-04-04',
        to: '2026-04-06',
        views: ['2026-04-04T13:29:00Z', '2026-04-04T13:30:00Z', '2026-04-05T14:29:00Z', '2026-04-05T14:30:00Z'],
        days: [
          ['2026-04-04', 1],
          ['2026-04-05', 2],
          ['2026-04-06', 1],
        ],
      },
      {
        // UTC+5:30 all year.
        zone: 'Asia/Kolkata',
        from: '2026-06-01',
        to: '2026-06-02',
        views: ['2026-06-01T18:29:00Z', '2026-06-01T18:30:00Z'],
        days: [
          ['2026-06-01', 1],
          ['2026-06-02', 1],
        ],
      },
    ];
    for (const { zone, from, to, views, days } of cases) {
      await shared.test.db.query(
        'TRUNCATE views, pending_rollups, stats_daily, stats_daily_pages, stats_daily_site_pages, stats_monthly_pages',
      );
      await setZone(zone);
      for (const at of views)
        await shared.test.insights.recordView({
          poptin_id: main.poptin_id,
          client_id: 'acme',
          url: '/',
          created_at: at,
        });
      const report = await ownerJson(`/api/owner/acme/stats/report?from=${from}&to=${to}`);
      assert.deepEqual(
        report.days.map((day: { day: string; views: number }) => [day.day, day.views]),
        days,
        `${zone} ${from} – ${to}`,
      );
      assert.equal(report.totals.views, views.length);
      assert.equal(
        report.by_page.reduce((sum: number, row: { views: number }) => sum + row.views, 0),
        views.length,
      );
      const campaign = await ownerJson(`/api/owner/acme/stats/report?from=${from}&to=${to}&popup=${main.poptin_id}`);
      assert.deepEqual(campaign.by_page, report.by_page, `${zone}: a pop-up's pages`);
    }
  });

  it("reads today as the site's day, not UTC's, and a view now counts on it", async () => {
    const { main } = await sites();
    // A zone whose date differs from UTC's now: 14 hours ahead after 10:00 UTC, 11 behind before it.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await setZone(zone);
    const today = localDayOf(zone, new Date());
    assert.notEqual(today, new Date().toISOString().slice(0, 10));
    await view(main.poptin_id, { url: 'https://acme.example/' });
    const report = await ownerJson(`/api/owner/acme/stats/report?from=${today}&to=${today}`);
    assert.equal(report.today, today);
    assert.equal(report.time_zone, zone);
    assert.deepEqual(
      report.days.map((day: { day: string; views: number }) => [day.day, day.views]),
      [[today, 1]],
    );
  });

  it('keeps a view on the day it is received, whatever time the page sends', async () => {
    const { main } = await sites();
    await view(main.poptin_id, { url: 'https://acme.example/', created_at: '2026-01-01T12:00:00Z' });
    const [stored] = await shared.test.db.query<{ recent: boolean }>(
      "SELECT created_at > now() - interval '1 minute' AS recent FROM views",
    );
    assert.equal(stored!.recent, true);
  });

  it("answers any range's pages of a pop-up or variant from its months and end days as the daily rows sum them", async () => {
    const DAY_MS = 86_400_000;
    const firstDay = Date.parse('2025-11-20T00:00:00Z');
    const dayOf = (offset: number) => new Date(firstDay + offset * DAY_MS).toISOString().slice(0, 10);
    for (const seed of [4, 5, 6]) {
      await shared.test.reset();
      await sites();
      const random = seededRandom(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const count = () => Math.floor(random() * 20);
      // Days, pop-ups and pages at random over five months, then changes of some (a spam move) and removals.
      for (let step = 0; step < 150; step += 1) {
        const [client, popup] = pick([
          ['acme', 'acmepopup0001'],
          ['acme', 'acmepopup0002'],
          ['acme', 'acmepopup0003'],
          ['globex', 'globexpopup01'],
        ] as const);
        await shared.test.db.query(
          `INSERT INTO stats_daily_pages (client_id, day, poptin_id, page, views, closes, conversions) VALUES ($1, $2::date, $3, $4, $5, $6, $7)
           ON CONFLICT (client_id, day, poptin_id, page) DO UPDATE SET views = stats_daily_pages.views + EXCLUDED.views`,
          [client, dayOf(Math.floor(random() * 150)), popup, pick(['/', '/a', '/b', '/c']), count(), count(), count()],
        );
      }
      await shared.test.db.query(
        `UPDATE stats_daily_pages SET conversions = conversions + 1 WHERE (EXTRACT(day FROM day)::int + length(page)) % 3 = 0`,
      );
      await shared.test.db.query(
        'DELETE FROM stats_daily_pages WHERE (EXTRACT(day FROM day)::int + length(page)) % 7 = 0',
      );
      assert.deepEqual(
        await shared.test.db.query(
          `SELECT client_id, poptin_id, to_char(month, 'YYYY-MM') AS month, page, views::int, closes::int, conversions::int FROM stats_monthly_pages
           WHERE views + closes + conversions > 0 ORDER BY 1, 2, 3, 4`,
        ),
        await shared.test.db.query(
          `SELECT client_id, poptin_id, to_char(day, 'YYYY-MM') AS month, page, sum(views)::int AS views, sum(closes)::int AS closes, sum(conversions)::int AS conversions
           FROM stats_daily_pages GROUP BY 1, 2, 3, 4 HAVING sum(views) + sum(closes) + sum(conversions) > 0 ORDER BY 1, 2, 3, 4`,
        ),
        `seed ${seed}: the monthly page roll-up`,
      );
      // Half the ends on a month's first or last day, where a range meets the months.
      const edges = [10, 11, 41, 42, 72, 73, 100, 101, 131, 132];
      const end = (low: number) =>
        random() < 0.5
          ? (edges.find((edge) => edge >= low + Math.floor(random() * 60)) ?? 149)
          : low + Math.floor(random() * (150 - low));
      for (let probe = 0; probe < 16; probe += 1) {
        const first = end(0);
        const from = dayOf(first);
        const to = dayOf(Math.min(149, end(first)));
        const [filter, popups] = pick([
          ['popup=acmepopup0001', ['acmepopup0001', 'acmepopup0002']],
          ['variant=acmepopup0002', ['acmepopup0002']],
          ['popup=acmepopup0001&variant=acmepopup0001', ['acmepopup0001']],
          ['popup=acmepopup0003', ['acmepopup0003']],
        ] as const);
        const report = await ownerJson(`/api/owner/acme/stats/report?from=${from}&to=${to}&${filter}`);
        const expected = await shared.test.db.query<{
          page: string;
          views: number;
          closes: number;
          conversions: number;
        }>(
          `SELECT page, sum(views)::int AS views, sum(closes)::int AS closes, sum(conversions)::int AS conversions FROM stats_daily_pages
           WHERE client_id = 'acme' AND poptin_id = ANY($1::text[]) AND day BETWEEN $2::date AND $3::date
           GROUP BY page HAVING sum(views) + sum(closes) + sum(conversions) > 0 ORDER BY sum(views) DESC, page`,
          [popups, from, to],
        );
        assert.deepEqual(
          report.by_page.map((row: { page: string; views: number; closes: number; conversions: number }) => ({
            page: row.page,
            views: row.views,
            closes: row.closes,
            conversions: row.conversions,
          })),
          expected,
          `seed ${seed}: ${filter} from ${from} to ${to}`,
        );
      }
    }
  });

  it('answers a range day by day against the range before, by device, page and pop-up; a view moves the chart', async () => {
    const { main, variant } = await sites();
    const rows = `('acme', '2026-02-27', 'acmepopup0001', 'desktop', '/', 10, 1, 1),
       ('acme', '2026-03-01', 'acmepopup0001', 'desktop', '/', 100, 5, 4),
       ('acme', '2026-03-01', 'acmepopup0002', 'mobile', '/a', 50, 2, 1),
       ('acme', '2026-03-03', 'acmepopup0003', 'mobile', '/a', 30, 0, 0),
       ('globex', '2026-03-01', 'globexpopup01', 'desktop', '/', 999, 0, 0)`;
    await shared.test.db.query(
      `INSERT INTO stats_daily (client_id, day, poptin_id, device, views, closes, conversions)
       SELECT client_id, day::date, poptin_id, device, views, closes, conversions FROM (VALUES ${rows}) r (client_id, day, poptin_id, device, page, views, closes, conversions)`,
    );
    await shared.test.db.query(
      `INSERT INTO stats_daily_pages (client_id, day, poptin_id, page, views, closes, conversions)
       SELECT client_id, day::date, poptin_id, page, views, closes, conversions FROM (VALUES ${rows}) r (client_id, day, poptin_id, device, page, views, closes, conversions)`,
    );
    const report = await ownerJson('/api/owner/acme/stats/report?from=2026-03-01&to=2026-03-03');
    assert.deepEqual(report.range, { from: '2026-03-01', to: '2026-03-03' });
    assert.deepEqual(report.previous_range, { from: '2026-02-26', to: '2026-02-28' });
    assert.deepEqual(
      report.days.map((day: { day: string; views: number }) => [day.day, day.views]),
      [
        ['2026-03-01', 150],
        ['2026-03-02', 0],
        ['2026-03-03', 30],
      ],
    );
    assert.deepEqual(
      report.previous_days.map((day: { views: number }) => day.views),
      [0, 10, 0],
    );
    assert.deepEqual(report.totals, { views: 180, closes: 7, conversions: 5, conversion_rate: 0.0278 });
    assert.deepEqual(report.previous_totals, { views: 10, closes: 1, conversions: 1, conversion_rate: 0.1 });
    assert.deepEqual(
      report.by_device.map((row: { device: string; views: number }) => [row.device, row.views]),
      [
        ['desktop', 100],
        ['mobile', 80],
      ],
    );
    assert.deepEqual(
      report.by_page.map((row: { page: string; views: number }) => [row.page, row.views]),
      [
        ['/', 100],
        ['/a', 80],
      ],
    );
    assert.deepEqual(
      report.by_popup.map((row: { poptin_id: string }) => row.poptin_id),
      ['acmepopup0001', 'acmepopup0002', 'acmepopup0003'],
    );
    const campaign = await ownerJson('/api/owner/acme/stats/report?from=2026-03-01&to=2026-03-03&popup=acmepopup0001');
    assert.equal(campaign.totals.views, 150);
    assert.equal(
      (await ownerJson('/api/owner/acme/stats/report?from=2026-03-01&to=2026-03-03&variant=acmepopup0002')).totals
        .views,
      50,
    );

    const today = new Date().toISOString().slice(0, 10);
    const before = await ownerJson(`/api/owner/acme/stats/report?from=${today}&to=${today}`);
    await view(variant.poptin_id, { url: 'https://acme.example/new' }, PHONE_UA);
    const after = await ownerJson(`/api/owner/acme/stats/report?from=${today}&to=${today}`);
    assert.equal(after.days[0].views, before.days[0].views + 1);
    assert.equal(after.hours.at(-1).views, before.hours.at(-1).views + 1);
    assert.deepEqual(
      after.by_page.map((row: { page: string }) => row.page),
      ['/new'],
    );
    assert.equal(main.poptin_id, 'acmepopup0001');

    for (const bad of [
      'from=2026-03-02&to=2026-03-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-13-01&to=2026-13-02',
      'to=2026-01-01',
    ]) {
      assert.equal((await owner('GET', `/api/owner/acme/stats/report?${bad}`)).statusCode, 400, bad);
    }
  });

  it('drops the months of raw events past the retention and keeps the daily roll-ups', async () => {
    const { main } = await sites();
    await view(main.poptin_id, {});
    const inTwoYears = new Date(Date.now() + 2 * 365 * 86_400_000);
    assert.ok((await shared.test.insights.maintainEvents(inTwoYears)) >= 2);
    const [views] = await shared.test.db.query<{ count: number }>('SELECT count(*)::int AS count FROM views');
    assert.equal(views!.count, 0);
    await shared.test.insights.foldRollups();
    const [kept] = await shared.test.db.query<{ views: number }>('SELECT sum(views)::int AS views FROM stats_daily');
    assert.equal(kept!.views, 1);
    await shared.test.insights.maintainEvents();
    await view(main.poptin_id, {});
  });
});

describe('A/B tests', () => {
  it('lists each test with its verdict, and declaring a winner pauses the other variants', async () => {
    const { main, variant } = await sites();
    await shared.test.db.query(
      `INSERT INTO stats_daily (client_id, day, poptin_id, device, views, closes, conversions) VALUES
         ('acme', '2026-03-01', 'acmepopup0001', 'desktop', 2000, 0, 100), ('acme', '2026-03-01', 'acmepopup0002', 'desktop', 2000, 0, 160)`,
    );
    const { tests } = await ownerJson('/api/owner/acme/ab-tests');
    assert.equal(tests.length, 1);
    assert.equal(tests[0].test_id, 'acmepopup0001');
    assert.deepEqual(
      tests[0].variants.map((item: { poptin_id: string }) => item.poptin_id),
      ['acmepopup0001', 'acmepopup0002'],
    );
    assert.equal(tests[0].winner, 'acmepopup0002');
    assert.ok(tests[0].variants[1].probability_best > 0.99);

    const declared = await owner('POST', '/api/owner/acme/ab-tests/acmepopup0001/winner', {
      poptin_id: variant.poptin_id,
    });
    assert.equal(declared.statusCode, 200, declared.body);
    assert.deepEqual(
      declared.json().test.variants.map((item: { active: boolean }) => item.active),
      [false, true],
    );
    const served = await shared.test.configuration.listClientPopups('acme');
    assert.deepEqual(served.map((popup) => popup.poptin_id).sort(), ['acmepopup0002', 'acmepopup0003']);
    assert.equal(main.poptin_id, 'acmepopup0001');

    assert.equal(
      (await owner('POST', '/api/owner/acme/ab-tests/acmepopup0001/winner', { poptin_id: 'acmepopup0003' })).statusCode,
      404,
    );
    assert.equal(
      (await owner('POST', '/api/owner/acme/ab-tests/globexpopup01/winner', { poptin_id: 'globexpopup01' })).statusCode,
      404,
    );
    assert.equal((await owner('POST', '/api/owner/acme/ab-tests/acmepopup0001/winner', {})).statusCode, 400);
  });
});
