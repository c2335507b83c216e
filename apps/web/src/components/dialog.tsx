/**
 * Modal dialog and side drawer built on React Aria (focus trap, Escape to close, focus restored on close).
 */
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { cx } from '@/components/cx';

interface ModalDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /** Close when the backdrop is pressed (default true). */
  isDismissable?: boolean;
}

const CloseIcon = () => (
  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
    <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
  </svg>
);

export function ModalDialog({ isOpen, onOpenChange, title, children, isDismissable = true }: ModalDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="fixed inset-0 z-40 flex items-end justify-center bg-slate-950/50 p-0 md:items-center md:p-6"
    >
      <Modal className="max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-2xl md:max-w-lg md:rounded-2xl">
        <Dialog className="relative p-6 outline-none">
          {({ close }) => (
            <>
              <div className="mb-4 flex items-start justify-between gap-4">
                <Heading slot="title" className="text-xl font-semibold text-ink">
                  {title}
                </Heading>
                <button type="button" onClick={close} className="-m-1 rounded-md p-1 text-ink-soft hover:bg-slate-100" aria-label="Close">
                  <CloseIcon />
                </button>
              </div>
              {children}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

interface DrawerProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Accessible name of the drawer. */
  label: string;
  children: ReactNode;
  /** Shown at the top left, beside the close button (e.g. the logo). */
  header?: ReactNode;
  className?: string;
}

/** A panel sliding in from the left, used for the mobile menu. */
export function Drawer({ isOpen, onOpenChange, label, children, header, className }: DrawerProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="fixed inset-0 z-40 bg-slate-950/50">
      <Modal className={cx('fixed inset-y-0 left-0 w-[min(20rem,85vw)] overflow-y-auto bg-white shadow-2xl', className)}>
        <Dialog aria-label={label} className="flex min-h-full flex-col outline-none">
          {({ close }) => (
            <>
              <div className="flex items-center justify-between gap-3 p-3 pl-6">
                <div>{header}</div>
                <button type="button" onClick={close} className="rounded-md p-2 text-ink-soft hover:bg-slate-100" aria-label="Close menu">
                  <CloseIcon />
                </button>
              </div>
              {children}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
