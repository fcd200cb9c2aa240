import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parsePopupConfig } from '../../../core/config/parse.ts';
import { parseFrequencyRule } from '../../../core/rules/frequency.ts';
import { clickToOpenTagOf, embedTagOf } from '../../sites/snippet.ts';
import { explainRules } from './explain.ts';
import {
  describeFrequency,
  type FrequencyChoice,
  frequencyChoiceOf,
  frequencyProblem,
  frequencyRuleOf,
} from './frequency.ts';
import { chanceTotal, newPrize, prizesOf, prizesProblem } from './prizes.ts';
import { applySettings, settingsOf } from './settings.ts';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../examples/popups/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

describe('frequency in words and on the wire', () => {
  const choices: [FrequencyChoice, string][] = [
    [{ audience: 'all', cap: 'once_per_session', count: null }, 'once per session'],
    [{ audience: 'all', cap: 'every_page', count: 5 }, 'every page view, at most 5 views'],
    [{ audience: 'all', cap: 'every_page', count: null }, 'every page view'],
    [{ audience: 'new', cap: 'once_per_visitor', count: null }, 'once per visitor'],
    [{ audience: 'returning', cap: 'once_a_day', count: null }, 'once a day'],
    [{ audience: 'all', cap: 'every_n_hours', count: 12 }, 'once every 12 hour(s)'],
    [{ audience: 'all', cap: 'every_n_days', count: 3 }, 'once every 3 days'],
    [{ audience: 'all', cap: 'every_n_weeks', count: 2 }, 'once every 2 week(s)'],
  ];
  for (const [choice, widgetNote] of choices) {
    it(`writes ${choice.audience} ${choice.cap} ${choice.count ?? ''} so that the widget reads "${widgetNote}", and reads it back`, () => {
      const wire = frequencyRuleOf(choice);
      const read = parseFrequencyRule(wire);
      assert.equal(read.understood, true);
      assert.equal(read.note, widgetNote);
      assert.equal(read.audience, choice.audience);
      assert.deepEqual(frequencyChoiceOf(wire), choice);
    });
  }

  it('says the rules as an owner says them', () => {
    assert.equal(
      describeFrequency({ audience: 'all', cap: 'once_per_session', count: null }, 'en'),
      'once per session',
    );
    assert.equal(
      describeFrequency({ audience: 'all', cap: 'every_page', count: 5 }, 'en'),
      'every page, at most 5 times',
    );
    assert.equal(
      describeFrequency(frequencyChoiceOf('all@display_everytime_everypage_5')!, 'en'),
      'every page, at most 5 times',
    );
    assert.equal(
      describeFrequency({ audience: 'new', cap: 'every_n_days', count: 3 }, 'en'),
      'for new visitors only: once every 3 days',
    );
    assert.equal(describeFrequency({ audience: 'all', cap: 'once_per_session', count: null }, 'he'), 'פעם אחת בביקור');
  });

  it('reads an empty rule as the widget does (once per session) and gives null for a text it cannot show', () => {
    assert.deepEqual(frequencyChoiceOf(''), { audience: 'all', cap: 'once_per_session', count: null });
    assert.equal(frequencyChoiceOf('aliens@display_sometimes'), null);
    assert.equal(frequencyChoiceOf('display_every_2_3_days'), null);
  });

  it('names a missing or out-of-range count', () => {
    assert.equal(frequencyProblem({ audience: 'all', cap: 'every_n_days', count: null }, 'en'), 'Enter a number');
    assert.match(frequencyProblem({ audience: 'all', cap: 'every_page', count: 0 }, 'en') ?? '', /whole number from 1/);
    assert.match(frequencyProblem({ audience: 'all', cap: 'every_page', count: 2.5 }, 'en') ?? '', /whole number/);
    assert.equal(frequencyProblem({ audience: 'all', cap: 'every_page', count: null }, 'en'), null);
  });
});

describe('the editor form and the configuration', () => {
  it('reads the demo lightbox into the form', () => {
    const settings = settingsOf(example('demo-lightbox'));
    assert.equal(settings.kind, 'lightbox');
    assert.equal(settings.format, 1);
    assert.equal(settings.vertical, 'middle');
    assert.equal(settings.horizontal, 'center');
    assert.equal(settings.triggers.afterSeconds, 3);
    assert.equal(settings.triggers.scrollPercent, null);
    assert.deepEqual(settings.frequency, { audience: 'all', cap: 'every_page', count: 5 });
    assert.deepEqual(settings.targeting.pages, [
      { operator: 'contain', value: '/examples/lightbox.html', show: 'show' },
    ]);
    assert.equal(settings.thankYou.enabled, true);
    assert.equal(settings.thankYou.autoCloseSeconds, 5);
    assert.equal(settings.targeting.hideFromConverted, true);
  });

  it('writes the form back so that the widget parser reads the change, keeping every key it does not edit', () => {
    const config = example('demo-lightbox');
    const settings = settingsOf(config);
    settings.triggers.afterSeconds = null;
    settings.triggers.scrollPercent = 40;
    settings.triggers.exitIntent = true;
    settings.frequency = { audience: 'all', cap: 'once_per_session', count: null };
    settings.close.autoCloseSeconds = 20;
    settings.targeting.countries = { show: 'dont_show', codes: ['FR'] };
    const next = applySettings(config, settings);
    const parsed = parsePopupConfig(next);
    assert.equal(parsed.triggers.afterSeconds, null);
    assert.equal(parsed.triggers.afterScrollPercent, 40);
    assert.equal(parsed.triggers.exitIntent, true);
    assert.equal(parseFrequencyRule(parsed.frequencyRule).note, 'once per session');
    assert.equal(parsed.designProperties.poptin_design_auto_close, 'yes');
    assert.equal(parsed.designProperties.poptin_design_auto_close_sec, '20');
    assert.equal(parsed.designProperties.poptin_design_entry_effect, 'form-fadeIn');
    assert.equal(next.poptin, config.poptin);
    assert.equal(next.poptin_id, config.poptin_id);
    assert.deepEqual(next.country_targeting, { show: 'dont_show', countries: ['FR'] });
  });

  it('is a fixed point: reading back what it wrote gives the same form', () => {
    for (const name of ['demo-lightbox', 'demo-spin-wheel', 'demo-teaser-box', 'demo-click', 'shop-cart-value']) {
      const config = example(name);
      const once = applySettings(config, settingsOf(config));
      assert.deepEqual(settingsOf(once), settingsOf(config), name);
      assert.deepEqual(applySettings(once, settingsOf(once)), once, name);
    }
  });

  it('keeps a frequency text it cannot show as it was written', () => {
    const config = { ...example('demo-lightbox'), d_f_r: 'aliens@display_sometimes' };
    const settings = settingsOf(config);
    assert.equal(settings.frequency, null);
    assert.equal(applySettings(config, settings).d_f_r, 'aliens@display_sometimes');
  });

  it('writes a countdown from now and a fixed end in the widget timer form', () => {
    const config = example('demo-lightbox');
    const settings = settingsOf(config);
    assert.deepEqual(settings.countdown, { mode: 'off' });
    settings.countdown = { mode: 'duration', minutes: 5, seconds: 30 };
    const design = applySettings(config, settings).design_properties as Record<string, unknown>;
    assert.deepEqual(design.timer, { timerTime: '05:30' });
    assert.deepEqual(settingsOf(applySettings(config, settings)).countdown, {
      mode: 'duration',
      minutes: 5,
      seconds: 30,
    });
  });
});

describe('game prizes', () => {
  it('reads the wheel prizes, whose chances sum to 100', () => {
    const prizes = prizesOf(example('demo-spin-wheel').gamified_prize);
    assert.equal(prizes.length, 6);
    assert.equal(chanceTotal(prizes), 100);
    assert.equal(prizesProblem(prizes, 'en'), null);
    assert.equal(prizes.find((prize) => prize.key === 'none')?.winner, false);
  });

  it('refuses chances that do not sum to 100, saying the sum', () => {
    const prizes = prizesOf(example('demo-spin-wheel').gamified_prize);
    prizes[0] = { ...prizes[0], chance: 30 };
    assert.equal(prizesProblem(prizes, 'en'), 'The chances add up to 95 %, not 100 %');
    prizes[0] = { ...prizes[0], chance: 35.5 };
    assert.match(prizesProblem(prizes, 'en') ?? '', /whole number/);
    assert.equal(
      prizesProblem([...prizesOf(example('demo-spin-wheel').gamified_prize), newPrize([])], 'en'),
      'Every prize needs a label',
    );
  });
});

describe('explain in words', () => {
  it('says when the demo lightbox shows and which rules can keep it away', () => {
    const sentences = explainRules(settingsOf(example('demo-lightbox')), 'en').map((item) => item.sentence);
    assert.deepEqual(sentences, [
      'It shows after 3 seconds on the page.',
      'How often: every page, at most 5 times. A visitor who has already seen it does not see it again until that lapses (try a private window).',
      'It shows only on pages whose address contains "/examples/lightbox.html".',
      'A visitor who has already signed up does not see it again.',
    ]);
  });

  it('explains a click-only pop-up, device, referrer and country rules', () => {
    const settings = settingsOf(example('demo-click'));
    settings.triggers = {
      ...settings.triggers,
      afterSeconds: null,
      scrollPercent: null,
      clicks: null,
      pageVisits: null,
      inactivitySeconds: null,
      exitIntent: false,
      clickToOpen: true,
    };
    settings.targeting.device = 'mobile';
    settings.targeting.referrers = [{ operator: 'start', value: 'https://google.', show: 'show' }];
    settings.targeting.countries = { show: 'show', codes: ['IL', 'US'] };
    const byTopic = Object.fromEntries(explainRules(settings, 'en').map((item) => [item.topic, item.sentence]));
    assert.equal(byTopic.trigger, 'It opens only when an element with its data-poptin-id is clicked.');
    assert.equal(byTopic.device, 'It shows on phones only.');
    assert.equal(
      byTopic.referrer,
      'It shows only to visitors who came from an address that starts with "https://google." (a visitor who typed the address has none).',
    );
    assert.equal(byTopic.country, 'It shows only to visitors from IL, US.');
  });

  it('speaks Hebrew', () => {
    const sentences = explainRules(settingsOf(example('demo-lightbox')), 'he').map((item) => item.sentence);
    assert.equal(sentences[0], 'הוא מוצג אחרי 3 שניות בדף.');
  });
});

describe('embed snippet', () => {
  it('writes the embed tag of a pop-up, with nothing but id characters in the attribute', () => {
    assert.equal(embedTagOf('demoembedded1'), '<poptin-embed poptin-id="demoembedded1"></poptin-embed>');
    assert.equal(embedTagOf('a"><script>'), '<poptin-embed poptin-id="ascript"></poptin-embed>');
  });

  it('writes a click-to-open button the widget recognises, its label as text', () => {
    assert.equal(
      clickToOpenTagOf('demolightbox1', 'Open <now>'),
      '<button type="button" data-poptin-id="demolightbox1">Open &lt;now&gt;</button>',
    );
  });
});

describe('A/B variants', () => {
  it('reads a variant from its parent id, writes it for the display server and explains it', () => {
    const config = { ...example('demo-lightbox'), ab_test_parent_id: 'demolightbox1' };
    const settings = settingsOf(config);
    assert.deepEqual(settings.abTest, { enabled: true, parentId: 'demolightbox1' });
    assert.equal(
      explainRules(settings, 'en').find((item) => item.topic === 'ab-test')?.sentence,
      'It is an A/B variant of demolightbox1: each visitor sees only one pop-up of that campaign, always the same one.',
    );
    settings.abTest = { enabled: false, parentId: 'demolightbox1' };
    const written = applySettings(config, settings);
    assert.equal('ab_test_parent_id' in written, false);
    assert.equal(settingsOf(written).abTest.enabled, false);
  });
});
