import { useGetUserInfoQuery } from '../features/user/api';

/**
 * The signed-in user's record from the server, asked when a page opens and again whenever the
 * window comes back into focus (calls made by scripts or other tabs meanwhile change the balance);
 * the auth slice keeps the balance, the key and the name from each answer.
 */
export const useFreshUser = () =>
  useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
