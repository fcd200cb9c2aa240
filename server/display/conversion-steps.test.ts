import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { buildConversionFields } from '../../src/core/forms/conversion-payload.ts';
import type { FormField } from '../../src/core/forms/form-field.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';

// Leads of pop-ups in steps (design §2, "Steps"): a partial lead is marked, and the choices are counted.
const shared = useTestApp();
let popup: PopupRecord;
beforeEach(async () => {
  await seedClient(shared.test.configuration);
  popup = await seedPopup(shared.test.configuration);
});

const choice = (value: string): FormField => ({
  name: 'Wants discount',
  type: 'hidden',
  value,
  createdAs: 'step-choice',
});

/** A lead as the widget sends it: the form's fields as the conversion body carries them. */
const postLead = (fields: FormField[], key: string) =>
  shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...buildConversionFields(fields),
      poptin_id: popup.poptin_id,
      idempotency_key: key,
    } as Record<string, string>).toString(),
  });

const email = (value: string): FormField => ({ name: 'Email', type: 'email', value });

describe('leads of pop-ups in steps', () => {
  it('a lead carrying the partial mark is stored as partial; a whole lead is not', async () => {
    const partial = await postLead(
      [email('ada@acme.example'), choice('Yes'), { name: 'poptin_partial', type: 'hidden', value: 'yes' }],
      'partial-key-000001',
    );
    assert.equal(partial.statusCode, 200, partial.body);
    const whole = await postLead([email('bob@acme.example'), choice('No')], 'whole-key-0000001');
    assert.equal(whole.statusCode, 200, whole.body);
    const rows = await shared.test.db.query<{ email: string; partial: string | null }>(
      `SELECT email, fields->>'partial' AS partial FROM conversions ORDER BY id`,
    );
    assert.deepEqual(rows, [
      { email: 'ada@acme.example', partial: 'yes' },
      { email: 'bob@acme.example', partial: null },
    ]);
    const listing = await shared.app.inject({
      method: 'GET',
      url: '/api/owner/acme/leads',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    assert.equal(listing.statusCode, 200, listing.body);
    const partials = listing
      .json()
      .leads.map((lead: { email: string; partial: boolean }) => [lead.email, lead.partial]);
    assert.deepEqual(partials, [
      ['bob@acme.example', false],
      ['ada@acme.example', true],
    ]);
  });

  it('a retried partial lead is stored once', async () => {
    const fields = [email('ada@acme.example'), { name: 'poptin_partial', type: 'hidden', value: 'yes' }];
    await postLead(fields, 'partial-key-000002');
    await postLead(fields, 'partial-key-000002');
    assert.deepEqual(await shared.test.db.query('SELECT count(*)::int AS n FROM conversions'), [{ n: 1 }]);
  });

  describe('one showing’s partial and whole leads (the same poptin_steps_lead)', () => {
    const showing = (value: string): FormField => ({ name: 'poptin_steps_lead', type: 'hidden', value });
    const partialMark: FormField = { name: 'poptin_partial', type: 'hidden', value: 'yes' };
    const stored = () =>
      shared.test.db.query<{ email: string; name: string | null; partial: string | null; idempotency_key: string }>(
        `SELECT email, name, fields->>'partial' AS partial, idempotency_key FROM conversions ORDER BY id`,
      );
    const conversionsToday = async () =>
      (
        await shared.test.db.query<{ n: number }>(
          `SELECT COALESCE(sum(conversions), 0)::int AS n FROM stats_daily_live WHERE poptin_id = $1`,
          [popup.poptin_id],
        )
      )[0]!.n;

    it('the whole lead makes the partial one whole: one lead, counted once, answered as stored', async () => {
      const partial = await postLead(
        [email('ada@acme.example'), showing('showing-0000001'), partialMark],
        'key-partial-01',
      );
      assert.equal(partial.statusCode, 200, partial.body);
      const whole = await postLead(
        [email('ada@acme.example'), { name: 'Name', type: 'text', value: 'Ada' }, showing('showing-0000001')],
        'key-whole-0001',
      );
      assert.equal(whole.statusCode, 200, whole.body);
      assert.equal(whole.json().conversion_id, partial.json().conversion_id);
      assert.deepEqual(await stored(), [
        { email: 'ada@acme.example', name: 'Ada', partial: null, idempotency_key: 'key-whole-0001' },
      ]);
      assert.equal(await conversionsToday(), 1);
      // Retries of either lead, in any order, change nothing.
      for (const retry of [
        await postLead([email('ada@acme.example'), showing('showing-0000001'), partialMark], 'key-partial-01'),
        await postLead(
          [email('ada@acme.example'), { name: 'Name', type: 'text', value: 'Ada' }, showing('showing-0000001')],
          'key-whole-0001',
        ),
      ])
        assert.equal(retry.statusCode, 200, retry.body);
      assert.equal((await stored()).length, 1);
      assert.equal((await stored())[0]!.partial, null);
      assert.equal(await conversionsToday(), 1);
    });

    it('a partial lead that arrives after the whole one is not stored', async () => {
      await postLead([email('bob@acme.example'), showing('showing-0000002')], 'key-whole-0002');
      const late = await postLead(
        [email('bob@acme.example'), showing('showing-0000002'), partialMark],
        'key-partial-02',
      );
      assert.equal(late.statusCode, 200, late.body);
      assert.deepEqual(
        (await stored()).map((row) => [row.email, row.partial]),
        [['bob@acme.example', null]],
      );
    });

    it('another showing’s lead is a lead of its own; a malformed showing name is refused', async () => {
      await postLead([email('c@acme.example'), showing('showing-0000003'), partialMark], 'key-partial-03');
      await postLead([email('c@acme.example'), showing('showing-0000004')], 'key-whole-0004');
      assert.equal((await stored()).length, 2);
      const bad = await postLead([email('d@acme.example'), showing('short')], 'key-whole-0005');
      assert.equal(bad.statusCode, 400, bad.body);
      assert.match(bad.json().message, /poptin_steps_lead/);
    });
  });

  it('a partial lead is a conversion: a pop-up that stops for converted visitors is left out for its visitor', async () => {
    const stopping = await seedPopup(shared.test.configuration, {
      poptin_id: 'stepsstop0001',
      stop_showing_to_converted_users: 'yes',
    });
    const partial = await shared.app.inject({
      method: 'POST',
      url: `/api/display/conversion/${stopping.viewer_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...buildConversionFields([email('ada@acme.example'), { name: 'poptin_partial', type: 'hidden', value: 'yes' }]),
        visitor_id: 'visitor-partial',
        idempotency_key: 'partial-key-000009',
      } as Record<string, string>).toString(),
    });
    assert.equal(partial.statusCode, 200, partial.body);
    const display = await shared.app.inject({
      method: 'POST',
      url: '/api/display/acme',
      payload: { visitor_id: 'visitor-partial', poptin_viewed_url: 'https://acme.example/' },
    });
    const answer = display.json();
    assert.equal(
      answer.poptins.some((shown: { poptin_id: string }) => shown.poptin_id === 'stepsstop0001'),
      false,
    );
    assert.equal(answer.left_out[0]?.blocked_by[0]?.rule, 'stop_showing_to_converted_users');
  });

  it('the stats report of a pop-up counts how many chose each answer', async () => {
    await postLead([email('a@acme.example'), choice('Yes')], 'choice-key-000001');
    await postLead([email('b@acme.example'), choice('Yes')], 'choice-key-000002');
    await postLead([email('c@acme.example'), choice('No')], 'choice-key-000003');
    // A field of the same name that no choice button wrote is not an answer.
    await postLead(
      [email('d@acme.example'), { name: 'Wants discount', type: 'text', value: 'Maybe' }],
      'choice-key-000004',
    );
    const today = new Date().toISOString().slice(0, 10);
    const response = await shared.app.inject({
      method: 'GET',
      url: `/api/owner/acme/stats/report?from=${today}&to=${today}&popup=${popup.poptin_id}`,
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json().by_choice, [
      { question: 'Wants discount', answer: 'Yes', leads: 2, without_lead: 0 },
      { question: 'Wants discount', answer: 'No', leads: 1, without_lead: 0 },
    ]);
  });

  describe('an answer that ends a showing without a lead (No → close, a redirect, another pop-up)', () => {
    const postChoice = (fields: Record<string, string>, poptinId = popup.poptin_id) =>
      shared.app.inject({
        method: 'POST',
        url: `/api/display/choice/${poptinId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const report = async () => {
      const today = new Date().toISOString().slice(0, 10);
      const response = await shared.app.inject({
        method: 'GET',
        url: `/api/owner/acme/stats/report?from=${today}&to=${today}&popup=${popup.poptin_id}`,
        headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().by_choice;
    };

    it('is counted in the report’s answers beside the leads’, once per key, before and after the roll-up', async () => {
      await postLead([email('a@acme.example'), choice('Yes')], 'choice-key-000011');
      for (const key of ['no-lead-key-0001', 'no-lead-key-0002', 'no-lead-key-0002']) {
        const sent = await postChoice({ question: 'Wants discount', answer: 'No', idempotency_key: key });
        assert.equal(sent.statusCode, 200, sent.body);
      }
      const expected = [
        { question: 'Wants discount', answer: 'No', leads: 0, without_lead: 2 },
        { question: 'Wants discount', answer: 'Yes', leads: 1, without_lead: 0 },
      ];
      assert.deepEqual(await report(), expected);
      await shared.test.insights.foldRollups();
      assert.deepEqual(await report(), expected);
    });

    it('refuses what is not an answer, with a 4xx that says why', async () => {
      const cases: [Record<string, string>, number, RegExp][] = [
        [{ answer: 'No', idempotency_key: 'no-lead-key-0003' }, 400, /question/],
        [{ question: 'Wants discount', answer: '', idempotency_key: 'no-lead-key-0004' }, 400, /answer/],
        [{ question: 'Q'.repeat(201), answer: 'No', idempotency_key: 'no-lead-key-0005' }, 400, /question/],
        [{ question: 'Wants discount', answer: 'No' }, 400, /idempotency_key/],
      ];
      for (const [fields, status, message] of cases) {
        const response = await postChoice(fields);
        assert.equal(response.statusCode, status, response.body);
        assert.match(response.json().message, message);
      }
      const unknown = await postChoice(
        { question: 'Wants discount', answer: 'No', idempotency_key: 'no-lead-key-0006' },
        'nopopup000000',
      );
      assert.equal(unknown.statusCode, 404, unknown.body);
      assert.deepEqual(await report(), []);
    });

    it('keeps at most 50 answers of a pop-up a day: more are refused with a 422', async () => {
      for (let answer = 0; answer < 50; answer++) {
        const sent = await postChoice({
          question: 'Pick one',
          answer: `Answer ${answer}`,
          idempotency_key: `many-answers-${String(answer).padStart(4, '0')}`,
        });
        assert.equal(sent.statusCode, 200, sent.body);
      }
      const again = await postChoice({
        question: 'Pick one',
        answer: 'Answer 7',
        idempotency_key: 'many-answers-again',
      });
      assert.equal(again.statusCode, 200, again.body);
      const more = await postChoice({ question: 'Pick one', answer: 'Answer 50', idempotency_key: 'many-answers-50x' });
      assert.equal(more.statusCode, 422, more.body);
      assert.equal((await report()).length, 50);
    });
  });
});
