import { useEffect } from 'react';

/** Sets the tab title as 'Page – Listwise' (screen readers announce it on navigation). */
export const useDocumentTitle = (title: string | null) => {
  useEffect(() => {
    document.title = title ? `${title} – Listwise` : 'Listwise';
  }, [title]);
};
