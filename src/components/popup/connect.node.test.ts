import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePopupConfig } from '../../core/config/parse.ts';
import { closeSettingsOf } from '../../core/popup/close-settings.ts';
import { initialSnapshot, type PopupSnapshot } from '../../core/popup/view-machine.ts';
import type { CloseSource } from '../../core/public-types.ts';
import { connectPopup, type PopupViewSettings } from './connect.ts';

function settingsOf(raw: Record<string, unknown>, extra: Partial<PopupViewSettings> = {}): PopupViewSettings {
  const config = parsePopupConfig({ poptin_id: 'a1b2c3d4e5f6a', poptin_type: 'lightbox', ...raw });
  return {
    config,
    language: 'en',
    closing: closeSettingsOf(config.designProperties, config.xCloseButton),
    layout: null,
    closeCountdown: 0,
    animation: null,
    preview: false,
    apiBase: 'https://poptin.example/api',
    ...extra,
  };
}

const shown: PopupSnapshot<unknown> = { ...initialSnapshot, state: 'form' };

describe('the pop-up view props', () => {
  it('keeps a closing pop-up on screen while its exit effect plays', () => {
    const closing: PopupSnapshot<unknown> = { ...shown, state: 'closing', closeSource: 'x-button' };
    const settings = settingsOf({});
    assert.equal(connectPopup(closing, settings, () => true).frame.open, false);
    const exiting = connectPopup(closing, { ...settings, animation: { name: 'fade-out', phase: 'exit' } }, () => true);
    assert.equal(exiting.frame.open, true);
    assert.deepEqual(exiting.frame.hideDetail, { source: 'x-button', submitted: false });
  });

  it("counts down on a full-page pop-up's skip button, which then closes it", () => {
    const asked: CloseSource[] = [];
    const requestClose = (source: CloseSource) => (asked.push(source), true);
    const settings = settingsOf({ poptin_type: 'fullpage' });
    const waiting = connectPopup(shown, { ...settings, closeCountdown: 3 }, requestClose).skip;
    assert.deepEqual({ ...waiting, onClick: null }, { label: 'Skip (3)', disabled: true, countdown: 3, onClick: null });
    const ready = connectPopup(shown, settings, requestClose).skip!;
    assert.deepEqual([ready.label, ready.disabled, ready.countdown], ['Skip', false, undefined]);
    ready.onClick();
    assert.deepEqual(asked, ['skip-button']);
    assert.equal(connectPopup(shown, settingsOf({}), requestClose).skip, null, 'only a full-page pop-up skips');
  });

  it('draws the modal kinds as dialogs and names the pop-up', () => {
    const lightbox = connectPopup(shown, settingsOf({ poptin_name: 'Welcome' }), () => true).frame;
    assert.deepEqual([lightbox.modal, lightbox.label, lightbox.dir], [true, 'Welcome', 'ltr']);
    const bar = connectPopup(shown, settingsOf({ poptin_type: 'bar' }, { language: 'he' }), () => true).frame;
    assert.deepEqual([bar.modal, bar.label, bar.dir], [false, 'Pop-up', 'rtl']);
  });

  it('says preview mode and credits the server only when asked', () => {
    const plain = connectPopup(shown, settingsOf({}), () => true);
    assert.deepEqual([plain.previewNotice, plain.credit], [null, null]);
    const credited = connectPopup(shown, settingsOf({ if_poptin_credit: true }, { preview: true }), () => true);
    assert.match(credited.previewNotice ?? '', /preview/i);
    assert.equal(credited.credit?.href, 'https://poptin.example/');
  });
});
