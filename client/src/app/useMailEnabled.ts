import { useGetSiteConfigQuery } from '../features/site/api';

/**
 * Whether the site can send e-mail (its public settings' `mail_enabled`): where it cannot, pages
 * ask for no address and send forgotten passwords to the administrator. Undefined until known.
 */
export function useMailEnabled(): boolean | undefined {
  return useGetSiteConfigQuery().data?.mail_enabled;
}
