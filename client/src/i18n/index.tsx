import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ErrorCode } from '@contracts/errors';
import { errorCode, errorStatus } from '../lib/api';
import { formatTime } from '../lib/formatTime';
import { reloadPage } from '../lib/reload';
import { en } from './en';
import type { Catalogue, PublicErrorCode } from './types';

export type UiKey = keyof typeof en.ui;
export type Lang = 'en' | 'zh';
export const LANGS: readonly Lang[] = ['en', 'zh'];
/** Remembers the visitor's choice; the server reads it to render the same language. */
export const LANG_COOKIE = 'lang';
/** What `<html lang>` says for each language. */
export const HTML_LANG: Record<Lang, string> = { en: 'en', zh: 'zh-CN' };

/**
 * The languages' texts: English always (the default and the fallback), Chinese once loadLang has
 * fetched it, so an English page does not carry every Chinese text in its first script.
 */
const CATALOGUES: Partial<Record<Lang, Catalogue<UiKey>>> = { en };

/** The source file of each language's texts loaded on demand (its chunk's key in Vite's manifest). */
export const LANG_MODULES: Readonly<Partial<Record<Lang, string>>> = { zh: 'src/i18n/zh.ts' };

/** Fetches a language's texts; whatever renders in it waits for this first. */
export async function loadLang(lang: Lang): Promise<void> {
  if (lang === 'zh') CATALOGUES.zh ??= (await import('./zh')).zh;
}

const catalogue = (lang: Lang): Catalogue<UiKey> => CATALOGUES[lang] ?? en;

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'zh';

/** The language a `lang` cookie value names; English (SPEC §1) for anything else. */
export const langOr = (value: string | undefined | null): Lang => (isLang(value) ? value : 'en');

export type Params = Record<string, string | number>;

/** One UI text in one language, `{name}` placeholders filled from params. */
export function translate(lang: Lang, key: UiKey, params?: Params): string {
  const text: string = catalogue(lang).ui[key];
  return params
    ? text.replace(/\{(\w+)\}/g, (all, name: string) => String(params[name] ?? all))
    : text;
}

const isPublicCode = (lang: Lang, code: string | undefined): code is PublicErrorCode =>
  code !== undefined && code in catalogue(lang).errors;

interface LangState {
  lang: Lang;
  setLang: (lang: Lang) => void;
}

const LangContext = createContext<LangState>({ lang: 'en', setLang: () => {} });

/**
 * Holds the page's language (its texts loaded before it renders); switching loads the new one's,
 * then writes the cookie and `<html lang>` and re-renders. Texts that cannot be fetched (a deploy
 * replaced their chunk) are had by loading the page again in the new language.
 */
export function I18nProvider({ initial, children }: { initial: Lang; children: ReactNode }) {
  const [lang, setState] = useState(initial);
  const setLang = useCallback((next: Lang) => {
    const remember = () => {
      document.cookie = `${LANG_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    };
    loadLang(next).then(
      () => {
        remember();
        document.documentElement.lang = HTML_LANG[next];
        setState(next);
      },
      () => {
        remember();
        reloadPage();
      },
    );
  }, []);
  const value = useMemo(() => ({ lang, setLang }), [lang, setLang]);
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

/**
 * The current language and its texts. `errorText` names a failed call by its error code (never
 * by the server's message text), else by the screen's fallback; with `network` given, a call
 * that got no answer at all says that instead.
 */
export function useI18n() {
  const { lang, setLang } = useContext(LangContext);
  return useMemo(() => {
    const t = (key: UiKey, params?: Params) => translate(lang, key, params);
    const errorText = (error: unknown, fallback: UiKey, network?: UiKey): string => {
      if (network && errorStatus(error) === undefined) return t(network);
      const code = errorCode(error);
      return isPublicCode(lang, code) ? catalogue(lang).errors[code] : t(fallback);
    };
    /** A rule the client checks itself, named by the code the server would answer with. */
    const codeText = (code: ErrorCode): string => catalogue(lang).errors[code];
    /** A code that came in an address rather than an answer (anyone can write one): else fallback. */
    const namedCodeText = (code: string, fallback: UiKey): string =>
      isPublicCode(lang, code) ? catalogue(lang).errors[code] : t(fallback);
    /** A server timestamp written the way the page's language writes dates. */
    const time = (iso: string): string => formatTime(iso, HTML_LANG[lang]);
    return { lang, setLang, t, errorText, codeText, namedCodeText, time };
  }, [lang, setLang]);
}
