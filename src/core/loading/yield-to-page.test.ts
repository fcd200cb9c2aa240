import { expect } from '@open-wc/testing';
import { yieldToPage } from './yield-to-page.ts';

describe('yieldToPage', () => {
  it('uses scheduler.yield() where the browser has it', async () => {
    let yields = 0;
    const scope = { scheduler: { yield: async () => void yields++ }, setTimeout: () => { throw new Error('not a timer'); } } as unknown as Window;
    await yieldToPage(scope);
    expect(yields).to.equal(1);
  });

  it('else waits for a new task', async () => {
    const delays: number[] = [];
    const scope = { setTimeout: (resume: () => void, delay: number) => { delays.push(delay); resume(); return 0; } } as unknown as Window;
    await yieldToPage(scope);
    expect(delays).to.deep.equal([0]);
  });
});
