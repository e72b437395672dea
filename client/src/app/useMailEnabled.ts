import { useGetSiteConfigQuery } from '../features/site/api';

/**
 * Whether the site can send e-mail (its public settings' `mail_enabled`): where it cannot, pages
 * ask for no address and send forgotten passwords to the administrator. Undefined until known.
 */
export function useMailEnabled(): boolean | undefined {
  return useGetSiteConfigQuery().data?.mail_enabled;
}

/**
 * Whether registration needs an e-mail address, confirmed before the first sign-in (the admin's
 * e-mail verification, with mail set up). Undefined until known.
 */
export function useEmailRequired(): boolean | undefined {
  return useGetSiteConfigQuery().data?.email_required;
}
