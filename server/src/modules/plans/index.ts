/** What other features may take from plans/ (the layer rules allow no deeper import). */
export { PlansModule } from './plans.module';
export { ReferralsService } from './referrals.service';
export { PlanCoverage } from './plan-coverage';
export type { Coverage } from './plan-coverage';
export { PlanRenewal } from './plan-renewal';
export { PlansService } from './plans.service';
