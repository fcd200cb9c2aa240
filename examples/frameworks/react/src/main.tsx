import 'poptin-elements';
import { defineElements } from 'poptin-elements/define';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

// The elements the app gives objects to (the wheel's prizes) are defined before React first renders them, so
// that React sets those objects as properties instead of writing them out as text.
await defineElements(['poptin-popup', 'poptin-spin-wheel', 'poptin-countdown', 'poptin-chat-button']);
createRoot(document.getElementById('root')!).render(<App />);
