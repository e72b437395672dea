/** What other features may take from plans/ (the layer rules allow no deeper import). */
export { PlansModule } from './plans.module';
export { ReferralsService } from './referrals.service';
