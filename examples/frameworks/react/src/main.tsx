import 'poptin-elements';
// Defines every element now, without React of its own: React finds the wheel's `prizes` (and every other
// property) on the elements it creates, and sets objects as properties rather than as text. Each element
// draws once its view has loaded; there is nothing to await.
import 'poptin-elements/define';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(<App />);
