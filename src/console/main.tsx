import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app.tsx';

const root = document.getElementById('console');
if (root) createRoot(root).render(<App client={createQueryClient()} />);
