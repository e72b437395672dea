/** Banners clear themselves after 5 s (SPEC.md §4, §9). */
export const BANNER_MS = 5000;

/** How long a form's success message stays before the form closes (SPEC.md §9). */
export const CLOSE_AFTER_SUCCESS_MS = 1500;
