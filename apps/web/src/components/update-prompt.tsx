import { applyUpdate, useUpdateReady } from '@/lib/service-worker';

/**
 * 'A new version of Listwise is ready': shown in an open tab once a deploy's new version has installed beside it.
 * Reload takes it at once; otherwise it takes over at the next open of the app.
 */
export function UpdatePrompt() {
  const waiting = useUpdateReady();
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-3">
      {waiting && (
        <div className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl border border-brand-800 bg-brand-900 px-4 py-3 text-white shadow-lg">
          <p className="flex-1 text-sm leading-6 font-medium">A new version of Listwise is ready.</p>
          <button
            type="button"
            onClick={applyUpdate}
            className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-white"
          >
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
