import { createSlice, isAnyOf, PayloadAction } from '@reduxjs/toolkit';
import { rechargeApi } from '../features/recharge/api';
import { hasSessionHint } from '../lib/session';
import { siteApi } from '../features/site/api';
import { userApi } from '../features/user/api';

/**
 * The signed-in user as the client keeps it (SPEC.md §3). App-wide state: the layouts, the guards
 * and several features read it, so it lives here rather than in one feature.
 */
export interface AuthUser {
  id: number | null;
  username: string | null;
  balance: string;
  api_key: string | null;
  created_at: string | null;
}

export interface AuthState {
  user: AuthUser;
  isLoggedIn: boolean;
  initialized: boolean;
  /** Site name for page titles, from the site config once loaded. */
  siteName: string | null;
}

export const EMPTY_USER: AuthUser = {
  id: null,
  username: null,
  balance: '0.00',
  api_key: null,
  created_at: null,
};

/** The six sessionStorage items the signed-in user is mirrored into (a cache: the session is the server's). */
export const SESSION_KEYS = {
  isLoggedIn: 'isLoggedIn',
  id: 'userId',
  username: 'username',
  balance: 'balance',
  apiKey: 'apiKey',
  createdAt: 'createdAt',
} as const;

const initialState: AuthState = {
  user: EMPTY_USER,
  isLoggedIn: false,
  initialized: false,
  siteName: null,
};

function writeSession(user: AuthUser): void {
  sessionStorage.setItem(SESSION_KEYS.isLoggedIn, 'true');
  sessionStorage.setItem(SESSION_KEYS.id, String(user.id ?? ''));
  sessionStorage.setItem(SESSION_KEYS.username, user.username ?? '');
  sessionStorage.setItem(SESSION_KEYS.balance, user.balance);
  sessionStorage.setItem(SESSION_KEYS.apiKey, user.api_key ?? '');
  sessionStorage.setItem(SESSION_KEYS.createdAt, user.created_at ?? '');
}

/** Newer facts about the signed-in user; answers arriving after a sign-out are ignored. */
function updateUser(state: AuthState, changes: Partial<AuthUser>): void {
  if (!state.isLoggedIn) return;
  state.user = { ...state.user, ...changes };
  writeSession(state.user);
}

/**
 * Forgets the user this tab remembers. A sign-out does it as soon as the server has ended the
 * session: the tab may load another page before the store learns of it.
 */
export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
}

/** The user sessionStorage remembers, or null when it says logged out. */
export function readSessionUser(): AuthUser | null {
  if (sessionStorage.getItem(SESSION_KEYS.isLoggedIn) !== 'true') return null;
  const id = Number.parseInt(sessionStorage.getItem(SESSION_KEYS.id) ?? '', 10);
  return {
    id: Number.isNaN(id) ? null : id,
    username: sessionStorage.getItem(SESSION_KEYS.username),
    balance: sessionStorage.getItem(SESSION_KEYS.balance) || '0.00',
    api_key: sessionStorage.getItem(SESSION_KEYS.apiKey),
    created_at: sessionStorage.getItem(SESSION_KEYS.createdAt),
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /**
     * Runs once before the first navigation: restore from sessionStorage, else (a new tab) from the
     * server's readable sign-in cookie as a user not yet known (the store then asks who), else
     * start logged out.
     */
    initialize(state) {
      const user = readSessionUser() ?? (hasSessionHint('user') ? EMPTY_USER : null);
      state.user = user ?? EMPTY_USER;
      state.isLoggedIn = user !== null;
      state.initialized = true;
    },
    loggedIn(state, action: PayloadAction<Partial<AuthUser>>) {
      state.user = { ...state.user, ...action.payload };
      state.isLoggedIn = true;
      state.initialized = true;
      writeSession(state.user);
    },
    loggedOut(state) {
      state.user = EMPTY_USER;
      state.isLoggedIn = false;
      clearSession();
    },
  },
  // The balance, the key and the site name follow the server's answers wherever they arrive.
  extraReducers: (builder) => {
    builder
      .addMatcher(siteApi.endpoints.getSiteConfig.matchFulfilled, (state, { payload }) => {
        state.siteName = payload.site_title || null;
      })
      .addMatcher(userApi.endpoints.getUserInfo.matchFulfilled, (state, { payload }) =>
        updateUser(state, payload),
      )
      .addMatcher(userApi.endpoints.changeApiKey.matchFulfilled, (state, { payload }) =>
        updateUser(state, { api_key: payload }),
      )
      .addMatcher(userApi.endpoints.subscribePlan.matchFulfilled, (state, { payload }) =>
        updateUser(state, { balance: payload.balance }),
      )
      .addMatcher(
        isAnyOf(
          rechargeApi.endpoints.verifyOrder.matchFulfilled,
          rechargeApi.endpoints.recheckOrder.matchFulfilled,
        ),
        (state, { payload }) => updateUser(state, { balance: payload.data.balance }),
      );
  },
});

export const { initialize, loggedIn, loggedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;

export const selectAuth = (state: { auth: AuthState }) => state.auth;
export const selectUser = (state: { auth: AuthState }) => state.auth.user;
export const selectIsLoggedIn = (state: { auth: AuthState }) => state.auth.isLoggedIn;
