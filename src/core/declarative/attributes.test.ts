import { expect } from '@open-wc/testing';
import { isValidSelector, parseKind, parseTrigger } from './attributes.ts';

const isSelector = (selector: string) => isValidSelector(document, selector);

describe('declarative pop-up attributes: kind and trigger (widget §1, §4)', () => {
  it('accepts every kind of widget §1 and defaults to lightbox', () => {
    for (const kind of [
      'embedded',
      'lightbox',
      'gamified',
      'bar',
      'sside',
      'bside',
      'browsing',
      'fullpage',
      'mobile',
      'social',
      'content',
    ]) {
      expect(parseKind(kind)).to.deep.equal({ ok: true, value: kind });
    }
    expect(parseKind(null)).to.deep.equal({ ok: true, value: 'lightbox' });
    expect(parseKind(' BAR ')).to.deep.equal({ ok: true, value: 'bar' });
  });

  it('names the kinds when one is unknown', () => {
    expect(parseKind('modal')).to.deep.equal({
      ok: false,
      message:
        'kind "modal" is not a pop-up kind; use one of embedded, lightbox, gamified, bar, sside, bside, browsing, fullpage, mobile, social, content',
    });
  });

  it('reads immediate, seconds:N, scroll:P, exit-intent and click:SELECTOR', () => {
    expect(parseTrigger(null, isSelector)).to.deep.equal({ ok: true, value: { type: 'immediate' } });
    expect(parseTrigger('immediate', isSelector)).to.deep.equal({ ok: true, value: { type: 'immediate' } });
    expect(parseTrigger('seconds:5', isSelector)).to.deep.equal({ ok: true, value: { type: 'seconds', seconds: 5 } });
    expect(parseTrigger('scroll:40', isSelector)).to.deep.equal({ ok: true, value: { type: 'scroll', percent: 40 } });
    expect(parseTrigger('scroll:40%', isSelector)).to.deep.equal({ ok: true, value: { type: 'scroll', percent: 40 } });
    expect(parseTrigger('exit-intent', isSelector)).to.deep.equal({ ok: true, value: { type: 'exit-intent' } });
    expect(parseTrigger('click:#offer a.open', isSelector)).to.deep.equal({
      ok: true,
      value: { type: 'click', selector: '#offer a.open' },
    });
  });

  it('explains bad triggers with the accepted forms, never throwing', () => {
    const forms = 'use immediate | seconds:N | scroll:P | exit-intent | click:SELECTOR';
    expect(parseTrigger('seconds:soon', isSelector)).to.deep.equal({
      ok: false,
      message: `trigger "seconds:soon" needs a number of seconds of 0 or more; ${forms}`,
    });
    expect(parseTrigger('scroll:140', isSelector)).to.deep.equal({
      ok: false,
      message: `trigger "scroll:140" needs a percentage from 0 to 100; ${forms}`,
    });
    expect(parseTrigger('click:[[', isSelector)).to.deep.equal({
      ok: false,
      message: `trigger "click:[[" needs a valid CSS selector; ${forms}`,
    });
    expect(parseTrigger('hover', isSelector)).to.deep.equal({
      ok: false,
      message: `trigger "hover" is not a trigger; ${forms}`,
    });
  });
});
