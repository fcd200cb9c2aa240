// Runs shared cases under mocha in Chromium against the fake platform the test-runner plugin started.
import { expect } from '@open-wc/testing';
import { PlatformControl } from './control.ts';
import type { Suite } from './harness.ts';
import { PLATFORM_INFO_PATH } from './info-path.ts';

export function browserSuite(): Suite {
  let control: PlatformControl | undefined;
  before(async () => {
    const response = await fetch(PLATFORM_INFO_PATH);
    if (!response.ok)
      throw new Error(
        `${PLATFORM_INFO_PATH} answered ${response.status}: is the sdk-platform plugin in web-test-runner.config.mjs?`,
      );
    const { baseUrl } = (await response.json()) as { baseUrl: string };
    control = new PlatformControl(baseUrl);
  });
  return {
    environment: 'browser',
    describe: (name, body) => void describe(name, body),
    it: (name, body) => void it(name, async () => body()),
    beforeEach: (body) => void beforeEach(async () => body()),
    afterEach: (body) => void afterEach(async () => body()),
    assert: {
      equal: (a, e, m) => expect(a, m).to.equal(e),
      notEqual: (a, e, m) => expect(a, m).to.not.equal(e),
      deepEqual: (a, e, m) => expect(a, m).to.deep.equal(e),
      ok: (v, m) => expect(v, m).to.be.ok,
      match: (t, p, m) => expect(t, m).to.match(p),
    },
    platform: () => {
      if (!control) throw new Error('the fake platform is not known yet');
      return control;
    },
  };
}
