import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  isAnyOf,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { clearAdminLoggedIn, hasAdminFlag } from '../features/admin/session';
import { userApi } from '../features/user/api';
import { api } from '../lib/api';
import type { ServerFetch } from '../lib/ssr';
import {
  announceSignedOut,
  forgetSessionHint,
  listenForSignOuts,
  sessionExpired,
} from '../lib/session';
import { authReducer, initialize, loggedIn, loggedOut } from './authSlice';

const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer });

interface StoreOptions {
  /** The server-rendered page's cache of answers, so hydration asks for nothing again. */
  preloadedState?: Partial<ReturnType<typeof rootReducer>>;
  /** Set when rendering on the server: calls go in-process and nobody is signed in. */
  server?: ServerFetch;
}

export function makeStore({ preloadedState, server }: StoreOptions = {}) {
  const listeners = createListenerMiddleware<{ auth: { isLoggedIn: boolean } }>();
  // Cached answers belong to whoever was signed in: a new user must never see the last one's
  // key, history or recharge order id, so the whole cache goes when the user changes.
  listeners.startListening({
    matcher: isAnyOf(loggedIn, loggedOut),
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  // The one 401 path: the user is signed out (the route guard then sends them to login), the
  // admin flag goes (the admin area, listening too, goes to the admin login).
  listeners.startListening({
    actionCreator: sessionExpired,
    effect: ({ payload: area }, listenerApi) => {
      if (area === 'admin') clearAdminLoggedIn();
      else {
        forgetSessionHint('user');
        if (listenerApi.getState().auth.isLoggedIn) listenerApi.dispatch(loggedOut());
      }
    },
  });
  // A sign-out here signs out this site's other tabs (they share the session cookie).
  listeners.startListening({
    actionCreator: loggedOut,
    effect: () => announceSignedOut('user'),
  });
  // The development-only state checks time themselves and note anything past 32 ms, which a busy
  // machine exceeds on a state this small; what they check still fails loudly.
  const checks = { warnAfter: 1000 };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        immutableCheck: checks,
        serializableCheck: checks,
        thunk: { extraArgument: server ?? {} },
      })
        .prepend(listeners.middleware)
        .concat(api.middleware),
  });
  // Auth initialization runs once, before the router's first navigation; the server renders for
  // a visitor and has no sessionStorage.
  if (!server) {
    store.dispatch(initialize());
    // Queries that ask for it refetch when the window regains focus or the network comes back.
    setupListeners(store.dispatch);
    // A new tab of a signed-in user: who it is comes from the server (a 401 signs it out).
    const { auth } = store.getState();
    if (auth.isLoggedIn && auth.user.id === null) {
      void store.dispatch(userApi.endpoints.getUserInfo.initiate(undefined, { subscribe: false }));
    }
    listenForSignOuts((area) => {
      if (area === 'admin' ? hasAdminFlag() : store.getState().auth.isLoggedIn) {
        store.dispatch(sessionExpired(area));
      }
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
