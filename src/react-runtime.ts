// poptin-elements/react-runtime: the controller and every element of poptin-elements/define, built on the app's own
// React 19 (react and react-dom stay imports, peer dependencies of the package) rather than on the preact/compat
// that the loader's chunks carry: a React app then ships one UI runtime. Each element's view still loads when the
// first one is connected (or when defineElements() asks), in a chunk of this build, which the app's bundler splits.
import '../elements/poptin-controller/define.ts';

export { defineElements, type PoptinElementTag } from './define-elements.ts';
