import { dismissToast, useToasts, type ToastTone } from '@/lib/toast';
import { cx } from '@/components/cx';

const tones: Record<ToastTone, string> = {
  info: 'border-brand-800 bg-brand-900 text-white',
  success: 'border-emerald-800 bg-emerald-900 text-white',
  error: 'border-danger bg-[#7a1a12] text-white',
};

/**
 * Renders queued toasts. The live region is always in the page so screen readers announce new toasts.
 */
export function ToastRegion() {
  const toasts = useToasts();
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 md:justify-end"
    >
      <div role="status" aria-live="polite" aria-atomic="false" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={cx('pointer-events-auto flex items-start gap-3 rounded-xl border px-4 py-3 shadow-lg', tones[toast.tone])}
          >
            <p className="flex-1 text-sm font-medium leading-6">{toast.message}</p>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="-mr-1 rounded-md p-1 text-white/90 hover:bg-white/10 focus-visible:outline-white"
              aria-label="Dismiss notification"
            >
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
