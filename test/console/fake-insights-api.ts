// The read-out part of the fake owner API (docs/owner-api.md): leads with search, filters, keyset pages, the CSV, a
// lead's detail and spam moves; people's access and erasure; the stats report; A/B tests and declaring a winner. In
// memory, with the contract's shapes; the real server's behaviour is tested in server/insights/owner-insights.test.ts.

import { leadRangeBounds } from '../../server/leads/repository.ts';

export interface FakeLead {
  conversion_id: number;
  created_at: string;
  poptin_id: string;
  client_id: string;
  viewer_id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  url: string;
  poptin_view_id: number | null;
  idempotency_key: string;
  spam_reason: string | null;
  fields: Record<string, string>;
  partial?: boolean;
}
export interface FakeView {
  created_at: string;
  poptin_id: string;
  device: string;
  page: string;
  email: string | null;
}
export interface FakeVariant {
  poptin_id: string;
  poptin_name: string;
  active: boolean;
  views: number;
  conversions: number;
  probability_best: number;
  expected_loss: number;
}

/** A store order attributed to a pop-up (server/store-platform/revenue/). */
export interface FakeOrder {
  poptin_id: string;
  total: number;
  currency: string;
  created_at: string;
}

export interface FakeInsights {
  leads: FakeLead[];
  views: FakeView[];
  /** The demo site's store orders attributed to its pop-ups; the stats report's revenue is theirs. */
  orders: FakeOrder[];
  /** The site's store currency; null: the site has no store, and the report no revenue. */
  storeCurrency: string | null;
  tests: { test_id: string; name: string; variants: FakeVariant[]; winner: string | null }[];
  /** What the fake was asked, for the tests to check the query the console sent. */
  queries: string[];
  handle(
    method: string,
    parts: string[],
    search: URLSearchParams,
    body: unknown,
  ): { status: number; body?: unknown; headers?: Record<string, string>; text?: string } | null;
}

const DAY_MS = 86_400_000;
const PAGE_SIZE = 100;
const day = (iso: string) => iso.slice(0, 10);

/** 130 leads over the last 20 days, newest first once sorted: enough for two pages of 100. */
function seedLeads(clientId: string): FakeLead[] {
  const now = Date.now();
  return Array.from({ length: 130 }, (_, index) => {
    const id = index + 1;
    return {
      conversion_id: id,
      created_at: new Date(now - (130 - id) * 3 * 3_600_000).toISOString(),
      poptin_id: id % 2 ? 'popupA000001' : 'popupB000002',
      client_id: clientId,
      viewer_id: `viewer-${id}`,
      email: `person${id}@example.com`,
      phone: id % 10 === 0 ? `+97250000${String(id).padStart(4, '0')}` : null,
      name: `Person ${id}`,
      url: `https://demo.example/page-${id % 3}`,
      poptin_view_id: id,
      idempotency_key: `key-${id}`,
      spam_reason: id === 7 ? 'honeypot' : null,
      fields: { email: `person${id}@example.com`, size: id === 42 ? 'XXL-unique' : 'M' },
      // The newest lead came from a pop-up in steps whose visitor left after the e-mail step.
      partial: id === 130,
    };
  });
}

function counts(views: number, closes: number, conversions: number) {
  return {
    views,
    closes,
    conversions,
    conversion_rate: views ? Math.round((conversions / views) * 10_000) / 10_000 : 0,
  };
}

export function createFakeInsights(clientId: string): FakeInsights {
  const leads = seedLeads(clientId);
  const views: FakeView[] = [];
  const queries: string[] = [];
  const tests: FakeInsights['tests'] = [
    {
      test_id: 'popupA000001',
      name: 'Spring test',
      winner: 'popupB000002',
      variants: [
        {
          poptin_id: 'popupA000001',
          poptin_name: 'Spring A',
          active: true,
          views: 2000,
          conversions: 100,
          probability_best: 0.0001,
          expected_loss: 0.03,
        },
        {
          poptin_id: 'popupB000002',
          poptin_name: 'Spring B',
          active: true,
          views: 2000,
          conversions: 160,
          probability_best: 0.9999,
          expected_loss: 0,
        },
      ],
    },
    {
      test_id: 'popupC000003',
      name: 'Young test',
      winner: null,
      variants: [
        {
          poptin_id: 'popupC000003',
          poptin_name: 'Young A',
          active: true,
          views: 400,
          conversions: 20,
          probability_best: 0.4,
          expected_loss: 0.01,
        },
        {
          poptin_id: 'popupD000004',
          poptin_name: 'Young B',
          active: true,
          views: 700,
          conversions: 40,
          probability_best: 0.6,
          expected_loss: 0.008,
        },
      ],
    },
  ];

  const filtered = (search: URLSearchParams) => {
    const q = (search.get('q') ?? '').toLowerCase();
    const spam = search.get('spam') ?? 'exclude';
    const bounds = leadRangeBounds({ from: search.get('from') ?? undefined, to: search.get('to') ?? undefined });
    return leads
      .filter(
        (lead) =>
          !q ||
          [lead.email, lead.name, lead.phone, JSON.stringify(lead.fields)].some((text) =>
            text?.toLowerCase().includes(q),
          ),
      )
      .filter((lead) => !search.get('popup') || lead.poptin_id === search.get('popup'))
      .filter((lead) => !search.get('variant') || lead.poptin_id === search.get('variant'))
      .filter((lead) => bounds.from === null || Date.parse(lead.created_at) >= bounds.from)
      .filter((lead) => bounds.to === null || Date.parse(lead.created_at) < bounds.to)
      .filter((lead) =>
        spam === 'include' ? true : spam === 'only' ? lead.spam_reason !== null : lead.spam_reason === null,
      )
      .sort((a, b) => b.conversion_id - a.conversion_id);
  };

  const statsOf = (search: URLSearchParams) => {
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    const length = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
    const daysFrom = (start: number) =>
      Array.from({ length }, (_, index) => day(new Date(start + index * DAY_MS).toISOString()));
    const conversionsOn = (when: string) =>
      leads.filter((lead) => lead.spam_reason === null && day(lead.created_at) === when).length;
    const viewsOn = (when: string) => views.filter((view) => day(view.created_at) === when).length;
    const perDay = (days: string[]) =>
      days.map((when) => ({ day: when, ...counts(viewsOn(when), 0, conversionsOn(when)) }));
    const days = perDay(daysFrom(Date.parse(from)));
    const previous = perDay(daysFrom(Date.parse(from) - length * DAY_MS));
    const total = (rows: { views: number; conversions: number }[]) =>
      counts(
        rows.reduce((sum, row) => sum + row.views, 0),
        0,
        rows.reduce((sum, row) => sum + row.conversions, 0),
      );
    const thisHour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const hours = Array.from({ length: 48 }, (_, index) => {
      const start = thisHour - (47 - index) * 3_600_000;
      const inHour = views.filter(
        (view) => Date.parse(view.created_at) >= start && Date.parse(view.created_at) < start + 3_600_000,
      ).length;
      return { hour: new Date(start).toISOString(), ...counts(inHour, 0, 0) };
    });
    // The tables count the range's views alone, as the server's do.
    const inRange = new Set(days.map((row) => row.day));
    const group = (key: (view: FakeView) => string) => {
      const tally = new Map<string, number>();
      for (const view of views.filter((entry) => inRange.has(day(entry.created_at))))
        tally.set(key(view), (tally.get(key(view)) ?? 0) + 1);
      return [...tally].map(([name, viewCount]) => ({ name, ...counts(viewCount, 0, 0) }));
    };
    return {
      range: { from, to },
      previous_range: { from: previous[0].day, to: previous.at(-1)!.day },
      totals: total(days),
      previous_totals: total(previous),
      days,
      previous_days: previous,
      hours,
      by_device: group((view) => view.device).map(({ name, ...rest }) => ({ device: name, ...rest })),
      by_page: group((view) => view.page).map(({ name, ...rest }) => ({ page: name, ...rest })),
      by_popup: group((view) => view.poptin_id).map(({ name, ...rest }) => ({
        poptin_id: name,
        poptin_name: name,
        ab_test_parent_id: null,
        ...rest,
      })),
      // A pop-up's answers to its question steps: reported only for one pop-up.
      by_choice: search.get('popup')
        ? [
            { question: 'Wants discount', answer: 'No', leads: 1, without_lead: 5 },
            { question: 'Wants discount', answer: 'Yes', leads: 3, without_lead: 0 },
          ]
        : [],
      revenue: revenueOf(search, total(days).views, total(previous).views, previous[0].day),
    };
  };

  const revenueOf = (search: URLSearchParams, viewsNow: number, viewsBefore: number, previousFrom: string) => {
    if (!fake.storeCurrency) return null;
    const currency = fake.storeCurrency;
    const covered = search.get('popup') || search.get('variant');
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    const inRange = (first: string, last: string) =>
      fake.orders.filter(
        (order) =>
          (!covered || order.poptin_id === covered) && day(order.created_at) >= first && day(order.created_at) <= last,
      );
    const now = inRange(from, to);
    const figures = (orders: FakeOrder[], viewCount: number) => {
      const revenue = orders.reduce((sum, order) => sum + order.total, 0);
      return { revenue, orders: orders.length, revenue_per_view: viewCount ? revenue / viewCount : 0 };
    };
    const kept = now.filter((order) => order.currency === currency);
    const before = inRange(previousFrom, from).filter(
      (order) => order.currency === currency && day(order.created_at) < from,
    );
    const popupsWithRevenue = [...new Set(kept.map((order) => order.poptin_id))];
    return {
      currency,
      totals: figures(kept, viewsNow),
      previous_totals: figures(before, viewsBefore),
      other_currency_orders: now.length - kept.length,
      by_popup: popupsWithRevenue.map((poptinId) => ({
        poptin_id: poptinId,
        ...figures(
          kept.filter((order) => order.poptin_id === poptinId),
          views.filter((view) => view.poptin_id === poptinId).length,
        ),
      })),
    };
  };

  const csvOf = (rows: FakeLead[]) =>
    [
      'conversion_id,created_at,poptin_id,email,name,spam_reason',
      ...rows.map((lead) =>
        [lead.conversion_id, lead.created_at, lead.poptin_id, lead.email, lead.name, lead.spam_reason ?? ''].join(','),
      ),
    ].join('\r\n') + '\r\n';

  const personOf = (email: string) => {
    const address = email.toLowerCase();
    return {
      leads: leads.filter((lead) => lead.email?.toLowerCase() === address),
      views: views.filter((view) => view.email?.toLowerCase() === address),
    };
  };

  const testAnswer = (test: FakeInsights['tests'][number]) => ({
    ...test,
    reason: test.winner ? `${test.winner} is best` : 'needs more views',
    variants: test.variants.map((variant) => ({ ...variant, conversion_rate: variant.conversions / variant.views })),
  });

  const fake: FakeInsights = {
    leads,
    views,
    orders: [],
    storeCurrency: 'USD',
    tests,
    queries,
    handle(method, parts, search, body) {
      const [area, id, action] = parts;
      if (!['leads', 'leads.csv', 'people', 'stats', 'ab-tests'].includes(area)) return null;
      queries.push(`${method} ${parts.join('/')}?${search}`);
      if (area === 'leads' && !id) {
        const all = filtered(search);
        const after = Number(search.get('after') ?? Infinity);
        const page = all.filter((lead) => lead.conversion_id < after).slice(0, PAGE_SIZE);
        const more = all.some((lead) => lead.conversion_id < (page.at(-1)?.conversion_id ?? 0));
        return {
          status: 200,
          body: { leads: page, next: more && page.length ? String(page.at(-1)!.conversion_id) : null },
        };
      }
      if (area === 'leads') {
        const lead = leads.find((entry) => entry.conversion_id === Number(id));
        if (!lead) return { status: 404, body: { message: 'No such lead' } };
        if (method === 'PATCH') {
          lead.spam_reason = (body as { spam: boolean }).spam ? 'owner' : null;
          return { status: 200, body: { lead } };
        }
        return {
          status: 200,
          body: {
            lead: { ...lead, device: 'mobile' },
            popup: {
              poptin_id: lead.poptin_id,
              poptin_name: `Pop-up ${lead.poptin_id}`,
              ab_test_parent_id: lead.poptin_id === 'popupB000002' ? 'popupA000001' : null,
            },
            view: {
              id: lead.poptin_view_id,
              created_at: lead.created_at,
              trigger: 'exit_intent',
              type: 'lightbox',
              url: `${lead.url}?from=ad`,
              device: 'mobile',
            },
            prize: lead.conversion_id === 42 ? { prize_id: 'ten-off', coupon: 'SAVE10' } : null,
            deliveries: [],
          },
        };
      }
      if (area === 'leads.csv')
        return {
          status: 200,
          text: csvOf(filtered(search)),
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${clientId}-leads.csv"`,
          },
        };
      if (area === 'people') {
        const email = search.get('email') ?? '';
        if (!email.includes('@'))
          return { status: 400, body: { message: 'querystring/email must be an e-mail address' } };
        const found = personOf(email);
        if (method === 'GET')
          return {
            status: 200,
            body: { email, leads: found.leads, views: found.views, closes: [], store_activity: [], truncated: false },
          };
        for (const lead of found.leads) leads.splice(leads.indexOf(lead), 1);
        for (const view of found.views) views.splice(views.indexOf(view), 1);
        return {
          status: 200,
          body: {
            erasure: {
              id: 1,
              erased_by: 'owner@example.com',
              created_at: new Date().toISOString(),
              leads: found.leads.length,
              views: found.views.length,
              closes: 0,
              store_activity: 0,
            },
          },
        };
      }
      if (area === 'stats' && id === 'report') return { status: 200, body: statsOf(search) };
      if (area === 'ab-tests' && !id) return { status: 200, body: { tests: tests.map(testAnswer) } };
      const test = tests.find((entry) => entry.test_id === id);
      if (area === 'ab-tests' && action === 'winner' && test) {
        const chosen = (body as { poptin_id: string }).poptin_id;
        for (const variant of test.variants) variant.active = variant.poptin_id === chosen;
        return { status: 200, body: { test: testAnswer(test) } };
      }
      return { status: 404, body: { message: 'Not found' } };
    },
  };
  return fake;
}
