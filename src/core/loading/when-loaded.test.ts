import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { log } from '../safety.ts';
import { bindWhenLoaded, chunkLoader } from './when-loaded.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('bindWhenLoaded: code that only some pop-ups need, bound once its chunk is loaded', () => {
  afterEach(() => sinon.restore());

  it('binds once the chunk is loaded, and the unbinding undoes the binding', async () => {
    const calls: string[] = [];
    const loader = chunkLoader(async () => ({ bind: () => (calls.push('bound'), () => calls.push('unbound')) }));
    const unbind = bindWhenLoaded('the part', loader, ({ bind }) => bind());
    expect(calls).to.deep.equal([]);
    await settle();
    expect(calls).to.deep.equal(['bound']);
    unbind();
    expect(calls).to.deep.equal(['bound', 'unbound']);
  });

  it('binds at once, in the same task, what a chunk already loaded holds; the chunk is loaded once', async () => {
    const load = sinon.spy(async () => 'chunk');
    const loader = chunkLoader(load);
    await loader();
    const bind = sinon.spy(() => () => undefined);
    bindWhenLoaded('the part', loader, bind);
    expect(bind.args).to.deep.equal([['chunk']]);
    await loader();
    expect(load.callCount).to.equal(1);
  });

  it('tries a chunk that could not be loaded again on the next call', async () => {
    let attempts = 0;
    const loader = chunkLoader(async () => {
      attempts++;
      if (attempts === 1) throw new Error('network down');
      return 'chunk';
    });
    await loader().catch(() => undefined);
    expect(loader.loaded).to.equal(undefined);
    expect(await loader()).to.equal('chunk');
    expect(loader.loaded).to.equal('chunk');
  });

  it('does not bind what was unbound before its chunk arrived', async () => {
    const bind = sinon.spy(() => () => undefined);
    const unbind = bindWhenLoaded(
      'the part',
      chunkLoader(async () => 'chunk'),
      bind,
    );
    unbind();
    await settle();
    expect(bind.called).to.equal(false);
  });

  it('says so when the chunk cannot be loaded or its binding throws, and nothing reaches the page', async () => {
    const errors = sinon.stub(log, 'error');
    const rejections: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      bindWhenLoaded(
        'the coupons of the pop-up',
        chunkLoader(() => Promise.reject(new Error('network down'))),
        () => () => undefined,
      );
      const unbind = bindWhenLoaded(
        'the games of the pop-up',
        chunkLoader(async () => 'chunk'),
        () => {
          throw new Error('bad template');
        },
      );
      await settle();
      await settle();
      expect(errors.args.map(([where]) => where)).to.deep.equal([
        'the coupons of the pop-up could not be loaded',
        'the games of the pop-up',
      ]);
      expect(rejections).to.deep.equal([]);
      expect(unbind).not.to.throw();
    } finally {
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
