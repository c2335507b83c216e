/**
 * A tiny toast queue. `showToast` may be called from anywhere (components, the GraphQL client);
 * `<ToastRegion>` renders the queue in an aria-live region. A toast with an `id` is single-instance:
 * showing it again while visible only restarts its timer.
 */
import { useSyncExternalStore } from 'react';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: string;
  message: string;
  tone: ToastTone;
}

interface ToastOptions {
  id?: string;
  tone?: ToastTone;
  durationMs?: number;
}

const DEFAULT_DURATION_MS = 5000;

let toasts: readonly Toast[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let counter = 0;

const emit = () => listeners.forEach((listener) => listener());

export const dismissToast = (id: string) => {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
};

export const showToast = (message: string, options: ToastOptions = {}): string => {
  const id = options.id ?? `toast-${++counter}`;
  const tone = options.tone ?? 'info';
  const existing = toasts.find((t) => t.id === id);
  toasts = existing ? toasts.map((t) => (t.id === id ? { id, message, tone } : t)) : [...toasts, { id, message, tone }];
  const previous = timers.get(id);
  if (previous) clearTimeout(previous);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), options.durationMs ?? DEFAULT_DURATION_MS),
  );
  emit();
  return id;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toasts now queued (the snapshot `useToasts` renders). */
export const currentToasts = (): readonly Toast[] => toasts;

export const useToasts = (): readonly Toast[] => useSyncExternalStore(subscribe, currentToasts);
