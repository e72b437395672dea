import { useEffect, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { APIS } from '../i18n/apis';
import { adminPaths } from '../paths';

/**
 * Leaving with unsaved changes asks first: reloading or closing the tab, and following an in-app
 * link (the nav), which changes the route without unloading the page. The link check runs in the
 * capture phase, before the router's own click handler, which skips a prevented click.
 */
export function useLeaveGuard(
  dirty: boolean,
  saved: RefObject<boolean>,
  confirm: (text: string, action?: string) => Promise<boolean>,
) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!saved.current) event.preventDefault();
    };
    const askBeforeLink = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || link.getAttribute('target') === '_blank' || saved.current) return;
      // A link within the page (the error summary's) does not leave it.
      if (link.getAttribute('href')?.startsWith('#')) return;
      // Held until the admin answers the back office's own question, then followed in the app.
      event.preventDefault();
      event.stopPropagation();
      const to = link.getAttribute('href') ?? adminPaths.control;
      void confirm(APIS.editor.leaveQuestion, APIS.editor.leave).then((leave) => {
        if (leave) void navigate(to);
      });
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', askBeforeLink, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', askBeforeLink, true);
    };
  }, [dirty, saved, confirm, navigate]);
}
