import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What client/src/entry-server.tsx exports (the server cannot import the client's types). */
export interface ServerEntry {
  render(input: {
    url: string;
    lang: 'en' | 'zh';
    theme: PageTheme;
    origin: string;
    canonicalBase: string;
    fetchFn: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  }): Promise<RenderedPage | null>;
}

/** The visitor's colour theme (the `theme` cookie); "system" leaves it to the browser's setting. */
export type PageTheme = 'light' | 'dark' | 'system';

export const pageTheme = (cookie: string | undefined): PageTheme =>
  cookie === 'light' || cookie === 'dark' ? cookie : 'system';

const themeAttribute = (theme: PageTheme | undefined) =>
  theme === 'light' || theme === 'dark' ? ` data-bs-theme="${theme}"` : '';

export interface RenderedPage {
  status: 200 | 404;
  htmlLang: string;
  htmlTheme?: 'light' | 'dark';
  head: {
    title: string;
    description: string;
    canonicalPath: string;
    siteName: string;
    jsonLd?: Record<string, unknown>;
  };
  html: string;
  state: unknown;
  /** Source files of the page's on-demand modules, keys of the build manifest. */
  modules?: string[];
  /** Markup after #root, outside the app (its scripts are hashed into the page's CSP). */
  after?: string;
}

/** What Vite's build manifest says of one module: its chunk, the chunks it imports, its CSS. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The app module the entry script imports once the page has painted (client/src/main.tsx). */
const APP_MODULE = 'src/boot.tsx';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON inside a script element: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');

/**
 * The first script of a server-rendered page, before anything is painted. Until the app has taken
 * the page over (`<html data-hydrated>`, client/src/lib/hydration.ts) a submit is held, the last
 * one kept with its button (`porticoHeld`), and every field the visitor types in or picks from is
 * noted (`porticoTouched`); the app then tells itself what they hold and sends the held submit.
 * The listeners stay, and let everything through once the page is marked.
 */
const HOLD_SUBMITS = `<script>(function(d,w){var t=w.porticoTouched=[];function early(){return !d.documentElement.hasAttribute('data-hydrated')}d.addEventListener('submit',function(e){if(early()){e.preventDefault();w.porticoHeld={form:e.target,submitter:e.submitter||null}}},true);['input','change'].forEach(function(n){d.addEventListener(n,function(e){if(early())t.push(e.target)},true)})})(document,window)</script>`;

/**
 * On a server-rendered page the entry script only waits for it to paint (client/src/main.tsx), so it
 * is fetched at low priority: the document and the stylesheet, all the first paint needs, go first.
 */
const lowPriorityScripts = (template: string) =>
  template.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');

/**
 * The built client: its index.html (the template Vite wrote, with the asset tags) and, when the
 * server-side build is there, its renderer. Without the renderer pages are the plain shell.
 */
export class ClientBuild {
  private constructor(
    private readonly template: string,
    /** The server-side build's entry (loaded by the render worker), if it was built. */
    readonly entryFile: string | null,
    private readonly manifest: Manifest,
  ) {}

  static load(clientDist: string): ClientBuild | null {
    const index = join(clientDist, 'index.html');
    if (!existsSync(index)) return null;
    const server = join(clientDist, '..', 'dist-ssr', 'entry-server.cjs');
    const entry = existsSync(server) ? server : null;
    const manifestFile = join(clientDist, '.vite', 'manifest.json');
    const manifest = existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
      : {};
    return new ClientBuild(readFileSync(index, 'utf8'), entry, manifest);
  }

  /**
   * What the app and a page's on-demand modules need beyond the template's own tags: the
   * stylesheets (`<link rel="stylesheet">`) and every chunk they import (`<link rel="modulepreload">`),
   * so they are fetched with the page instead of one import after another.
   */
  private assets(modules: string[]): { styles: string[]; scripts: string[] } {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      chunk.css?.forEach((file) => styles.add(file));
      chunk.imports?.forEach(visit);
    };
    [APP_MODULE, ...modules].forEach(visit);
    const fresh = (file: string) => !this.template.includes(`/${file}"`);
    return {
      styles: [...styles]
        .filter(fresh)
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
      scripts: [...scripts]
        .filter(fresh)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    };
  }

  /** The page for routes the browser renders itself: no data, no head beyond the defaults. */
  shell(theme: PageTheme): string {
    return this.template
      .replace('<html lang="en">', `<html lang="en"${themeAttribute(theme)}>`)
      .replace('<!--portico-head-->', () => {
        const { styles, scripts } = this.assets([]);
        return [...styles, ...scripts].join('\n    ');
      })
      .replace(/<!--portico-(html|state)-->/g, '');
  }

  /** A rendered page in the template; `analytics` is the admin's snippet (public pages only). */
  page(rendered: RenderedPage, canonicalBase: string, analytics: string): string {
    const { head } = rendered;
    const { styles, scripts } = this.assets(rendered.modules ?? []);
    const canonical = `${canonicalBase}${head.canonicalPath}`;
    // A missing page has no address of its own: one copy serves every path that is not there.
    const found = rendered.status !== 404;
    const meta = [
      HOLD_SUBMITS,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
      ...(found
        ? [`<link rel="canonical" href="${escapeHtml(canonical)}" />`]
        : ['<meta name="robots" content="noindex" />']),
      `<meta property="og:type" content="${head.jsonLd ? 'article' : 'website'}" />`,
      `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
      `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
      ...(found ? [`<meta property="og:url" content="${escapeHtml(canonical)}" />`] : []),
      `<meta property="og:locale" content="${rendered.htmlLang === 'en' ? 'en_US' : 'zh_CN'}" />`,
      '<meta name="twitter:card" content="summary" />',
      `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
      ...(head.jsonLd
        ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`]
        : []),
      ...(analytics.trim() ? [analytics] : []),
      ...styles,
    ].join('\n    ');
    return lowPriorityScripts(this.template)
      .replace(
        '<html lang="en">',
        `<html lang="${escapeHtml(rendered.htmlLang)}"${themeAttribute(rendered.htmlTheme)}>`,
      )
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
      .replace('<!--portico-head-->', () => meta)
      .replace('<!--portico-html-->', () => rendered.html)
      .replace(
        '<!--portico-state-->',
        () =>
          (rendered.after ? `${rendered.after}\n    ` : '') +
          // The modules wait in a template (which the browser's preload scanner does not read)
          // until the page has painted: client/src/main.tsx moves them into the head then.
          `<template id="portico-modules">${scripts.join('')}</template>\n    ` +
          `<script type="application/json" id="portico-state">${scriptJson(rendered.state)}</script>`,
      );
  }
}
