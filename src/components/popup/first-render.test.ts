// A pop-up built ahead of its trigger is rendered in a task of its own (popup-mounter.ts); an equal state set by its
// own first render would render it all again in that task, which at 4× CPU slowdown made it a long task.
import { expect } from '@open-wc/testing';
import { options, type VNode } from 'preact';
import { formTemplate, popupConfig, removePopups } from '../../../test/browser-support/popup.ts';
import { macrotask, until } from '../../../test/browser-support/waiting.ts';
import { sanitizeTemplate } from '../../core/sanitize.ts';
import type { PopupModel } from '../../stores/popup-model.ts';
import { PopupView } from './popup-view.tsx';

describe('a pop-up built ahead of its trigger', () => {
  const previousDiffed = options.diffed;
  let renders = 0;
  beforeEach(() => {
    renders = 0;
    options.diffed = (vnode: VNode) => {
      if (vnode.type === PopupView) renders++;
      previousDiffed?.(vnode);
    };
  });
  afterEach(() => {
    options.diffed = previousDiffed;
    removePopups();
  });

  it('renders its view once when its form asks for an e-mail alone', async () => {
    const element = document.createElement('poptin-popup') as HTMLElement & { popup: PopupModel };
    element.popup = {
      config: popupConfig(),
      html: sanitizeTemplate(formTemplate('<input name="Email" type="email" aria-label="Email">')),
      lang: 'en',
      trigger: 'manual',
      visible: false,
    };
    document.body.append(element);
    await until(() => renders > 0, 'the first render');
    for (let task = 0; task < 5; task++) await macrotask();
    expect(element.shadowRoot?.querySelector('input[name="Email"]'), 'the form drawn').to.exist;
    expect(renders).to.equal(1);
  });
});
