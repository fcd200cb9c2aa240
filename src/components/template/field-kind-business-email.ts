// E-mail fields that take business addresses only (widget §5, §7): their free-mail list, fetched once per page and
// display server; a chunk of their own (field-kinds.ts).

import { $freeMailDomains } from '../../stores/free-mail.ts';
import type { FieldKindModule } from './field-kind-module.ts';

export const businessEmailKind: FieldKindModule = {
  // The rule is the e-mail's own (src/core/forms/email.ts), given the list.
  rules: {},
  bind(apiBase) {
    let domains: ReadonlySet<string> | undefined;
    let loading: Promise<void> | null = null;
    let stop = () => {};
    // Listening mounts the lazy store, which fetches the list once per page and server.
    const list = $freeMailDomains(apiBase);
    loading = new Promise((resolve) => {
      stop = list.subscribe((listed) => {
        if (listed === undefined) return;
        domains = listed ?? undefined;
        loading = null;
        resolve();
      });
    });
    return { wait: () => loading, options: () => ({ freeMailDomains: domains }), stop: () => stop() };
  },
};
