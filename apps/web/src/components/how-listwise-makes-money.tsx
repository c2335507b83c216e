/**
 * "How Listwise makes money": the one disclosure on every page where sellers choose among agents
 * (the agent picker, an appraisal, the comparison, a property's appraisals), in the words of
 * `describeHowListwiseMakesMoney`, which the public /how-we-rank page uses too. The amounts come from the server's
 * settings (`listwiseFees`); until they load the block is held back rather than shown with a guessed amount.
 * Not legal advice: the points a lawyer must confirm are listed in packages/domain/src/disclosure.ts.
 */
import { useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import { describeHowListwiseMakesMoney, HOW_WE_RANK_PATH } from '@listwise/domain/disclosure';
import { cx } from '@/components/cx';
import { textLinkClasses } from '@/components/text-link';

export const ListwiseFeesQuery = graphql(`
  query ListwiseFees {
    listwiseFees {
      suburbSubscriptionAnnualPriceDollars
      leadFeeExcludingGstDollars
      leadFeeIncludingGstDollars
    }
  }
`);

export function HowListwiseMakesMoney({ className }: { className?: string }) {
  const [{ data }] = useQuery({ query: ListwiseFeesQuery });
  if (!data) return null;
  const disclosure = describeHowListwiseMakesMoney(data.listwiseFees);
  return (
    <section
      aria-labelledby="how-listwise-makes-money"
      className={cx('rounded-lg border border-line bg-white p-4 text-sm leading-6 text-ink-soft', className)}
    >
      <h2 id="how-listwise-makes-money" className="text-base font-semibold text-ink">
        {disclosure.heading}
      </h2>
      {disclosure.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-2">
          {paragraph}
        </p>
      ))}
      {/* A plain link: /how-we-rank is a server-rendered public page, not a route of the app. */}
      <p className="mt-2">
        <a className={textLinkClasses} href={HOW_WE_RANK_PATH}>
          {disclosure.linkText}
        </a>
      </p>
    </section>
  );
}
