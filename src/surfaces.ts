// The surfaces chunk: React and the visible elements, imported only when something must render.
// The pop-up is what nearly every page shows: it is part of this chunk, so creating one costs no extra request.
// The pop-up's view: poptin-elements/define, which defines the pop-up without React, draws it with this.
export { view } from '../elements/poptin-popup/define.ts';

export { loadTemplateParts } from './components/template/template-parts.ts';
