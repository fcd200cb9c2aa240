import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closeSettingsOf } from './close-settings.ts';
import { ENTRY_EFFECT_MAP, EXIT_ANIMATIONS, entryAnimation, exitAnimation } from './effects.ts';
import { videoResolutionFor } from './media.ts';
import { removalDelayMs } from './timing.ts';

describe('entry and exit animations (widget §9)', () => {
  it('maps every configured effect as the entry animation map says', () => {
    const entry = (effect: string) =>
      entryAnimation({ poptin_design_entry_effect: `form-${effect}` }, 'lightbox', 'format_1');
    assert.deepEqual(
      Object.keys(ENTRY_EFFECT_MAP).map((effect) => [effect, entry(effect)]),
      [
        ['up', 'slideInDown'],
        ['down', 'slideInUp'],
        ['left', 'flipInX'],
        ['right', 'flipInX'],
        ['blind', 'flipInX'],
        ['fold', 'flipInX'],
        ['bounce', 'zoomIn'],
        ['clip', 'zoomIn'],
        ['size', 'zoomIn'],
        ['scale-out', 'zoomIn'],
        ['explode', 'fadeIn'],
        ['fade', 'fadeIn'],
        ['highlight', 'tada'],
        ['puff', 'pulse'],
        ['pulsate', 'flash'],
        ['scale', 'heartBeat'],
        ['shake', 'shake'],
      ],
    );
    assert.equal(
      entryAnimation({ poptin_design_entry_effect: 'form-fadeIn' }, 'lightbox', 'format_1'),
      'fadeIn',
      'an animation name is taken as it is',
    );
    assert.equal(entryAnimation({ poptin_design_entry_effect: 'form-sparkle' }, 'lightbox', 'format_1'), null);
    assert.equal(entryAnimation({}, 'lightbox', 'format_1'), null);
  });

  it('the exit is the entry with In replaced by Out', () => {
    assert.equal(exitAnimation({ poptin_design_exit_effect: 'form-up' }), 'slideOutDown');
    assert.equal(exitAnimation({ poptin_design_exit_effect: 'form-fadeOut' }), 'fadeOut');
    assert.equal(exitAnimation({ poptin_design_exit_effect: 'form-shake' }), 'shake');
    assert.equal(exitAnimation({}), null);
    assert.deepEqual(EXIT_ANIMATIONS, [
      'slideOutDown',
      'slideOutUp',
      'flipOutX',
      'zoomOut',
      'fadeOut',
      'tada',
      'pulse',
      'flash',
      'heartBeat',
      'shake',
    ]);
  });

  it('social formats 3 and 7 have no entry animation; fullpage scales, then fades in', () => {
    const bounce = { poptin_design_entry_effect: 'form-bounce' };
    assert.equal(entryAnimation(bounce, 'social', 'format_3'), 'none');
    assert.equal(entryAnimation(bounce, 'social', 'format_7'), 'none');
    assert.equal(entryAnimation(bounce, 'social', 'format_4'), 'zoomIn');
    assert.equal(entryAnimation(bounce, 'fullpage', 'format_1'), 'scaleThenFadeIn');
  });
});

describe('close settings (widget §3, §4)', () => {
  it('the × button by default, after its countdown; the close option may leave it to a template button or to nothing', () => {
    assert.deepEqual(closeSettingsOf({}, true), {
      option: 'x',
      xButton: true,
      xAfterSeconds: 0,
      note: '',
      autoCloseSeconds: null,
      locked: false,
      escapeCloses: true,
      closeOnScreenClick: true,
      templateButtonsClose: true,
    });
    assert.equal(closeSettingsOf({}, false).xButton, false, 'x_close_button off');
    assert.equal(closeSettingsOf({ poptin_design_close_options_type: 'closing_options-button' }, true).xButton, false);
    assert.equal(
      closeSettingsOf({ poptin_design_close_options_type: 'closing_options-button' }, true).option,
      'button',
    );
    assert.equal(closeSettingsOf({ poptin_design_close_options_type: 'none' }, true).option, 'none');
    assert.equal(closeSettingsOf({ poptin_design_show_x_after_sec: '4' }, true).xAfterSeconds, 4);
  });

  it('the note beside the close button, and auto-close after its seconds', () => {
    assert.equal(
      closeSettingsOf({ poptin_design_show_x_comment: 'No thanks, I pay full price' }, true).note,
      'No thanks, I pay full price',
    );
    assert.equal(closeSettingsOf({ poptin_design_show_x_comment: 'yes' }, true).note, '');
    assert.equal(
      closeSettingsOf({ poptin_design_auto_close: 'yes', poptin_design_auto_close_sec: '12' }, true).autoCloseSeconds,
      12,
    );
    assert.equal(
      closeSettingsOf({ poptin_design_auto_close: 'no', poptin_design_auto_close_sec: '12' }, true).autoCloseSeconds,
      null,
    );
    assert.equal(
      closeSettingsOf({ poptin_design_auto_close: 'yes', poptin_design_auto_close_sec: '0' }, true).autoCloseSeconds,
      null,
    );
  });

  it('content lock leaves no way to close', () => {
    const locked = closeSettingsOf(
      { poptin_design_content_lock: 'yes', poptin_design_show_x_comment: 'No thanks' },
      true,
    );
    assert.deepEqual(
      [locked.xButton, locked.note, locked.escapeCloses, locked.closeOnScreenClick, locked.templateButtonsClose],
      [false, '', false, false, false],
    );
  });
});

describe('removal after a close (widget §4)', () => {
  it('5 s after the fade, 0.2 s when forced, 1.5 s with teasers', () => {
    assert.equal(removalDelayMs({ forced: false, teasers: false }), 5_000);
    assert.equal(removalDelayMs({ forced: true, teasers: false }), 200);
    assert.equal(removalDelayMs({ forced: true, teasers: true }), 200);
    assert.equal(removalDelayMs({ forced: false, teasers: true }), 1_500);
  });
});

describe('video resolution (widget §4)', () => {
  it('the smallest of 360p, 480p, 720p and 1080p that covers the box on this screen, else the largest', () => {
    assert.equal(videoResolutionFor(200, 1), 360);
    assert.equal(videoResolutionFor(360, 1), 360);
    assert.equal(videoResolutionFor(400, 1), 480);
    assert.equal(videoResolutionFor(400, 2), 1080);
    assert.equal(videoResolutionFor(1400, 1), 1080);
    assert.equal(videoResolutionFor(300, 2, [480, 1080]), 1080);
    assert.equal(videoResolutionFor(300, 1, []), null);
  });
});
