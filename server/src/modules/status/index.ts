/** What other features may take from status/ (the layer rules allow no deeper import). */
export { StatusModule } from './status.module';
