import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { registerServiceWorker } from '@/lib/service-worker';
import './index.css';

// zod compiles object parsers with `new Function` when eval is allowed, and probes for it on first use; the
// Content-Security-Policy forbids eval, so the probe would be reported as a violation on every form page.
// `jitless` skips the probe. Set through the global every copy of zod reads its configuration from (what
// `config()` of 'zod/v4/core' writes), so the first page does not download zod to set one flag; the e2e CSP
// journey (e2e/first-load.spec.ts) fails if this stops working.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The first render as a transition: React then renders in slices and yields to the browser between them, rather
// than in one long task that holds a phone's main thread (the loading shell is on screen meanwhile).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);

// After the first render, so installing the worker (it downloads every built file) never delays the page.
window.addEventListener('load', registerServiceWorker, { once: true });
