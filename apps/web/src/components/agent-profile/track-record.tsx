/**
 * An agent's track record: how many of their confirmed sales through Listwise fell inside the range
 * they appraised, and the median distance from its midpoint. Below 3 sales the server answers null.
 */
import { formatTrackRecord } from '@listwise/domain/appraisal-cost';
import { cx } from '@/components/cx';

interface TrackRecordProps {
  record: { confirmedSales: number; salesWithinRange: number; medianDeviationPercent: number } | null;
  /** What to say without a record ('' shows nothing). */
  emptyText?: string;
  className?: string;
}

export function TrackRecordSummary({
  record,
  emptyText = 'Track record: fewer than 3 sales through Listwise yet',
  className,
}: TrackRecordProps) {
  if (!record) return emptyText ? <p className={cx('text-sm text-ink-soft', className)}>{emptyText}</p> : null;
  return (
    <p className={cx('text-sm text-ink', className)}>
      <span className="font-semibold">{formatTrackRecord(record)}</span>
      <span className="text-ink-soft"> · sold a median {record.medianDeviationPercent}% from the appraisal's midpoint</span>
    </p>
  );
}
