// Name, first name and last name fields (widget §5): a chunk of their own (field-kinds.ts).

import { nameRule } from '../../core/forms/name.ts';
import type { FieldKindModule } from './field-kind-module.ts';

export const nameKind: FieldKindModule = {
  rules: { name: nameRule, 'first-name': nameRule, 'last-name': nameRule },
};
