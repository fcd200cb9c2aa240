import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { TEMPLATE_GOALS, type TemplateGoal } from '../../../server/owner/template-contract.ts';
import { api, type PopupSummary, type Template } from '../api/client.ts';
import { popupQuery, popupsQuery } from '../api/queries.ts';
import { Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { PopupPreview } from '../components/preview.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { counted } from '../i18n/plural.ts';
import { type Language, STRINGS, type StringKey } from '../i18n/strings.ts';
import { kindOf, kindWords } from '../shell/kinds.ts';
import { KindSchematic } from '../shell/schematic.tsx';
import { textOf } from './model/values.ts';
import { templateQuery, templatesQuery } from './queries.ts';

const goalKey = (goal: TemplateGoal) => `goal_${goal}` as const;
/** A goal's place in TEMPLATE_GOALS, the order an owner's aims run. */
const goalRank = (goal: TemplateGoal) => TEMPLATE_GOALS.indexOf(goal);
const hasWords = (key: string): key is StringKey => Object.hasOwn(STRINGS.en, key);

function useWords() {
  const { t, language } = useLanguage();
  const nameOf = (template: Template) => template.name[language] || template.name.en || template.id;
  const descriptionOf = (template: Template) => template.description[language] ?? template.description.en ?? '';
  const goalWords = (goal: string) => {
    const key = goalKey(goal as TemplateGoal);
    return hasWords(key) ? t(key) : goal.replace(/[-_]/g, ' ');
  };
  return { t, language, nameOf, descriptionOf, goalWords };
}

/** A template's picture when it has one that loads, else the drawing of its kind. */
function TemplatePicture({ template }: { template: Template }) {
  const [broken, setBroken] = useState(false);
  if (template.thumbnail && !broken)
    return (
      <img src={template.thumbnail} alt="" width={320} height={200} loading="lazy" onError={() => setBroken(true)} />
    );
  return <KindSchematic kind={kindOf(template.kind)} />;
}

/** The pop-up of a configuration, drawn in our <poptin-popup> as the editor's preview does. */
function ConfigPreview({ config, label }: { config: Record<string, unknown>; label: string }) {
  return (
    <PopupPreview
      html={textOf(config.poptin)}
      screen="form"
      format={textOf(config.poptin_format) || 'format_1'}
      label={label}
      width={380}
    />
  );
}

function TemplatePreview({ template, language }: { template: Template; language: Language }) {
  const { t, nameOf } = useWords();
  const loaded = useQuery(templateQuery(template.id, language));
  const name = nameOf(template);
  return (
    <>
      {loaded.isPending && <p role="status">{t('loading')}</p>}
      <ErrorText error={loaded.error} />
      {loaded.data && <ConfigPreview config={loaded.data.template.config} label={`${t('preview')}: ${name}`} />}
    </>
  );
}

function Chips({
  label,
  any,
  values,
  chosen,
  words,
  onChoose,
}: {
  label: string;
  any: string;
  values: string[];
  chosen: string;
  words(value: string): string;
  onChoose(value: string): void;
}) {
  return (
    <fieldset className="chips">
      <legend className="chips-label">{label}</legend>
      {['', ...values].map((value) => (
        <button
          key={value || 'any'}
          type="button"
          className="chip"
          aria-pressed={chosen === value}
          onClick={() => onChoose(value)}
        >
          {value ? words(value) : any}
        </button>
      ))}
    </fieldset>
  );
}

/** New pop-up from a template: the templates as cards, filtered by goal and kind, the chosen one previewed live. */
export function TemplateGallery({ clientId, onClose }: { clientId: string; onClose(): void }) {
  const { t, language, nameOf, descriptionOf, goalWords } = useWords();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const templates = useQuery(templatesQuery());
  const [goal, setGoal] = useState('');
  const [kind, setKind] = useState('');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const preview = useRef<HTMLElement>(null);
  const all = templates.data?.templates ?? [];
  const goals = useMemo(
    () =>
      [...new Set(all.flatMap((template) => (template.goal ? [template.goal] : [])))].sort(
        (a, b) => goalRank(a) - goalRank(b),
      ),
    [all],
  );
  const kinds = useMemo(() => [...new Set(all.map((template) => kindOf(template.kind)))], [all]);
  const shown = all.filter(
    (template) => (!goal || template.goal === goal) && (!kind || kindOf(template.kind) === kind),
  );
  const chosen = shown.find((template) => template.id === chosenId) ?? shown[0];
  const create = useMutation({
    mutationFn: (templateId: string) => api.createPopup(clientId, { templateId }),
    onSuccess: async ({ popup }) => {
      await client.invalidateQueries({ queryKey: popupsQuery(clientId).queryKey });
      onClose();
      navigate(`/sites/${encodeURIComponent(clientId)}/popups/${encodeURIComponent(popup.id)}`);
    },
  });
  const choose = (template: Template) => {
    setChosenId(template.id);
    // On a phone the preview is under the cards: bring it into sight.
    if (matchMedia('(max-width: 860px)').matches) preview.current?.scrollIntoView({ block: 'start' });
  };
  return (
    <Dialog open wide title={t('gallery')} onClose={onClose}>
      <div className="gallery-filters">
        {goals.length > 0 && (
          <Chips
            label={t('filterByGoal')}
            any={t('anyGoal')}
            values={goals}
            chosen={goal}
            words={goalWords}
            onChoose={setGoal}
          />
        )}
        <Chips
          label={t('filterByKind')}
          any={t('anyKind')}
          values={kinds}
          chosen={kind}
          words={(value) => t(kindWords(value))}
          onChoose={setKind}
        />
        <p role="status" className="visually-hidden">
          {templates.data ? counted(language, 'templates', shown.length) : ''}
        </p>
      </div>
      <div className="gallery-layout">
        <div className="gallery-scroll">
          {templates.isPending && <p role="status">{t('loading')}</p>}
          <ErrorText error={templates.error ?? create.error} />
          {templates.data && shown.length === 0 && <p>{t('noTemplatesMatch')}</p>}
          <ul className="gallery">
            {shown.map((template) => (
              <li key={template.id} className="template-card" data-chosen={template === chosen}>
                <button type="button" aria-pressed={template === chosen} onClick={() => choose(template)}>
                  <TemplatePicture template={template} />
                  <span className="template-text">
                    <strong>{nameOf(template)}</strong>
                    {descriptionOf(template) && <span>{descriptionOf(template)}</span>}
                    <span className="badge badge-plain">
                      {template.goal ? goalWords(template.goal) : t(kindWords(template.kind))}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <section ref={preview} className="gallery-preview" aria-label={t('preview')}>
          {chosen ? (
            <>
              <h3>{nameOf(chosen)}</h3>
              {descriptionOf(chosen) && <p className="muted">{descriptionOf(chosen)}</p>}
              <TemplatePreview key={chosen.id} template={chosen} language={language} />
              <button
                type="button"
                className="btn-primary"
                onClick={() => create.mutate(chosen.id)}
                disabled={create.isPending}
                aria-label={`${t('useTemplate')}: ${nameOf(chosen)}`}
              >
                {t('useTemplate')}
              </button>
            </>
          ) : (
            <p className="muted">{t('chooseTemplate')}</p>
          )}
        </section>
      </div>
      <div className="actions">
        <button type="button" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/** A pop-up's draft as a visitor would see it, from the list's menu. */
export function PopupPreviewDialog({
  clientId,
  popup,
  onClose,
}: {
  clientId: string;
  popup: PopupSummary;
  onClose(): void;
}) {
  const { t } = useLanguage();
  const detail = useQuery(popupQuery(clientId, popup.id));
  const name = popup.name || popup.id;
  return (
    <Dialog open title={`${t('preview')}: ${name}`} onClose={onClose}>
      {detail.isPending && <p role="status">{t('loading')}</p>}
      <ErrorText error={detail.error} />
      {detail.data && <ConfigPreview config={detail.data.popup.draft} label={`${t('preview')}: ${name}`} />}
      <div className="actions">
        <button type="button" onClick={onClose}>
          {t('back')}
        </button>
      </div>
    </Dialog>
  );
}
