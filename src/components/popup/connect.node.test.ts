import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePopupConfig } from '../../core/config/parse.ts';
import { closeSettingsOf } from '../../core/popup/close-settings.ts';
import { popupLayout } from '../../core/popup/layout.ts';
import { initialSnapshot, type PopupSnapshot } from '../../core/popup/view-machine.ts';
import type { CloseSource } from '../../core/public-types.ts';
import { connectPopup, type PopupViewSettings, skipLabel } from './connect.ts';

function settingsOf(raw: Record<string, unknown>, extra: Partial<PopupViewSettings> = {}): PopupViewSettings {
  const config = parsePopupConfig({ poptin_id: 'a1b2c3d4e5f6a', poptin_type: 'lightbox', ...raw });
  return {
    config,
    language: 'en',
    closing: closeSettingsOf(config.designProperties, config.xCloseButton),
    layout: null,
    closeCountdown: 0,
    animation: null,
    ...extra,
  };
}

const shown: PopupSnapshot<unknown> = { ...initialSnapshot, state: 'form' };

describe("the pop-up's frame props", () => {
  it('keeps a closing pop-up on screen while its exit effect plays', () => {
    const closing: PopupSnapshot<unknown> = { ...shown, state: 'closing', closeSource: 'x-button' };
    const settings = settingsOf({});
    assert.equal(connectPopup(closing, settings, () => true).open, false);
    const exiting = connectPopup(closing, { ...settings, animation: { name: 'fade-out', phase: 'exit' } }, () => true);
    assert.equal(exiting.open, true);
    assert.deepEqual(exiting.hideDetail, { source: 'x-button', submitted: false });
  });

  it('draws the modal kinds as dialogs, names the pop-up and places it', () => {
    const lightbox = connectPopup(shown, settingsOf({ poptin_name: 'Welcome' }), () => true);
    assert.deepEqual([lightbox.modal, lightbox.label, lightbox.dir], [true, 'Welcome', 'ltr']);
    const bar = connectPopup(shown, settingsOf({ poptin_type: 'bar' }, { language: 'he' }), () => true);
    assert.deepEqual([bar.modal, bar.label, bar.dir], [false, 'Pop-up', 'rtl']);
    const layout = popupLayout('bar', 'format_1', undefined);
    const placed = connectPopup(shown, settingsOf({ poptin_type: 'bar' }, { layout }), () => true);
    assert.equal(placed.placement, `at-${layout.vertical} at-${layout.horizontal}`);
    assert.equal(placed.data?.['data-format'], String(layout.format));
  });

  it('names the close button only when the pop-up has one, and hands the frame the close it asks for', () => {
    const asked: CloseSource[] = [];
    const requestClose = (source: CloseSource) => (asked.push(source), true);
    const frame = connectPopup(shown, settingsOf({}), requestClose);
    frame.requestClose('escape');
    assert.deepEqual(asked, ['escape']);
    const locked = settingsOf({ design_properties: { poptin_design_content_lock: true } });
    assert.equal(connectPopup(shown, locked, requestClose).closeLabel, undefined);
    assert.equal(connectPopup(shown, locked, requestClose).escapeCloses, false);
  });

  it("counts down on a full-page pop-up's skip button", () => {
    assert.equal(skipLabel('en', 3), 'Skip (3)');
    assert.equal(skipLabel('en', 0), 'Skip');
  });
});
