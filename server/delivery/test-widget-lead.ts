// A lead as the widget sends it: its form's fields through the widget's own conversion builder, form-encoded.
import type { FastifyInstance } from 'fastify';
import { HONEYPOT_FIELD, SINCE_PAGE_LOAD_FIELD } from '../../src/core/api/contract.ts';
import { buildConversionFields } from '../../src/core/forms/conversion-payload.ts';
import type { FormField } from '../../src/core/forms/form-field.ts';
import type { PopupRecord } from '../configuration/repository.ts';

/** Posts the form to the conversion route as the widget does; answers the lead's id. */
export async function submitWidgetLead(
  app: FastifyInstance,
  popup: PopupRecord,
  idempotencyKey: string,
  form: FormField[],
): Promise<number> {
  const body = new URLSearchParams({
    url: 'https://acme.example/spring',
    poptin_id: popup.poptin_id,
    client_id: popup.client_id,
    trigger: 'timer',
    poptin_view_id: '',
    idempotency_key: idempotencyKey,
    [HONEYPOT_FIELD]: '',
    [SINCE_PAGE_LOAD_FIELD]: '8000',
    coupon: '',
    ...buildConversionFields(form),
  });
  const response = await app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
  if (response.statusCode !== 200) throw new Error(`the lead was refused: ${response.statusCode} ${response.body}`);
  return Number(response.json().conversion_id);
}

/** Jane's form: her e-mail and name, a custom Company field, and the consent box ticked. */
export const JANES_FORM: FormField[] = [
  { name: 'Email', type: 'email', value: 'jane@acme.example' },
  { name: 'Name', type: 'text', value: 'Jane Doe' },
  { name: 'Company', type: 'text', value: 'Acme' },
  { name: 'consent', type: 'checkbox', value: 'yes', checked: true },
];
