import { useEffect } from 'react';
import { useAppSelector } from '../../app/store';
import { FALLBACK_SITE_NAME } from '../../config/paths';

export const pageTitle = (title: string, siteName: string | null) =>
  `${title} - ${siteName || FALLBACK_SITE_NAME}`;

/** Sets document.title to '{page title} - {site name}'. */
export function usePageTitle(title: string): void {
  const siteName = useAppSelector((state) => state.auth.siteName);
  useEffect(() => {
    document.title = pageTitle(title, siteName);
  }, [title, siteName]);
}
