import { useGetPlanQuery, useSubscribePlanMutation } from '../features/user/api';

/**
 * The signed-in user's subscription for a feature outside the user centre (the pricing page),
 * read afresh each time the page opens; not asked for while `enabled` is false (a visitor).
 */
export const useUserPlan = (enabled: boolean) =>
  useGetPlanQuery(undefined, { skip: !enabled, refetchOnMountOrArgChange: true });

/** Subscribes the signed-in user to a plan, paid from the balance (the store's balance follows). */
export const useSubscribePlan = useSubscribePlanMutation;
