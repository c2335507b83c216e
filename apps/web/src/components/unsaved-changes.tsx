/**
 * Asking before leaving a page with unsaved work. Navigation inside the app is held by React
 * Router's blocker and asked about in a dialog; a reload, a closed tab or an address typed in the browser gets
 * the browser's own 'Leave site?' question (beforeunload: browsers show their own text, never ours).
 */
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';

/**
 * Holds navigation away from the page while `hasUnsavedWork` is true. `allowNextLeave()` lets the next navigation
 * through without asking (after a save, whose data is no longer unsaved though the form has not caught up yet).
 * Moving within the same page (a query string or hash) is never held.
 */
export function useUnsavedChangesGuard(hasUnsavedWork: boolean) {
  const isLeaveAllowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedWork && !isLeaveAllowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!hasUnsavedWork) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isLeaveAllowed.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedWork]);

  return {
    blocker,
    allowNextLeave: () => {
      isLeaveAllowed.current = true;
    },
  };
}

interface UnsavedChangesDialogProps {
  blocker: ReturnType<typeof useBlocker>;
  /** What would be lost, in the seller's words. */
  children: React.ReactNode;
}

/** The question shown while the blocker holds a navigation: stay (the default, first in focus order) or leave. */
export function UnsavedChangesDialog({ blocker, children }: UnsavedChangesDialogProps) {
  const isOpen = blocker.state === 'blocked';
  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2 text-ink-soft">{children}</div>
        <div className="flex flex-col gap-3 md:flex-row-reverse md:justify-start">
          <Button width="auto" autoFocus onClick={() => blocker.state === 'blocked' && blocker.reset()}>
            Keep editing
          </Button>
          <Button width="auto" variant="secondary" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
            Leave without saving
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
