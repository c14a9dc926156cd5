/** SPEC §9 toasts: one visible at a time, 5 s, swipe right 50 px, F8 focuses the region (Radix Toast). */

import * as ToastPrimitive from '@radix-ui/react-toast';
import { LIMITS } from '@statemint/shared';
import { useSyncExternalStore } from 'react';
import type { ToastSpec } from '../lib/messages';

interface ShownToast extends ToastSpec {
  id: number;
}

let current: ShownToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const fn of listeners) fn();
};

/** Shows a toast, replacing the one on screen. */
export function toast(spec: ToastSpec) {
  current = { ...spec, id: nextId++ };
  emit();
}

function dismiss(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <ToastPrimitive.Provider
      duration={LIMITS.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={LIMITS.toastSwipeThresholdPx}
    >
      {shown && (
        <ToastPrimitive.Root
          key={shown.id}
          data-testid="toast"
          data-variant={shown.variant ?? 'info'}
          onOpenChange={(open) => !open && dismiss(shown.id)}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border bg-white p-4 pr-10 shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
            shown.variant === 'error'
              ? 'border-red-200'
              : shown.variant === 'success'
                ? 'border-brand-100'
                : 'border-slate-200'
          }`}
        >
          <span
            aria-hidden
            className={`mt-1 h-2.5 w-2.5 shrink-0 rounded-full ${
              shown.variant === 'error' ? 'bg-red-500' : shown.variant === 'success' ? 'bg-brand-500' : 'bg-slate-400'
            }`}
          />
          <div>
            <ToastPrimitive.Title className="text-sm font-semibold text-ink">{shown.title}</ToastPrimitive.Title>
            {shown.description && (
              <ToastPrimitive.Description className="mt-1 text-sm text-slate-600">
                {shown.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded p-1 text-slate-400 hover:text-ink"
          >
            <span aria-hidden>×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
