// Checked by `npm run typecheck` alone: the event details the package's typings promise (src/core/public-types.ts)
// are the ones the elements dispatch, event by event.
import type { SurfaceEventMap } from '../src/components/shared/surface.ts';
import type { SubmittedField as InternalSubmittedField } from '../src/components/template/field-dom.ts';
import type { GameKind as InternalGameKind } from '../src/core/games/machine.ts';
import type { GameKind, PoptinEventDetails, SubmittedField } from '../src/core/public-types.ts';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const holds = <Check extends true>(): Check | undefined => undefined;

// Every surface event is in the public map, with a detail an app can read as the public type says.
type Missing = Exclude<keyof SurfaceEventMap, keyof PoptinEventDetails>;
holds<Same<Missing, never>>();
type Unreadable = {
  [Name in keyof SurfaceEventMap]: SurfaceEventMap[Name] extends PoptinEventDetails[Name] ? never : Name;
}[keyof SurfaceEventMap];
holds<Same<Unreadable, never>>();
holds<Same<GameKind, InternalGameKind>>();
holds<InternalSubmittedField extends SubmittedField ? true : false>();
