import { describe, it } from 'node:test';
import { expect } from 'chai';
import sinon from 'sinon';
import { MODAL_TYPES } from './config/types.ts';
import { createPopupQueue, type QueueItem } from './queue.ts';

describe('pop-up queue (widget §4 queue)', () => {
  const setup = () => {
    const shown: string[] = [];
    const queue = createPopupQueue((item: QueueItem) => shown.push(item.id));
    return { queue, shown };
  };

  it('modal kinds are lightbox, gamified and fullpage', () => {
    expect([...MODAL_TYPES]).to.deep.equal(['lightbox', 'gamified', 'fullpage']);
  });

  it('only one lightbox, gamified or fullpage pop-up is active at a time; the next shows when the active one closes', () => {
    const { queue, shown } = setup();
    queue.enqueue({ id: 'lightbox1', type: 'lightbox' });
    queue.enqueue({ id: 'gamified1', type: 'gamified' });
    queue.enqueue({ id: 'fullpage1', type: 'fullpage' });
    expect(shown).to.deep.equal(['lightbox1']);
    expect(queue.waiting()).to.deep.equal(['gamified1', 'fullpage1']);
    queue.release('lightbox1');
    expect(shown).to.deep.equal(['lightbox1', 'gamified1']);
    queue.release('gamified1');
    queue.release('fullpage1');
    expect(shown).to.deep.equal(['lightbox1', 'gamified1', 'fullpage1']);
    expect(queue.activeModal()).to.equal(null);
  });

  it('other kinds are shown together, even while a modal is active', () => {
    const { queue, shown } = setup();
    queue.enqueue({ id: 'lightbox1', type: 'lightbox' });
    queue.enqueue({ id: 'bar1', type: 'bar' });
    queue.enqueue({ id: 'sside1', type: 'sside' });
    queue.enqueue({ id: 'social1', type: 'social' });
    expect(shown).to.deep.equal(['lightbox1', 'bar1', 'sside1', 'social1']);
  });

  it('releasing a waiting pop-up drops it from the line; a duplicate enqueue is ignored', () => {
    const { queue, shown } = setup();
    queue.enqueue({ id: 'a', type: 'lightbox' });
    queue.enqueue({ id: 'b', type: 'lightbox' });
    queue.enqueue({ id: 'b', type: 'lightbox' });
    queue.enqueue({ id: 'a', type: 'lightbox' });
    queue.enqueue({ id: 'c', type: 'lightbox' });
    queue.release('b');
    queue.release('a');
    expect(shown).to.deep.equal(['a', 'c']);
  });

  it('clear() forgets everything without showing (single-page navigation)', () => {
    const { queue, shown } = setup();
    queue.enqueue({ id: 'a', type: 'lightbox' });
    queue.enqueue({ id: 'b', type: 'lightbox' });
    queue.clear();
    queue.release('a');
    expect(shown).to.deep.equal(['a']);
    queue.enqueue({ id: 'c', type: 'fullpage' });
    expect(shown).to.deep.equal(['a', 'c']);
  });

  it('a throwing show callback does not break the queue', () => {
    const errors = sinon.stub(console, 'error');
    const shown: string[] = [];
    const queue = createPopupQueue((item) => {
      shown.push(item.id);
      if (item.id === 'a') throw new Error('render failed');
    });
    expect(() => queue.enqueue({ id: 'a', type: 'lightbox' })).to.not.throw();
    queue.enqueue({ id: 'b', type: 'lightbox' });
    queue.release('a');
    errors.restore();
    expect(shown).to.deep.equal(['a', 'b']);
    expect(errors.callCount).to.equal(1);
  });
});
