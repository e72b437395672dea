import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHydrated } from '../../lib/ssr';

/**
 * The token of a mailed link (`…#token=…`). It rides in the fragment, which no server sees, so it is
 * read once the app runs (undefined until then; null when the address has none), and then taken
 * out of the address bar, the history and any bookmark.
 */
export function useLinkToken(): string | null | undefined {
  const hydrated = useHydrated();
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    if (!hydrated) return;
    const found = new URLSearchParams(hash.slice(1)).get('token');
    // A link opened on this very page changes only the fragment: its token replaces the last one.
    if (found) {
      setToken(found);
      void navigate(pathname, { replace: true });
    } else {
      setToken((current) => (current === undefined ? null : current));
    }
  }, [hydrated, hash, pathname, navigate]);

  return token;
}
