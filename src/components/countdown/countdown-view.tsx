import { useLayoutEffect, useRef, useState } from 'react';
import { type CountdownRunner, type CountdownSnapshot, createCountdownRunner } from '../../core/countdown/machine.ts';
import type { CountdownEndDetail, CountdownModel } from '../../core/countdown/model.ts';
import { type TimerLayout, timerEndKey } from '../../core/countdown/settings.ts';
import {
  announcement,
  compactText,
  digitGroups,
  type TimeParts,
  timeLeftLabel,
  timeParts,
} from '../../core/countdown/time.ts';
import { direction } from '../../core/i18n/language.ts';
import { type Language, type MessageKey, translate } from '../../core/i18n/strings.ts';
import { emit } from '../shared/emit.ts';
import { languageAround } from '../shared/language-around.ts';
import { SurfaceStyles } from '../shared/surface-frame.tsx';
import { useSurfaceHost } from '../shared/surface-host.ts';
import { useStore } from '../shared/use-store.ts';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;
const UNIT_LABELS: Record<(typeof UNITS)[number], MessageKey> = {
  days: 'timerUnitDays',
  hours: 'timerUnitHours',
  minutes: 'timerUnitMinutes',
  seconds: 'timerUnitSeconds',
};

function Time({
  parts,
  layout,
  language,
}: {
  parts: TimeParts;
  layout: TimerLayout;
  language: Language;
}): React.JSX.Element {
  if (layout === 2) {
    return (
      <span part="value" data-unit="all" dir="ltr">
        {compactText(parts, language)}
      </span>
    );
  }
  const groups = digitGroups(parts);
  return (
    <>
      {UNITS.map((unit, index) => (
        <span key={unit} part={layout === 1 ? 'unit box' : 'unit'} data-unit={unit}>
          {layout === 0 && index > 0 && <span part="separator">:</span>}
          {/* A new key each second restarts the value's entry animation. */}
          <span part="value" key={unit === 'seconds' ? parts.totalSeconds : undefined}>
            {groups[index]}
          </span>
          {layout === 1 && <span part="label">{translate(language, UNIT_LABELS[unit])}</span>}
        </span>
      ))}
    </>
  );
}

/**
 * A countdown drawn in place, inside a pop-up template or on a page: role timer, named by the time left,
 * announced politely once a minute, and `poptin-countdown-end` on its host when it reaches zero.
 */
export function CountdownView(): React.JSX.Element {
  const host = useSurfaceHost<CountdownModel>();
  const model = useStore(host.model);
  const [snapshot, setSnapshot] = useState<CountdownSnapshot | null>(null);
  const [spoken, setSpoken] = useState('');
  const runner = useRef<CountdownRunner | null>(null);
  const language = model ? languageAround(host, model.lang) : 'en';
  const spokenIn = useRef(language);
  useLayoutEffect(() => {
    spokenIn.current = language;
  });

  const endKey = model ? timerEndKey(model.end) : '';
  useLayoutEffect(() => {
    const end = host.model.get()?.end;
    if (!end) {
      setSnapshot(null);
      return;
    }
    const created = createCountdownRunner(end, {
      onChange: (next, previous) => {
        setSnapshot(next);
        const text = announcement(previous.remainingMs, next.remainingMs, spokenIn.current);
        if (text) setSpoken(text);
      },
      onEnd: (ended) =>
        emit<CountdownEndDetail>(host, 'poptin-countdown-end', {
          poptinId: host.getAttribute('poptin-id') ?? '',
          endsAt: new Date(ended.endsAt ?? Date.now()).toISOString(),
        }),
    });
    runner.current = created;
    setSnapshot(created.snapshot);
    return () => {
      created.dispose();
      if (runner.current === created) runner.current = null;
    };
  }, [host, endKey]);

  const paused = model?.paused === true;
  useLayoutEffect(() => {
    runner.current?.send({ type: paused ? 'pause' : 'start', now: Date.now() });
  }, [endKey, paused]);

  if (!model || !snapshot) return <SurfaceStyles />;
  const parts = timeParts(snapshot.remainingMs);
  return (
    <>
      <SurfaceStyles />
      <div
        part="base"
        role="timer"
        aria-label={timeLeftLabel(parts, language)}
        data-state={snapshot.state}
        data-layout={model.layout}
        dir={direction(language)}
        lang={language}
      >
        {/* Digits read left to right in Hebrew too; boxes follow the text direction. */}
        <span className="time" aria-hidden="true" dir={model.layout === 1 ? undefined : 'ltr'}>
          <Time parts={parts} layout={model.layout} language={language} />
        </span>
      </div>
      <p className="announcer visually-hidden" aria-live="polite">
        {spoken}
      </p>
    </>
  );
}
