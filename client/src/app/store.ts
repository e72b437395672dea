import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { authReducer, initialize, loggedIn, loggedOut } from '../features/auth/authSlice';
import { api } from '../lib/api';

export function makeStore() {
  // Cached answers belong to whoever was signed in: a new user must never see the last one's
  // key, history or recharge order id, so the whole cache goes when the user changes.
  const sessionChanges = createListenerMiddleware();
  sessionChanges.startListening({
    matcher: isAnyOf(loggedIn, loggedOut),
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: authReducer },
    middleware: (getDefault) =>
      getDefault().prepend(sessionChanges.middleware).concat(api.middleware),
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
