import type { ApiSummary } from '@contracts/apis';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import ApiCard from '../features/catalogue/ApiCard';
import { en } from './en';
import { I18nProvider, langOr, translate, useI18n, type Lang } from './index';
import { zh } from './zh';

const API: ApiSummary = {
  id: 1,
  name: 'IP 查询',
  name_en: 'ip',
  title_en: 'IP lookup',
  description: '返回调用方的 IP',
  description_en: "Returns the caller's IP",
  endpoint: '/apis/ip',
  request_method: 'GET',
  status: 1,
  is_paid: 1,
  is_pinned: 0,
  price_per_call: '0.005',
  usage_count: 1234,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function Switcher() {
  const { t, lang, setLang, errorText } = useI18n();
  const failed = { status: 409, data: { success: false, code: 'users.username_taken' } };
  return (
    <>
      <button type="button" onClick={() => setLang(lang === 'en' ? 'zh' : 'en')}>
        {t('site.switchLanguage')}
      </button>
      <p>{errorText(failed, 'auth.registerFailed')}</p>
      <p>{errorText({ status: 500, data: {} }, 'auth.registerFailed')}</p>
    </>
  );
}

describe('i18n', () => {
  it('writes server timestamps the way the page language writes dates', async () => {
    function When() {
      const { time, lang, setLang } = useI18n();
      return (
        <button type="button" onClick={() => setLang(lang === 'en' ? 'zh' : 'en')}>
          {time('2026-03-01T12:00:00.000Z')}
        </button>
      );
    }
    render(
      <I18nProvider initial="en">
        <When />
      </I18nProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent(/^3\/1\/2026, /);
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent(/^2026\/3\/1 /);
  });

  it('has Chinese only once loaded, and English until then', async () => {
    // A fresh copy of the module, as a page's app starts: the spec setup loaded Chinese for this one.
    let fresh: typeof import('./index') | undefined;
    jest.isolateModules(() => {
      fresh = jest.requireActual<typeof import('./index')>('./index');
    });
    expect(fresh!.translate('zh', 'site.close')).toBe(en.ui['site.close']);
    await fresh!.loadLang('zh');
    expect(fresh!.translate('zh', 'site.close')).toBe(zh.ui['site.close']);
    expect(fresh!.LANG_MODULES).toEqual({ zh: 'src/i18n/zh.ts' });
  });

  it('has the same keys in both languages', () => {
    expect(Object.keys(zh.ui).sort()).toEqual(Object.keys(en.ui).sort());
    expect(Object.keys(zh.errors).sort()).toEqual(Object.keys(en.errors).sort());
  });

  it('fills placeholders and defaults to English', () => {
    expect(translate('en', 'api.calls', { count: '1,234' })).toBe('1,234 calls');
    expect(translate('zh', 'pager.page', { n: 3 })).toBe('第 3 页');
    expect([langOr('zh'), langOr('fr'), langOr(undefined)]).toEqual(['zh', 'en', 'en']);
  });

  it('names errors by code, switches language, remembers it in a cookie and on <html>', async () => {
    render(
      <I18nProvider initial="en">
        <Switcher />
      </I18nProvider>,
    );
    expect(screen.getByText('Username already exists.')).toBeInTheDocument();
    expect(screen.getByText('registration failed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '中文' }));
    expect(screen.getByText('该用户名已被占用')).toBeInTheDocument();
    expect(document.cookie).toContain('lang=zh');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('loads the page again in the new language when its texts cannot be fetched', async () => {
    const reload = jest.fn();
    // The fresh module renders with the React the spec renders with.
    const react = jest.requireActual<object>('react');
    const runtime = jest.requireActual<object>('react/jsx-runtime');
    let fresh: typeof import('./index') | undefined;
    jest.isolateModules(() => {
      jest.doMock('./zh', () => {
        throw new Error('Failed to fetch dynamically imported module');
      });
      jest.doMock('../lib/reload', () => ({ reloadPage: reload }));
      jest.doMock('react', () => react);
      jest.doMock('react/jsx-runtime', () => runtime);
      fresh = jest.requireActual<typeof import('./index')>('./index');
    });
    const { I18nProvider: Provider, useI18n: useTexts } = fresh!;
    function Toggle() {
      const { t, setLang } = useTexts();
      return (
        <button type="button" onClick={() => setLang('zh')}>
          {t('site.switchLanguage')}
        </button>
      );
    }
    try {
      document.cookie = 'lang=en; path=/';
      render(
        <Provider initial="en">
          <Toggle />
        </Provider>,
      );
      await userEvent.click(screen.getByRole('button', { name: '中文' }));
      await waitFor(() => expect(reload).toHaveBeenCalled());
      expect(document.cookie).toContain('lang=zh');
      expect(screen.getByRole('button', { name: '中文' })).toBeInTheDocument();
    } finally {
      jest.dontMock('./zh');
      for (const name of ['../lib/reload', 'react', 'react/jsx-runtime']) jest.dontMock(name);
    }
  });

  it.each<[Lang, string, string]>([
    ['en', 'IP lookup', "Returns the caller's IP"],
    ['zh', 'IP 查询', '返回调用方的 IP'],
  ])('shows API cards in %s', (lang, title, description) => {
    render(
      <I18nProvider initial={lang}>
        <MemoryRouter>
          <ApiCard api={API} />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });
});
