import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '@/components/cx';
import { Spinner } from '@/components/spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** `default`: full width on phones, 225px on desktop (spec §9). `auto`: as wide as the label. `full`: always full. */
export type ButtonWidth = 'default' | 'auto' | 'full';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-800 text-white hover:bg-brand-900 active:bg-brand-950 disabled:bg-brand-800/60',
  secondary: 'border border-brand-800 bg-white text-brand-800 hover:bg-brand-50 disabled:opacity-60',
  ghost: 'text-brand-800 hover:bg-brand-50 disabled:opacity-60',
  danger: 'bg-danger text-white hover:bg-[#912018] disabled:opacity-60',
};

const widths: Record<ButtonWidth, string> = {
  default: 'w-full md:w-[225px]',
  auto: 'w-auto',
  full: 'w-full',
};

export const buttonClasses = (variant: ButtonVariant = 'primary', width: ButtonWidth = 'default', className?: string) =>
  cx(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors',
    'disabled:cursor-not-allowed',
    variants[variant],
    widths[width],
    className,
  );

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  width?: ButtonWidth;
  isLoading?: boolean;
}

export function Button({
  variant = 'primary',
  width = 'default',
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, width, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading && <Spinner label={null} size="sm" />}
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  width?: ButtonWidth;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant = 'primary', width = 'default', className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, width, typeof className === 'string' ? className : undefined)} {...rest} />;
}
