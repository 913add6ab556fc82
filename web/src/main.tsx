import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/base.css';

/** Boot: in demo mode MSW answers the API inside the browser; otherwise the real server does. */
async function boot() {
  if (__DEMO__) {
    const { startDemoWorker } = await import('../../mock-api/browser');
    await startDemoWorker();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
