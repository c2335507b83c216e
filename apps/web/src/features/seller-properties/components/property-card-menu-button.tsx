/** How the property card's menu button looks, shared by the plain button and React Aria's trigger that replaces it. */

export const menuButtonClasses =
  'relative z-10 -m-1 rounded-md p-2 text-ink-soft outline-none hover:bg-slate-100 data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-600 focus-visible:outline-3 focus-visible:outline-brand-600';

export function MenuIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
      <path d="M10 3a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm0 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm0 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />
    </svg>
  );
}
