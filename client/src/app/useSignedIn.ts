import { useHydrated } from '../lib/ssr';
import { selectIsLoggedIn } from './authSlice';
import { useAppSelector } from './store';

/**
 * Whether the reader is signed in, as far as markup may say: server-rendered pages are a
 * visitor's, so a signed-in reader's own header, sidebar and redirects appear right after
 * hydration instead of making it fail.
 */
export function useSignedIn(): boolean {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return useHydrated() && isLoggedIn;
}
