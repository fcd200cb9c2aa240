import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ApiError, api, type Config, type Popup, type Validation } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { PopupPreview } from '../components/preview.tsx';
import { useLanguage } from '../i18n/language.tsx';
import {
  coloursOf,
  fieldsOf,
  type Screen,
  screensOf,
  textsOf,
  VALIDATION_MODES,
  withColour,
  withField,
  withText,
} from '../model/content.ts';
import { explainRules } from '../model/explain.ts';
import { sanitizerRemovals } from '../model/sanitizer.ts';
import { applySettings, type EditorSettings, settingsOf } from '../model/settings.ts';
import { textOf } from '../model/values.ts';
import { useSession } from '../session.ts';
import { PageHeading } from './heading.tsx';
import { SettingsForm, settingsProblems } from './settings-form.tsx';

const CodeEditor = lazy(() => import('../components/code-editor.tsx'));

const SCREEN_WORDS: Record<Screen, [string, string]> = {
  form: ['Form', 'טופס'],
  'thank-you': ['Thank you', 'תודה'],
  play: ['Play', 'משחק'],
  win: ['Win', 'זכייה'],
  lose: ['Lose', 'הפסד'],
};

function ContentForm({ html, onChange }: { html: string; onChange(html: string): void }) {
  const { t, language } = useLanguage();
  const w = (en: string, he: string) => (language === 'he' ? he : en);
  const texts = useMemo(() => textsOf(html), [html]);
  const colours = useMemo(() => coloursOf(html), [html]);
  const fields = useMemo(() => fieldsOf(html), [html]);
  const [htmlMode, setHtmlMode] = useState(false);
  return (
    <div className="content">
      <fieldset>
        <legend>{w('Texts', 'טקסטים')}</legend>
        {texts.map((item) => (
          <label key={item.index}>
            {`${item.tag} ${item.index + 1}`}
            <textarea
              rows={item.text.length > 60 ? 3 : 1}
              maxLength={2000}
              value={item.text}
              onChange={(e) => onChange(withText(html, item.index, e.target.value))}
            />
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{w('Colours', 'צבעים')}</legend>
        {colours.map((item) => (
          <label key={`${item.index}-${item.property}`} className="colour">
            <input
              type="color"
              value={
                item.value.length === 4
                  ? `#${item.value[1]}${item.value[1]}${item.value[2]}${item.value[2]}${item.value[3]}${item.value[3]}`
                  : item.value
              }
              onChange={(e) => onChange(withColour(html, item.index, item.property, e.target.value))}
            />
            {`${item.tag} ${item.index + 1}: ${item.property}`}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{w('Form fields', 'שדות הטופס')}</legend>
        {fields.map((field) => (
          <div className="row" key={field.index}>
            <strong dir="ltr">{field.name}</strong>
            <label className="inline-check">
              <input
                type="checkbox"
                checked={field.required}
                onChange={(e) => onChange(withField(html, field.index, { required: e.target.checked }))}
              />
              {w('Required', 'חובה')}
            </label>
            <label>
              {w('Validation', 'אימות')}
              <select
                value={field.validation}
                onChange={(e) => onChange(withField(html, field.index, { validation: e.target.value }))}
              >
                <option value="">{w('Default', 'ברירת מחדל')}</option>
                {VALIDATION_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {mode}
                  </option>
                ))}
              </select>
            </label>
          </div>
        ))}
      </fieldset>
      <button type="button" aria-expanded={htmlMode} onClick={() => setHtmlMode(!htmlMode)}>
        {t('html')}
      </button>
      {htmlMode && (
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
          <CodeEditor value={html} onChange={onChange} label={t('html')} />
        </Suspense>
      )}
    </div>
  );
}

function SanitizerVerdict({ clientId, config }: { clientId: string; config: Config }) {
  const { t } = useLanguage();
  const deferred = useDeferredValue(config);
  const [verdict, setVerdict] = useState<Validation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const html = textOf(deferred.poptin);
  const removed = useMemo(() => sanitizerRemovals(html), [html]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      api.validate(clientId, deferred).then(
        (answer) => live && (setVerdict(answer), setError(null)),
        (failure: unknown) => live && setError(failure),
      );
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [clientId, deferred]);
  const all = [...removed, ...(verdict?.sanitizer?.removed ?? [])].filter(
    (item, index, list) =>
      list.findIndex((other) => other.element === item.element && other.attribute === item.attribute) === index,
  );
  return (
    <section aria-labelledby="sanitizer-heading" className="verdict">
      <h2 id="sanitizer-heading">{t('sanitizer')}</h2>
      <ErrorText error={error} />
      <div aria-live="polite">
        {all.length === 0 && <p>{t('sanitizerClean')}</p>}
        {all.length > 0 && (
          <>
            <p>{t('sanitizerRemoved')}</p>
            <ul className="removed">
              {all.map((item) => (
                <li key={`${item.element ?? ''} ${item.attribute ?? ''}`}>
                  <code dir="ltr">
                    {item.element ? `<${item.element}>` : ''}
                    {item.attribute ? ` ${item.attribute}` : ''}
                  </code>
                </li>
              ))}
            </ul>
          </>
        )}
        {verdict && !verdict.ok && (
          <ul className="field-error">
            {verdict.fields.map((field) => (
              <li key={field.field}>
                <code>{field.field}</code>: {field.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Editor({ clientId, popup }: { clientId: string; popup: Popup }) {
  const { t, language } = useLanguage();
  const w = (en: string, he: string) => (language === 'he' ? he : en);
  const { sites } = useSession();
  const client = useQueryClient();
  const [config, setConfig] = useState<Config>(popup.draft);
  const [revision, setRevision] = useState(popup.revision);
  const [dirty, setDirty] = useState(false);
  const [screen, setScreen] = useState<Screen>('form');
  const settings = useMemo(() => settingsOf(config), [config]);
  const html = textOf(config.poptin);
  const previewHtml = useDeferredValue(html);
  const screens = useMemo(() => screensOf(previewHtml), [previewHtml]);
  const problems = settingsProblems(settings, language);
  const site = sites.find((entry) => entry.clientId === clientId);
  const [pageUrl, setPageUrl] = useState(site?.allowedOrigins[0] ? `${site.allowedOrigins[0]}/` : '');

  const change = (next: Config) => {
    setConfig(next);
    setDirty(true);
  };
  const update = (edit: (settings: EditorSettings) => EditorSettings) => change(applySettings(config, edit(settings)));
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['popups', clientId] }),
      client.invalidateQueries({ queryKey: ['revisions', clientId, popup.id] }),
    ]);

  const save = useMutation({
    mutationFn: async () => (await api.saveDraft(clientId, popup.id, config, revision)).popup,
    onSuccess: (saved) => {
      setRevision(saved.revision);
      setDirty(false);
      return refresh();
    },
  });
  const publish = useMutation({
    mutationFn: async () => {
      if (dirty) await save.mutateAsync();
      return (await api.publish(clientId, popup.id)).popup;
    },
    onSuccess: refresh,
  });
  const previewOnSite = useMutation({
    mutationFn: async () => {
      if (dirty) await save.mutateAsync();
      return api.previewLink(clientId, popup.id, pageUrl.trim());
    },
    onSuccess: ({ url }) => window.open(url, '_blank', 'noopener'),
  });
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const explanation = explainRules(settings, language);

  return (
    <section className="editor">
      <PageHeading>{settings.name || popup.id}</PageHeading>
      <p>
        <Link href={`/sites/${encodeURIComponent(clientId)}`}>{t('back')}</Link>
      </p>
      <div className="toolbar">
        <button type="button" onClick={() => save.mutate()} disabled={save.isPending || problems.length > 0}>
          {t('save')}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => publish.mutate()}
          disabled={publish.isPending || problems.length > 0}
        >
          {t('publish')}
        </button>
        <label>
          {t('previewPage')}
          <input type="url" dir="ltr" value={pageUrl} maxLength={2000} onChange={(e) => setPageUrl(e.target.value)} />
        </label>
        <button type="button" onClick={() => previewOnSite.mutate()} disabled={!/^https?:\/\//.test(pageUrl.trim())}>
          {t('previewOnSite')}
        </button>
        <span role="status">
          {save.isSuccess && !dirty ? t('saved') : ''}
          {publish.isSuccess ? ` ${t('published')}` : ''}
        </span>
      </div>
      {problems.length > 0 && (
        <div role="alert" className="error">
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {conflict ? (
        <p role="alert" className="error">
          {t('conflict')}
        </p>
      ) : (
        <ErrorText error={save.error ?? publish.error ?? previewOnSite.error} />
      )}
      <div className="editor-columns">
        <div className="editor-form">
          <h2>{t('settings')}</h2>
          <SettingsForm settings={settings} update={update} popupId={popup.id} />
          <h2>{t('content')}</h2>
          <ContentForm html={html} onChange={(next) => change({ ...config, poptin: next })} />
        </div>
        <div className="editor-side">
          <section aria-labelledby="preview-heading">
            <h2 id="preview-heading">{t('preview')}</h2>
            <div role="radiogroup" aria-label={t('screen')} className="screens">
              {screens.map((option) => (
                <label key={option}>
                  <input
                    type="radio"
                    name="screen"
                    value={option}
                    checked={screen === option}
                    onChange={() => setScreen(option)}
                  />
                  {w(...SCREEN_WORDS[option])}
                </label>
              ))}
            </div>
            <div className="previews">
              <figure>
                <figcaption>{t('desktop')}</figcaption>
                <PopupPreview
                  html={previewHtml}
                  screen={screens.includes(screen) ? screen : 'form'}
                  format={`format_${settings.format}`}
                  label={`${t('preview')} ${t('desktop')}`}
                  width={560}
                />
              </figure>
              <figure>
                <figcaption>{t('phone')}</figcaption>
                <PopupPreview
                  html={previewHtml}
                  screen={screens.includes(screen) ? screen : 'form'}
                  format={`format_${settings.format}`}
                  label={`${t('preview')} ${t('phone')}`}
                  width={360}
                  copy
                />
              </figure>
            </div>
          </section>
          <SanitizerVerdict clientId={clientId} config={config} />
          <section aria-labelledby="explain-heading" className="explain">
            <h2 id="explain-heading">{t('explain')}</h2>
            <ul>
              {explanation.map((item, i) => (
                <li key={i} data-topic={item.topic}>
                  {item.sentence}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </section>
  );
}

export function EditorPage({ clientId, popupId }: { clientId: string; popupId: string }) {
  const { t } = useLanguage();
  const query = useQuery({ queryKey: ['popup', clientId, popupId], queryFn: () => api.popup(clientId, popupId) });
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.error)
    return (
      <section>
        <PageHeading>{t('error')}</PageHeading>
        <ErrorText error={query.error} />
      </section>
    );
  // A restored revision is a new draft: the editor starts again from it.
  return (
    <Editor key={`${query.data.popup.id}-${query.data.popup.revision}`} clientId={clientId} popup={query.data.popup} />
  );
}
