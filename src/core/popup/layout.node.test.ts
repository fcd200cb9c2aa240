import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { POPUP_TYPES } from '../config/types.ts';
import { FORMAT_COUNTS, popupLayout } from './layout.ts';

describe('pop-up layout: kinds, positions and formats (widget §1, §2)', () => {
  it('modal kinds are dialogs; embedded and content stay in place; a bar at the top pushes the page; the rest float', () => {
    const rendering = Object.fromEntries(
      POPUP_TYPES.map((type) => [type, popupLayout(type, 'format_1', '').rendering]),
    );
    assert.deepEqual(rendering, {
      embedded: 'in-place',
      lightbox: 'modal',
      gamified: 'modal',
      bar: 'in-flow',
      sside: 'popover',
      bside: 'popover',
      browsing: 'popover',
      fullpage: 'modal',
      mobile: 'popover',
      social: 'popover',
      content: 'in-place',
    });
    assert.equal(
      popupLayout('bar', 'format_1', 'center-bottom').rendering,
      'popover',
      'a bottom bar floats over the page',
    );
  });

  it('positions combine left/center/right with top/middle/bottom, each defaulting to the kind’s own', () => {
    const place = (type: Parameters<typeof popupLayout>[0], location: string) => {
      const layout = popupLayout(type, 'format_1', location);
      return `${layout.vertical}-${layout.horizontal}`;
    };
    assert.equal(place('sside', 'top-left'), 'top-left');
    assert.equal(place('sside', 'middle-right'), 'middle-right');
    assert.equal(place('sside', ''), 'bottom-right');
    assert.equal(place('social', ''), 'bottom-left');
    assert.equal(place('lightbox', 'center-top'), 'top-center');
    assert.equal(place('bar', 'left-bottom'), 'bottom-center', 'a bar spans the width');
    assert.equal(place('bar', 'middle-left'), 'top-center');
  });

  it('every format number of widget §1 is accepted; others are reported and laid out as format 1', () => {
    for (const type of POPUP_TYPES) {
      for (let format = 1; format <= FORMAT_COUNTS[type]; format += 1) {
        const layout = popupLayout(type, `format_${format}`, '');
        assert.equal(layout.format, format);
        assert.equal(layout.formatProblem, undefined);
      }
    }
    assert.deepEqual(
      [FORMAT_COUNTS.lightbox, FORMAT_COUNTS.bar, FORMAT_COUNTS.gamified, FORMAT_COUNTS.embedded],
      [22, 17, 3, 7],
    );
    assert.equal(popupLayout('lightbox', 'lightbox_format_19', '').format, 19);
    const wrong = popupLayout('gamified', 'format_4', '');
    assert.equal(wrong.format, 1);
    assert.equal(
      wrong.formatProblem,
      'format "format_4" is not one of the gamified formats (format_1 to format_3); laid out as format_1',
    );
  });

  it('bars and browsing notices are horizontal, the other kinds vertical', () => {
    assert.equal(popupLayout('bar', 'format_3', '').orientation, 'horizontal');
    assert.equal(popupLayout('browsing', 'format_2', '').orientation, 'horizontal');
    assert.equal(popupLayout('lightbox', 'format_2', '').orientation, 'vertical');
  });
});
