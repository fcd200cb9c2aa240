import { useId } from 'react';
import { Select, TextSetting, Toggle } from '../components/fields.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { VisitorEmailForm } from './model/visitor-email.ts';

const LIMITS = { subject: 200, body: 20_000, confirmUrl: 2000 };
const TAG_EXAMPLES = ['{{first_name|…}}', '{{email}}', '{{coupon_code}}', '{{prize}}', '{{company}}'];

/** The e-mail the visitor gets after their lead (subject and text with the lead's values), and its double opt-in. */
export function VisitorEmailPanel({
  email,
  onChange,
}: {
  email: VisitorEmailForm;
  onChange(email: VisitorEmailForm): void;
}) {
  const { t } = useLanguage();
  const id = useId();
  const set = (change: Partial<VisitorEmailForm>) => onChange({ ...email, ...change });
  return (
    <fieldset className="visitor-email">
      <legend>{t('veLegend')}</legend>
      <Toggle label={t('veEnabled')} checked={email.enabled} onChange={(enabled) => set({ enabled })} />
      {email.enabled && (
        <>
          <div className="field">
            <label htmlFor={`${id}-subject`}>{t('veSubject')}</label>
            <input
              id={`${id}-subject`}
              dir="auto"
              maxLength={LIMITS.subject}
              value={email.subject}
              onChange={(event) => set({ subject: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-body`}>{t('veBody')}</label>
            <textarea
              id={`${id}-body`}
              rows={7}
              dir="auto"
              maxLength={LIMITS.body}
              value={email.body}
              aria-describedby={`${id}-tags`}
              onChange={(event) => set({ body: event.target.value })}
            />
            <div className="hint" id={`${id}-tags`}>
              <p>{t('veTagsHint')}</p>
              <ul className="cluster tag-examples" aria-label={t('veTagsExamples')}>
                {TAG_EXAMPLES.map((tag) => (
                  <li key={tag}>
                    <code dir="ltr">{tag}</code>
                  </li>
                ))}
              </ul>
              <p>{t('veTagsFallback')}</p>
            </div>
          </div>
          <Select
            label={t('veLanguage')}
            value={email.language}
            options={[
              ['', t('veLanguageSite')],
              ['en', t('veEnglish')],
              ['he', t('veHebrew')],
            ]}
            onChange={(language) => set({ language })}
          />
          <p className="hint">{t('veSiteHint')}</p>
          <Toggle
            label={t('veDoubleOptIn')}
            hint={t('veDoubleOptInHint')}
            checked={email.doubleOptIn}
            onChange={(doubleOptIn) => set({ doubleOptIn })}
          />
          {email.doubleOptIn && (
            <>
              <TextSetting
                label={t('veConfirmUrl')}
                value={email.confirmUrl}
                max={LIMITS.confirmUrl}
                ltr
                onChange={(confirmUrl) => set({ confirmUrl })}
              />
              <div className="field">
                <label htmlFor={`${id}-days`}>{t('veConfirmDays')}</label>
                <span className="cluster days-row">
                  <input
                    id={`${id}-days`}
                    type="number"
                    className="days"
                    min={1}
                    max={30}
                    step={1}
                    required
                    value={Number.isFinite(email.confirmDays) ? email.confirmDays : ''}
                    onChange={(event) => set({ confirmDays: Math.round(Number(event.target.value)) })}
                  />
                  <span>{t('veDays')}</span>
                </span>
              </div>
            </>
          )}
        </>
      )}
    </fieldset>
  );
}
