/** The admin flag lives in per-tab session storage (SPEC.md §4). */
export const ADMIN_FLAG_KEY = 'adminLoggedIn';

export const isAdminLoggedIn = () => sessionStorage.getItem(ADMIN_FLAG_KEY) === 'true';

export const markAdminLoggedIn = () => sessionStorage.setItem(ADMIN_FLAG_KEY, 'true');

export const clearAdminLoggedIn = () => sessionStorage.removeItem(ADMIN_FLAG_KEY);
