import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { clearAdminLoggedIn } from '../features/admin/session';
import { api } from '../lib/api';
import { sessionExpired } from '../lib/session';
import { authReducer, initialize, loggedIn, loggedOut } from './authSlice';

export function makeStore() {
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
      else if (listenerApi.getState().auth.isLoggedIn) listenerApi.dispatch(loggedOut());
    },
  });
  // The development-only state checks time themselves and note anything past 32 ms, which a busy
  // machine exceeds on a state this small; what they check still fails loudly.
  const checks = { warnAfter: 1000 };
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: authReducer },
    middleware: (getDefault) =>
      getDefault({ immutableCheck: checks, serializableCheck: checks })
        .prepend(listeners.middleware)
        .concat(api.middleware),
  });
  // Auth initialization runs once, before the router's first navigation.
  store.dispatch(initialize());
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
