/** What other features may take from statements/ (the layer rules allow no deeper import). */
export { StatementsModule } from './statements.module';
