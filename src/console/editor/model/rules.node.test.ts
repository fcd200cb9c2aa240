import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validatePopupConfig } from '../../../../server/owner/validate-popup.ts';
import { parseEngagementFilter } from '../../../core/rules/engagement.ts';
import { parseNameValueFilter } from '../../../core/rules/filter-string.ts';
import { STRINGS } from '../../i18n/strings.ts';
import { engagementWords, ruleFieldWords, scheduleWords, type WordsContext } from './rule-words.ts';
import {
  applyRulesJson,
  engagementText,
  nameValueRowsOf,
  nameValueText,
  rulesJsonOf,
  scheduleProblems,
  scheduleWire,
} from './rules.ts';
import { scheduleStatusOf, scheduleStatusWords } from './schedule-status.ts';
import { applySettings, settingsOf } from './settings.ts';

const BASE = { poptin_name: 'Spring', poptin_type: 'lightbox', poptin: '<p>Hi</p>' };

const context = (language: 'en' | 'he', names: Record<string, string> = {}): WordsContext => ({
  t: (key) => STRINGS[language][key],
  language,
  siteZone: 'America/New_York',
  popupNames: new Map(Object.entries(names)),
});

describe('the rule builder model', () => {
  it('writes every rule it edits in the form the display server accepts, and reads it back the same', () => {
    const settings = settingsOf(BASE);
    const edited = applySettings(BASE, {
      ...settings,
      schedule: {
        start: '2031-06-01T09:00',
        end: '2031-06-30T18:00',
        weekly: [{ days: [5, 1, 2], from: '22:00', to: '00:00' }],
        timeZone: 'visitor',
      },
      visit: {
        trafficSource: { show: 'dont_show', sources: ['paid', 'social'] },
        utm: [{ parameter: 'utm_source', operator: 'exact', value: 'newsletter', show: 'show' }],
        visitorType: 'returning',
        visitPage: 'later',
      },
    });
    assert.deepEqual(edited.schedule, {
      start: '2031-06-01T09:00',
      end: '2031-06-30T18:00',
      weekly: [{ days: [1, 2, 5], from: '22:00', to: '24:00' }],
      time_zone: 'visitor',
    });
    assert.deepEqual(validatePopupConfig(edited), []);
    const again = settingsOf(edited);
    assert.deepEqual(again.schedule.weekly, [{ days: [1, 2, 5], from: '22:00', to: '00:00' }]);
    assert.deepEqual(again.visit, {
      trafficSource: { show: 'dont_show', sources: ['paid', 'social'] },
      utm: [{ parameter: 'utm_source', operator: 'exact', value: 'newsletter', show: 'show' }],
      visitorType: 'returning',
      visitPage: 'later',
    });
    // A start given to the second (in the JSON) keeps its seconds when something else is edited.
    const toTheSecond = { ...BASE, schedule: { start: '2031-06-01T09:00:30', time_zone: 'site' } };
    assert.deepEqual(applySettings(toTheSecond, { ...settingsOf(toTheSecond), name: 'Renamed' }).schedule, {
      start: '2031-06-01T09:00:30',
      weekly: [],
      time_zone: 'site',
    });
    // Rules turned off leave no key behind.
    const cleared = applySettings(edited, {
      ...again,
      schedule: { start: '', end: '', weekly: [], timeZone: 'site' },
      visit: { trafficSource: { show: 'show', sources: [] }, utm: [], visitorType: 'all', visitPage: 'all' },
    });
    for (const key of [
      'schedule',
      'traffic_source_targeting',
      'utm_targeting',
      'visitor_type_targeting',
      'visit_page_targeting',
    ])
      assert.equal(key in cleared, false, key);
  });

  it('writes cookie and engagement rows as filter text the widget reads back to the same rules', () => {
    const rows = [
      { show: 'show' as const, operator: 'contain' as const, name: 'plan', value: 'pro; gold=yes|1 100%' },
      { show: 'dont_show' as const, operator: 'any_value' as const, name: 'opted_out', value: '' },
    ];
    const text = nameValueText(rows);
    assert.deepEqual(parseNameValueFilter(text), { rules: rows, ignored: [] });
    assert.deepEqual(nameValueRowsOf(text), rows);
    assert.equal(nameValueRowsOf('show|exact|plan=pro ; |||'), null, 'a part the rows cannot show keeps the text');
    const engagement = [
      { show: 'show' as const, condition: 'closed' as const, kind: 'any', id: 'welcome000001' },
      { show: 'dont_show' as const, condition: 'converted' as const, kind: 'lightbox', id: 'any' },
    ];
    assert.deepEqual(parseEngagementFilter(engagementText(engagement)).rules, engagement);
  });

  it('says each rule in words, in English and Hebrew, naming pop-ups by their names', () => {
    const schedule = {
      start: '',
      end: '',
      weekly: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }],
      timeZone: 'site' as const,
    };
    assert.equal(scheduleWords(schedule, context('en')), 'Shows weekdays 09:00–17:00, New York time.');
    assert.equal(scheduleWords(schedule, context('he')), 'מוצג בימי חול 09:00–17:00, לפי שעון \u2068New York\u2069.');
    assert.equal(
      scheduleWords({ ...schedule, start: '2031-06-01T09:00', weekly: [], timeZone: 'visitor' }, context('en')),
      "Shows from 1 June 2031, 09:00, on the visitor's own clock.",
    );
    const rows = [
      { show: 'show' as const, condition: 'closed' as const, kind: 'any', id: 'welcome000001' },
      { show: 'dont_show' as const, condition: 'converted' as const, kind: 'any', id: 'any' },
    ];
    assert.equal(
      engagementWords(rows, '', context('en', { welcome000001: 'Welcome discount' })),
      "Shows to visitors who closed 'Welcome discount' and have not signed up in any other pop-up.",
    );
    assert.equal(ruleFieldWords('schedule.weekly[1].to', context('en').t), 'Schedule · Hours 2 · To');
    assert.equal(ruleFieldWords('utm_targeting', context('he').t), 'פרמטרי UTM של דף הנחיתה');
  });

  it('finds what the server would refuse in a schedule before it is sent', () => {
    const ok = { start: '', end: '', weekly: [{ days: [1], from: '00:00', to: '00:00' }], timeZone: 'site' as const };
    assert.deepEqual(scheduleProblems(ok), []);
    assert.deepEqual(validatePopupConfig({ ...BASE, schedule: scheduleWire(ok) }), [], 'midnight to midnight: all day');
    assert.deepEqual(
      scheduleProblems({
        start: '2031-02-01T00:00',
        end: '2031-01-01T00:00',
        weekly: [
          { days: [], from: '09:00', to: '09:00' },
          { days: [2], from: '', to: '10:00' },
        ],
        timeZone: 'site',
      }),
      ['end-before-start', 'no-days', 'same-times', 'bad-time'],
    );
  });

  it('shows and replaces the rules as JSON, refusing what is not a rule', () => {
    const config = { ...BASE, d_f_r: 'all@display_once_per_session', utm_targeting: [{ parameter: 'utm_source' }] };
    assert.deepEqual(JSON.parse(rulesJsonOf(config)), {
      d_f_r: 'all@display_once_per_session',
      utm_targeting: [{ parameter: 'utm_source' }],
    });
    const applied = applyRulesJson(config, '{"visitor_type_targeting":"new"}');
    assert.deepEqual(applied, { config: { ...BASE, visitor_type_targeting: 'new' } });
    assert.deepEqual(applyRulesJson(config, '{"poptin":"x"}'), { problem: 'unknown:poptin' });
    assert.deepEqual(applyRulesJson(config, '[]'), { problem: 'not-object' });
  });

  it("says where a published schedule stands on the site's clock: starts, shows again, until, ended", () => {
    const zone = 'America/New_York';
    // Friday 2031-01-03 12:00 in New York (17:00 UTC).
    const now = Date.UTC(2031, 0, 3, 17, 0);
    const t = context('en').t;
    const say = (schedule: unknown) => {
      const status = scheduleStatusOf(schedule, zone, now);
      return status && scheduleStatusWords(status, zone, 'en', t, now);
    };
    assert.equal(say({ start: '2031-01-06T09:00' }), 'Scheduled: starts Monday 09:00');
    assert.equal(say({ weekly: [{ days: [1], from: '09:00', to: '17:00' }] }), 'Scheduled: shows again Monday 09:00');
    assert.equal(say({ weekly: [{ days: [5], from: '09:00', to: '17:00' }] }), 'Shows until Friday 17:00');
    assert.equal(say({ end: '2030-05-03T18:00' }), 'Ended 3 May 2030');
    assert.equal(say({ end: '2031-05-03T18:00' }), 'Shows until 3 May 18:00');
    assert.equal(say(null), null);
    assert.equal(say({ weekly: 'nonsense' }), null);
  });
});
