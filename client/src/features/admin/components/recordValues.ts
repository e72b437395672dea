const HTTP_URL = /^https?:\/\/\S+$/i;
/** An http(s) URL or a path on this site. */
const SITE_OR_HTTP_URL = /^(https?:\/\/\S+|\/(?!\/)\S*)$/i;

export const isHttpUrl = (text: string) => HTTP_URL.test(text);
export const isSiteOrHttpUrl = (text: string) => SITE_OR_HTTP_URL.test(text);

export const str = (value: string | number | undefined) => String(value ?? '').trim();

/** Sort order as a number (the form keeps text while typing). */
export const sortOrder = (value: string | number | undefined) => Number(str(value) || 0);

export const isSortOrder = (value: string | number | undefined) =>
  /^-?\d+$/.test(str(value) || '0');
