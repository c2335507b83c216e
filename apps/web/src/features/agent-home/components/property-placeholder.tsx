/** The default image of a property without photos (or whose photos are hidden until the payment condition). */
export function PropertyPlaceholder({ className }: { className?: string }) {
  return (
    <div className={`flex size-full min-h-32 items-center justify-center bg-brand-50 text-brand-700 ${className ?? ''}`} aria-hidden="true">
      <svg viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth="2" className="size-14">
        <path d="M6 22 24 8l18 14" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M11 19v21h26V19" strokeLinejoin="round" />
        <path d="M20 40V28h8v12" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
