/**
 * The Add New Suburb wizard (spec 000 'Agent profile settings'): slide 0 'Add New Suburb' (search and select),
 * slide 1 'Payment', slide 2 'Add New Card'. Back moves 2 → 1 and 1 → 0; back or close on 0 closes. After a
 * successful subscription it shows 'Suburb(s) added' with Done. Slides move in 250 ms; closing clears the
 * selection and the wizard resets 250 ms after it closed.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useQuery } from 'urql';
import { AGENT_PROFILE_MESSAGES } from '@listwise/domain/agent-profile';
import { formatDollars } from '@listwise/domain/format';
import { percentOf } from '@listwise/domain/numbers';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { FormError } from '@/components/form-error';
import { Spinner } from '@/components/spinner';
import { CardForm } from '@/components/payments/card-form';
import { CardSummary } from '@/components/payments/card-summary';
import { DefaultPaymentMethodQuery } from '@/components/payments/payment-api';
import { useSubscribeToSuburbs, type FreeTrialState, type SuburbRef } from '@/components/suburbs/suburb-api';
import { SuburbPicker } from '@/components/suburbs/suburb-picker';
import { freeTrialsText, selectionTotalDollars, SubscriptionPricing } from '@/components/suburbs/subscription-pricing';
import { errorMessage } from '@/lib/errors';

export const SLIDE_TRANSITION_MS = 250;

type Slide = 0 | 1 | 2;
const SLIDE_TITLES: Record<Slide, string> = { 0: 'Add New Suburb', 1: 'Payment', 2: 'Add New Card' };

interface AddSuburbWizardProps {
  isOpen: boolean;
  onClose: () => void;
  freeTrialState: FreeTrialState;
  /** How many suburbs may be selected now. */
  limit: number;
  billingName: string;
}

export function AddSuburbWizard({ isOpen, onClose, freeTrialState, limit, billingName }: AddSuburbWizardProps) {
  const [slide, setSlideNow] = useState<Slide>(0);
  // The slide moving out stays laid out until the transition ends; other slides collapse.
  const [leaving, setLeaving] = useState<Slide | null>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const setSlide = (next: Slide) => {
    setLeaving(slide);
    setSlideNow(next);
    clearTimeout(leaveTimer.current);
    leaveTimer.current = setTimeout(() => setLeaving(null), SLIDE_TRANSITION_MS);
  };
  useEffect(() => () => clearTimeout(leaveTimer.current), []);
  const [selected, setSelected] = useState<SuburbRef[]>([]);
  const [selectionError, setSelectionError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [{ data: cardData, fetching: isLoadingCard }] = useQuery({
    query: DefaultPaymentMethodQuery,
    pause: !isOpen,
    requestPolicy: 'cache-and-network',
  });
  const subscribe = useSubscribeToSuburbs();
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Closing clears the selection at once; the rest resets once the closing animation is over.
  const close = () => {
    setSelected([]);
    onClose();
  };
  useEffect(() => {
    if (isOpen) {
      clearTimeout(resetTimer.current);
      return;
    }
    resetTimer.current = setTimeout(() => {
      setSlideNow(0);
      setLeaving(null);
      setSelectionError(undefined);
      setServerError(null);
      setIsDone(false);
    }, SLIDE_TRANSITION_MS);
    return () => clearTimeout(resetTimer.current);
  }, [isOpen]);

  const back = () => {
    if (slide === 0 || isDone) close();
    else setSlide((slide - 1) as Slide);
  };

  const toPayment = () => {
    if (!selected.length) {
      setSelectionError(AGENT_PROFILE_MESSAGES.suburbRequired);
      return;
    }
    setServerError(null);
    setSlide(1);
  };

  const confirm = async () => {
    setServerError(null);
    setIsSubmitting(true);
    const error = await subscribe(selected.map((s) => s.id));
    setIsSubmitting(false);
    if (error) {
      setServerError(errorMessage(error));
      return;
    }
    setIsDone(true);
  };

  const card = cardData?.myDefaultPaymentMethod ?? null;
  const total = selectionTotalDollars(selected.length, freeTrialState);
  const title = isDone ? 'Suburb(s) added' : SLIDE_TITLES[slide];

  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      isDismissable={!isSubmitting}
      className="fixed inset-0 z-40 flex items-end justify-center bg-slate-950/50 md:items-center md:p-6"
    >
      <Modal className="flex max-h-[92vh] w-full flex-col overflow-hidden rounded-t-2xl bg-white shadow-2xl md:max-w-xl md:rounded-2xl">
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
            {!isDone && (
              <button type="button" onClick={back} className="rounded-md p-2 text-ink-soft hover:bg-slate-100" aria-label="Back">
                <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                  <path
                    fillRule="evenodd"
                    d="M12.8 4.2a.75.75 0 0 1 0 1.06L8.06 10l4.74 4.74a.75.75 0 1 1-1.06 1.06l-5.27-5.27a.75.75 0 0 1 0-1.06l5.27-5.27a.75.75 0 0 1 1.06 0Z"
                    clipRule="evenodd"
                  />
                </svg>
              </button>
            )}
            <Heading slot="title" className="flex-1 text-lg font-semibold text-ink">
              {title}
            </Heading>
            <button type="button" onClick={close} className="rounded-md p-2 text-ink-soft hover:bg-slate-100" aria-label="Close">
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>

          {isDone ? (
            <div className="flex flex-col items-center gap-4 px-6 py-10 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-800" aria-hidden="true">
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-7">
                  <path d="M20 6 9 17l-5-5" />
                </svg>
              </span>
              <p className="max-w-sm leading-7 text-ink-soft">
                You're all set up and ready to start receiving appraisals from sellers in your new suburb(s)
              </p>
              <Button onClick={close}>Done</Button>
            </div>
          ) : (
            <div className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto">
              <div
                className="flex w-[300%] items-start transition-transform ease-out motion-reduce:transition-none"
                style={{ transform: `translateX(-${percentOf(slide, 3)}%)`, transitionDuration: `${SLIDE_TRANSITION_MS}ms` }}
              >
                <SlidePanel isActive={slide === 0} isLaidOut={leaving === 0}>
                  <p className="mb-4 text-sm font-medium text-ink-soft">{freeTrialsText(freeTrialState)}</p>
                  <SuburbPicker
                    selected={selected}
                    limit={limit}
                    error={selectionError}
                    freeTrialState={freeTrialState}
                    onChange={(next) => {
                      setSelectionError(undefined);
                      setSelected(next);
                    }}
                  />
                  <div className="mt-6 flex justify-end">
                    <Button width="auto" onClick={toPayment}>
                      Continue
                    </Button>
                  </div>
                </SlidePanel>

                <SlidePanel isActive={slide === 1} isLaidOut={leaving === 1}>
                  <div className="flex flex-col gap-6">
                    <SubscriptionPricing suburbs={selected} freeTrialState={freeTrialState} />
                    <div className="flex flex-col gap-3">
                      <h3 className="font-semibold text-ink">Payment method</h3>
                      {isLoadingCard && !cardData ? (
                        <Spinner label="Loading your payment method" className="text-brand-800" />
                      ) : card ? (
                        <CardSummary method={card} />
                      ) : (
                        <p className="text-ink-soft">No card yet.</p>
                      )}
                      <Button variant="secondary" width="auto" onClick={() => setSlide(2)} className="self-start">
                        {card ? 'Change card' : 'Add New Card'}
                      </Button>
                    </div>
                    {total > 0 && (
                      <p className="text-sm text-ink-soft">
                        {formatDollars(total)} (including GST) is charged to your card today. Each suburb renews every 12 months.
                      </p>
                    )}
                    <FormError message={serverError} />
                    <div className="flex justify-end">
                      <Button width="auto" onClick={confirm} isLoading={isSubmitting}>
                        Confirm
                      </Button>
                    </div>
                  </div>
                </SlidePanel>

                <SlidePanel isActive={slide === 2} isLaidOut={leaving === 2}>
                  {/* Mounted only on its slide, so each visit starts with a fresh setup intent. */}
                  {slide === 2 && (
                    <CardForm
                      billingName={billingName}
                      onCancel={() => setSlide(1)}
                      onSaved={() => {
                        setServerError(null);
                        setSlide(1);
                      }}
                    />
                  )}
                </SlidePanel>
              </div>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * One slide. Only the active one can be focused or read; the one moving out stays drawn until the transition
 * ends; the others are not rendered (the wizard keeps the selection, so nothing is lost).
 */
function SlidePanel({ isActive, isLaidOut, children }: { isActive: boolean; isLaidOut: boolean; children: ReactNode }) {
  const isDrawn = isActive || isLaidOut;
  return (
    <div className={cx('w-1/3 shrink-0 p-6', !isDrawn && 'py-0')} inert={!isActive} aria-hidden={!isActive || undefined}>
      {isDrawn && children}
    </div>
  );
}
