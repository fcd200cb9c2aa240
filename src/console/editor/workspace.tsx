import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ApiError, type Config, type Popup } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { useSession } from '../session.ts';
import { PageHeading } from '../shell/heading.tsx';
import { installedOn, watchedSiteQuery } from '../sites/installation.tsx';
import { DesignPanel } from './design-panel.tsx';
import { useDraftSaving } from './draft-saving.ts';
import { ExplainList } from './explain-list.tsx';
import { useUndoable } from './history.ts';
import { LivePreview } from './live-preview.tsx';
import type { Screen } from './model/dom.ts';
import type { EditorSettings } from './model/editor-settings.ts';
import { hasParts } from './model/parts.ts';
import { ruleFieldWords, serverMessageWords } from './model/rule-words.ts';
import { applySettings, settingsOf } from './model/settings.ts';
import { recordOf, textOf } from './model/values.ts';
import { type PartFocus, PartsPanel, partControlId } from './parts-panel.tsx';
import { ruleProblems } from './rules/rule-builder.tsx';
import { SanitizerVerdict } from './sanitizer-verdict.tsx';
import { SettingsForm, settingsProblems } from './settings/settings-form.tsx';
import { StepsPanel } from './steps-panel.tsx';
import { Tabs } from './tabs.tsx';

const CodeEditor = lazy(() => import('../components/code-editor.tsx'));

type Tab = 'content' | 'design' | 'html';

/** The editor's workspace: what to edit (left), the live preview (centre), the rules (right); stacked on a phone. */
export function Workspace({ clientId, popup }: { clientId: string; popup: Popup }) {
  const { t, language } = useLanguage();
  const { sites } = useSession();
  const draft = useUndoable<Config>(popup.draft);
  const config = draft.value;
  const html = textOf(config.poptin);
  const visual = useMemo(() => hasParts(html), [html]);
  const [tab, setTab] = useState<Tab>(() => (hasParts(textOf(popup.draft.poptin)) ? 'content' : 'html'));
  const [screen, setScreen] = useState<Screen>('form');
  const [focus, setFocus] = useState<PartFocus | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const settings = useMemo(() => settingsOf(config), [config]);
  const problems = [...settingsProblems(settings, language), ...ruleProblems(settings, t)];
  const site = sites.find((entry) => entry.clientId === clientId);
  const [pageUrl, setPageUrl] = useState(site?.allowedOrigins[0] ? `${site.allowedOrigins[0]}/` : '');

  const setHtml = (next: string, kind: string) => draft.set({ ...config, poptin: next }, kind && `html:${kind}`);
  const update = (edit: (settings: EditorSettings) => EditorSettings) =>
    draft.set(applySettings(config, edit(settings)));
  const { dirty, save, publish, previewOnSite, conflict } = useDraftSaving(clientId, popup, config, pageUrl);
  // What the server refused, shown again beside the rule it is about.
  const refusal = save.error ?? publish.error;
  const serverProblems = refusal instanceof ApiError ? refusal.fields : [];
  // A page of the site shows the draft only once the site's snippet is on it.
  const siteDetail = useQuery(watchedSiteQuery(clientId));
  const notInstalled = siteDetail.data !== undefined && installedOn(siteDetail.data.installation.origins) === null;

  // Said once in the status region, then cleared, so that the next undo is said again.
  const announce = (words: string) => {
    setAnnouncement(words);
    setTimeout(() => setAnnouncement(''), 1500);
  };
  const undo = () => {
    if (!draft.canUndo) return;
    draft.undo();
    announce(t('edUndone'));
  };
  const redo = () => {
    if (!draft.canRedo) return;
    draft.redo();
    announce(t('edRedone'));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'z') return;
    // The HTML editor keeps its own history of keystrokes.
    if ((event.target as Element).closest('.cm-editor')) return;
    event.preventDefault();
    if (event.shiftKey) redo();
    else undo();
  };

  // A click on a part in the preview: its control on the Content tab takes the focus.
  const editPart = useCallback((partScreen: Screen, role: string) => {
    setTab('content');
    setFocus({ screen: partScreen, role });
    requestAnimationFrame(() => {
      const target = document.getElementById(partControlId(partScreen, role));
      // The form's fields are a group: its first control takes the focus.
      const control = target?.matches('legend') ? target.closest('fieldset')?.querySelector('input, select') : target;
      (control as HTMLElement | null | undefined)?.focus();
    });
  }, []);
  const focusPart = (part: PartFocus) => {
    setFocus(part);
    setScreen(part.screen);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z anywhere in the workspace undoes the last change of the draft
    <section className="editor workspace" onKeyDown={onKeyDown}>
      <PageHeading>{settings.name || popup.id}</PageHeading>
      <p>
        <Link href={`/sites/${encodeURIComponent(clientId)}`}>{t('back')}</Link>
      </p>
      <div className="toolbar">
        <div className="cluster">
          <button type="button" onClick={undo} disabled={!draft.canUndo} aria-keyshortcuts="Control+Z Meta+Z">
            {t('edUndo')}
          </button>
          <button
            type="button"
            onClick={redo}
            disabled={!draft.canRedo}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
          >
            {t('edRedo')}
          </button>
        </div>
        <div className="cluster">
          <button type="button" onClick={() => save.mutate()} disabled={save.isPending || problems.length > 0}>
            {t('save')}
          </button>
          <button
            type="button"
            className="btn-primary primary"
            onClick={() => publish.mutate()}
            disabled={publish.isPending || problems.length > 0}
          >
            {t('publish')}
          </button>
        </div>
        <label className="field preview-url">
          {t('previewPage')}
          <input type="url" dir="ltr" value={pageUrl} maxLength={2000} onChange={(e) => setPageUrl(e.target.value)} />
        </label>
        <button
          type="button"
          onClick={() => previewOnSite.mutate()}
          disabled={!/^https?:\/\//.test(pageUrl.trim())}
          aria-describedby={notInstalled ? 'install-first' : undefined}
        >
          {t('previewOnSite')}
        </button>
        {notInstalled && (
          <p className="hint" id="install-first">
            {t('installFirst')} <Link href={`/sites/${encodeURIComponent(clientId)}`}>{t('installation')}</Link>
          </p>
        )}
        <span role="status">
          {save.isSuccess && !dirty ? t('saved') : ''}
          {publish.isSuccess ? ` ${t('published')}` : ''}
          {announcement ? ` ${announcement}` : ''}
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
        <ErrorText
          error={save.error ?? publish.error ?? previewOnSite.error}
          describe={(field) => ruleFieldWords(field, t)}
          explain={(message) => serverMessageWords(message, t)}
        />
      )}
      <div className="workspace-columns">
        <section className="workspace-edit stack" aria-labelledby="edit-heading">
          <div className="workspace-edit-head">
            <h2 id="edit-heading">{t('edPanels')}</h2>
            {/* Beside the parts the rules start below them: one step there instead of a long scroll. */}
            <a href="#rules-heading" className="to-rules">
              {t('edToRules')}
            </a>
          </div>
          <label className="field">
            {t('edName')}
            <input
              value={settings.name}
              dir="auto"
              maxLength={200}
              onChange={(e) => draft.set(applySettings(config, { ...settings, name: e.target.value }), 'name')}
            />
          </label>
          <Tabs<Tab>
            label={t('edPanels')}
            value={tab}
            onChange={setTab}
            tabs={[
              ['content' as Tab, t('edContentTab')],
              ['design', t('edDesignTab')],
              ['html', t('edHtmlTab')],
            ]}
          >
            {tab === 'content' &&
              (visual ? (
                <div className="stack">
                  <PartsPanel html={html} clientId={clientId} onChange={setHtml} onFocusPart={focusPart} />
                  <StepsPanel
                    html={html}
                    onChange={setHtml}
                    partialLead={recordOf(config.design_properties).steps_partial_lead === true}
                    onPartialLead={(on) =>
                      draft.set(
                        {
                          ...config,
                          design_properties: { ...recordOf(config.design_properties), steps_partial_lead: on },
                        },
                        'steps-partial',
                      )
                    }
                  />
                </div>
              ) : (
                <p className="notice">{t('edNoParts')}</p>
              ))}
            {tab === 'design' && <DesignPanel html={html} onChange={setHtml} settings={settings} update={update} />}
            {tab === 'html' && (
              <div className="stack">
                {!visual && <p className="notice">{t('edNoParts')}</p>}
                <Suspense fallback={<p role="status">{t('loading')}</p>}>
                  <CodeEditor value={html} onChange={(next) => setHtml(next, 'code')} label={t('html')} />
                </Suspense>
              </div>
            )}
          </Tabs>
        </section>
        <div className="workspace-preview">
          <LivePreview
            html={html}
            format={`format_${settings.format}`}
            screen={screen}
            onScreen={setScreen}
            highlight={focus && focus.screen === screen ? focus.role : null}
            onPart={visual ? editPart : undefined}
          />
        </div>
        <section className="workspace-rules stack" aria-labelledby="rules-heading">
          <h2 id="rules-heading">{t('settings')}</h2>
          <SettingsForm
            settings={settings}
            update={update}
            popupId={popup.id}
            clientId={clientId}
            config={config}
            replaceConfig={(next) => draft.set(next)}
            serverProblems={serverProblems}
          />
          <SanitizerVerdict clientId={clientId} config={config} />
          <ExplainList clientId={clientId} settings={settings} />
        </section>
      </div>
    </section>
  );
}
