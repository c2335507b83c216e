/**
 * 'Licence verified': shown to sellers beside an agent whose state licence an operator checked on the
 * public register, with the number, while that licence is current (the server's `isVerified`). Every other agent
 * (no licence entered, one waiting for the check, or one expired) reads 'Licence not checked yet', so an unchecked
 * agent never looks like a checked one by the absence of a mark.
 */
import { cx } from '@/components/cx';
import { graphql } from '@/generated/graphql';
import type { AgentLicenceMarkFieldsFragment } from '@/generated/graphql/graphql';

/** What the mark reads of a licence; every selection of an agent shown to sellers spreads it. */
export const AgentLicenceMarkFields = graphql(`
  fragment AgentLicenceMarkFields on AgentLicence {
    id
    number
    state
    status
    isVerified
  }
`);

export type AgentLicenceMarkData = AgentLicenceMarkFieldsFragment;

export function LicenceVerifiedMark({ licence, className }: { licence: AgentLicenceMarkData | null | undefined; className?: string }) {
  if (!licence?.isVerified) {
    return (
      <span
        className={cx(
          'inline-flex items-center rounded-full border border-slate-400 bg-white px-3 py-1 text-sm font-semibold text-ink-soft',
          className,
        )}
      >
        Licence not checked yet
      </span>
    );
  }
  return (
    <span
      className={cx(
        'inline-flex flex-wrap items-center gap-x-1.5 rounded-full border border-[#166534] bg-[#f0fdf4] px-3 py-1 text-sm font-semibold text-[#166534]',
        className,
      )}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M10 1.5 3 4.5v5c0 4.3 3 7.6 7 9 4-1.4 7-4.7 7-9v-5l-7-3Zm3.7 6.2a.8.8 0 0 0-1.2-1l-3.3 3.9-1.6-1.6a.8.8 0 1 0-1.1 1.1l2.2 2.2a.8.8 0 0 0 1.2 0l3.8-4.6Z"
          clipRule="evenodd"
        />
      </svg>
      <span className="whitespace-nowrap">Licence verified</span>
      <span className="font-normal whitespace-nowrap">
        · {licence.state} {licence.number}
      </span>
    </span>
  );
}
