import { useId } from 'react';
import { AmountSetting, Select, TextSetting, Toggle } from '../components/fields.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { VisitorEmailForm } from '../model/visitor-email.ts';

const LIMITS = { subject: 200, body: 20_000, confirmUrl: 2000 };

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
          <TextSetting
            label={t('veSubject')}
            value={email.subject}
            max={LIMITS.subject}
            onChange={(subject) => set({ subject })}
          />
          <div className="field">
            <label htmlFor={`${id}-body`}>{t('veBody')}</label>
            <textarea
              id={`${id}-body`}
              rows={7}
              maxLength={LIMITS.body}
              value={email.body}
              aria-describedby={`${id}-tags`}
              onChange={(event) => set({ body: event.target.value })}
            />
            <p className="hint" id={`${id}-tags`}>
              {t('veTagsHint')}
            </p>
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
              <AmountSetting
                label={t('veConfirmDays')}
                unit={t('veDays')}
                value={email.confirmDays}
                min={1}
                max={30}
                fallback={7}
                onChange={(confirmDays) => set({ confirmDays: confirmDays ?? 7 })}
              />
            </>
          )}
        </>
      )}
    </fieldset>
  );
}
