/** What other features may take from sessions/ (the layer rules allow no deeper import). */
export { BeforeAdminTwoFactor } from './admin-gate';
export { CsrfService } from './csrf';
export { AdminGuard, CurrentAdminId, CurrentUserId, RequireCsrf, UserGuard } from './guards';
export { SessionService } from './session.service';
export { SessionsModule } from './sessions.module';
export { StepUpGuard } from './step-up';
export { SESSION_COOKIES } from './session.service';
export { XSRF_COOKIE, XSRF_HEADER } from './csrf';
