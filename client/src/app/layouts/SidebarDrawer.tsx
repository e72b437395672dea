import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n';
import Sidebar from './Sidebar';

interface Props {
  title: string;
  /** Open as a drawer (below the lg breakpoint). */
  open: boolean;
  /** Collapsed beside the content (lg and up). */
  hidden: boolean;
  onClose: () => void;
}

/**
 * Bootstrap's responsive offcanvas markup: a column beside the content from lg up, a drawer
 * below it. Hand-written rather than react-bootstrap's Offcanvas, whose modal machinery would add
 * about 12 KB gzipped to every public page.
 */
export default function SidebarDrawer({ title, open, hidden, onClose }: Props) {
  const { t } = useI18n();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <>
      <aside
        id="portico-sidebar"
        ref={panel}
        tabIndex={-1}
        aria-label={t('site.navigation')}
        className={`offcanvas-lg offcanvas-start portico-sidebar bg-body border-end${open ? ' show' : ''}${hidden ? ' d-lg-none' : ''}`}
      >
        <div className="offcanvas-header border-bottom">
          <h2 className="offcanvas-title h5">{title}</h2>
          <button
            type="button"
            className="btn-close"
            aria-label={t('site.close')}
            onClick={onClose}
          />
        </div>
        <div className="offcanvas-body p-2">
          <Sidebar onNavigate={onClose} />
        </div>
      </aside>
      {open && <div className="offcanvas-backdrop fade show d-lg-none" onClick={onClose} />}
    </>
  );
}
