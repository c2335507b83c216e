/**
 * Only same-site paths are followed after login or from a stored next page, never another origin
 * ('//evil.example', 'https://…', 'javascript:…'), so a crafted link cannot bounce users off Listwise.
 */
export const safeInternalPath = (value: string | null | undefined, fallback = '/'): string => {
  if (!value) return fallback;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
};

/** `/login?from=<path>` for the guard, leaving out the parameter when the origin is home. */
export const loginPathFrom = (from: string): string => (from === '/' || from === '' ? '/login' : `/login?from=${encodeURIComponent(from)}`);
