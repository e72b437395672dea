/** What other features may take from alerts/ (the layer rules allow no deeper import). */
export { AlertsModule } from './alerts.module';
export { BalanceWatch } from './balance-watch';
export { IncidentAlerts } from './incident-alerts';
export { webhookAgent, webhookUrlProblem } from './webhook-target';
