import { Link, type LinkProps } from 'react-router';
import { cx } from '@/components/cx';

export const textLinkClasses =
  'font-semibold text-brand-800 underline decoration-brand-800/40 underline-offset-4 hover:decoration-brand-800';

/** An in-app text link, underlined so it is not told apart by colour alone. */
export function TextLink({ className, ...rest }: LinkProps) {
  return <Link className={cx(textLinkClasses, typeof className === 'string' ? className : undefined)} {...rest} />;
}
