// The few test primitives the shared cases use, so one case module runs under node:test and under mocha.
import type { PlatformControl } from './control.ts';

export type TestFn = () => void | Promise<void>;

export interface Assert {
  equal(actual: unknown, expected: unknown, message?: string): void;
  notEqual(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  ok(value: unknown, message?: string): void;
  match(text: string, pattern: RegExp, message?: string): void;
}

export interface Suite {
  /** Where the tests run, for the few cases that only make sense in one of them. */
  environment: 'node' | 'browser';
  describe(name: string, body: () => void): void;
  it(name: string, body: TestFn): void;
  beforeEach(body: TestFn): void;
  afterEach(body: TestFn): void;
  assert: Assert;
  /** The fake platform; available inside tests and hooks. */
  platform(): PlatformControl;
}

/** Resolves with the error the promise rejected with; fails when it resolves. */
export async function rejection(
  promise: Promise<unknown> | (() => Promise<unknown>),
): Promise<Error & Record<string, unknown>> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection, but the promise resolved');
}

export function thrown(fn: () => unknown): Error & Record<string, unknown> {
  try {
    fn();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected an exception, but none was thrown');
}

/** Every case starts from a fresh platform and ends by checking the platform saw only well-formed requests. */
export function platformHooks(suite: Suite): void {
  suite.beforeEach(async () => {
    await suite.platform().reset();
  });
  suite.afterEach(async () => {
    const violations = await suite.platform().violations();
    suite.assert.equal(violations.join('\n'), '', 'the fake platform recorded malformed requests');
  });
}
